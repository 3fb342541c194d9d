import { IconCircle } from '@client/components/content/icon-circle';
import { Button } from '@client/components/ui/button';
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { DialogForm } from '@client/components/ui/dialog-form';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { SupportHelplines } from '@client/features/help';
import { getErrorStatus } from '@client/lib/api';
import {
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  type FlagReason,
  type FlagResult,
  MAX_FLAG_NOTE_LENGTH,
} from '@shared/schemas/moderation';
import { ExternalLink, Flag, HeartHandshake } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { describeFailure } from '../api/community-errors';
import { type FlagTarget, useFlagItem } from '../api/flag-item';
import { ItemAction } from './item-action';

const REASON_HINTS: Record<FlagReason, string> = {
  spam: 'Advertising, or the same thing posted again and again.',
  unkind: 'Harassing, mocking or hurtful towards someone.',
  harmful_advice: 'Health advice that could hurt someone who follows it.',
  at_risk: 'Someone may be in danger or thinking of harming themselves.',
  other: 'Something else the moderators should look at.',
};

/**
 * Flag a post or comment for the moderators: a reason (a note for "something else"), sent once.
 * "Someone may be at risk" shows support resources in the dialog straight away.
 */
export function FlagDialog({ target, subject }: { target: FlagTarget; subject: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [support, setSupport] = useState<FlagResult['supportResources']>(null);
  const flag = useFlagItem(target);
  const id = useId();

  const reset = () => {
    setReason(null);
    setNote('');
    setError(null);
    setSupport(null);
  };

  const close = () => {
    setIsOpen(false);
    reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason.');
      return;
    }
    if (reason === 'other' && note.trim() === '') {
      setError('Please say a few words about what is wrong.');
      return;
    }
    setError(null);
    flag.mutate(
      { reason, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (result) => {
          if (result.supportResources) {
            setSupport(result.supportResources);
            return;
          }
          close();
          toast({ title: 'Thank you for telling us', description: 'A moderator will take a look soon.' });
        },
        onError: (failure) => {
          if (getErrorStatus(failure) === 409) {
            close();
            toast({ title: 'Already flagged', description: 'You have flagged this before. Thank you.' });
            return;
          }
          setError(describeFailure(failure, 'The flag could not be sent. Please try again.'));
        },
      },
    );
  };

  return (
    <DialogForm
      open={isOpen}
      onOpenChange={(open) => {
        if (flag.isPending) return;
        setIsOpen(open);
        if (!open) reset();
      }}
      trigger={
        <DialogTrigger asChild>
          <ItemAction icon={Flag} compact aria-label={`Flag ${subject}`}>
            Flag
          </ItemAction>
        </DialogTrigger>
      }
      title={`Flag this ${target.kind}`}
      description="Tell the moderators what is wrong. Only they see flags, and the author is not told who sent one."
      onSubmit={onSubmit}
      onCancel={() => setIsOpen(false)}
      submitLabel="Send flag"
      pendingText="Sending…"
      isPending={flag.isPending}
      variant="default"
      instead={
        support && (
          <>
            <div className="grid gap-4">
              <IconCircle icon={HeartHandshake} />
              <DialogHeader>
                <DialogTitle>{support.title}</DialogTitle>
                <DialogDescription className="text-foreground/90">{support.body}</DialogDescription>
              </DialogHeader>
              {/* The admin's helplines (features/help); the generic links when none are set. */}
              <SupportHelplines
                fallback={
                  <ul className="grid gap-2">
                    {support.links.map((link) => (
                      <li key={link.url}>
                        <a
                          href={link.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex items-center gap-1.5 text-primary underline underline-offset-4"
                        >
                          {link.label}
                          <ExternalLink className="size-4" aria-hidden="true" />
                          <span className="sr-only">(opens in a new tab)</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                }
              />
            </div>
            <DialogFooter>
              <Button onClick={close}>Close</Button>
            </DialogFooter>
          </>
        )
      }
    >
      <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-2 font-medium text-sm">Reason</legend>
        {FLAG_REASONS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:checked]:border-primary has-[:checked]:bg-sage-soft"
          >
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="mt-1 size-4 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="font-medium text-sm">{FLAG_REASON_LABELS[value]}</span>
              <span className="text-muted-foreground text-sm">{REASON_HINTS[value]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>Note {reason === 'other' ? '(needed)' : '(optional)'}</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          rows={3}
          maxLength={MAX_FLAG_NOTE_LENGTH}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Anything that helps the moderators understand"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </DialogForm>
  );
}
