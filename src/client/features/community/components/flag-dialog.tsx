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
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import {
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

/** A reason's name and what it covers, in the member's language. */
function describeReason(i18n: I18n, reason: FlagReason): { label: string; hint: string } {
  switch (reason) {
    case 'spam':
      return { label: i18n._('community.flag.reason.spam'), hint: i18n._('community.flag.hint.spam') };
    case 'unkind':
      return { label: i18n._('community.flag.reason.unkind'), hint: i18n._('community.flag.hint.unkind') };
    case 'harmful_advice':
      return {
        label: i18n._('community.flag.reason.harmfulAdvice'),
        hint: i18n._('community.flag.hint.harmfulAdvice'),
      };
    case 'at_risk':
      return { label: i18n._('community.flag.reason.atRisk'), hint: i18n._('community.flag.hint.atRisk') };
    case 'other':
      return { label: i18n._('community.flag.reason.other'), hint: i18n._('community.flag.hint.other') };
  }
}

/**
 * The server sends AT_RISK_SUPPORT (src/shared/schemas/moderation.ts) for "someone may be at risk";
 * its words are shown from the catalogue (English identical), so they reach the member in their
 * language. Of its links, only this one has words to translate; the others are names.
 */
const FIND_A_HELPLINE = 'https://findahelpline.com';

/**
 * Flag a post or comment for the moderators: a reason (a note for "something else"), sent once.
 * "Someone may be at risk" shows support resources in the dialog straight away.
 */
export function FlagDialog({ target, subject }: { target: FlagTarget; subject: string }) {
  const i18n = useNamespace('community');
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
      setError(i18n._('community.flag.chooseReason'));
      return;
    }
    if (reason === 'other' && note.trim() === '') {
      setError(i18n._('community.flag.noteNeeded'));
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
          toast({
            title: i18n._('community.flag.thanksTitle'),
            description: i18n._('community.flag.thanksText'),
          });
        },
        onError: (failure) => {
          if (getErrorStatus(failure) === 409) {
            close();
            toast({
              title: i18n._('community.flag.alreadyTitle'),
              description: i18n._('community.flag.alreadyText'),
            });
            return;
          }
          setError(describeFailure(failure, i18n._('community.flag.failure')));
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
          <ItemAction icon={Flag} compact aria-label={i18n._('community.flag.label', { subject })}>
            {i18n._('community.flag.action')}
          </ItemAction>
        </DialogTrigger>
      }
      title={
        target.kind === 'post' ? i18n._('community.flag.titlePost') : i18n._('community.flag.titleComment')
      }
      description={i18n._('community.flag.description')}
      onSubmit={onSubmit}
      onCancel={() => setIsOpen(false)}
      submitLabel={i18n._('community.flag.submit')}
      pendingText={i18n._('community.flag.sending')}
      isPending={flag.isPending}
      variant="default"
      instead={
        support && (
          <>
            <div className="grid gap-4">
              <IconCircle icon={HeartHandshake} />
              <DialogHeader>
                <DialogTitle>{i18n._('community.atRisk.title')}</DialogTitle>
                <DialogDescription className="text-foreground/90">
                  {i18n._('community.atRisk.body')}
                </DialogDescription>
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
                          {link.url === FIND_A_HELPLINE
                            ? i18n._('community.atRisk.findHelpline')
                            : link.label}
                          <ExternalLink className="size-4" aria-hidden="true" />
                          <span className="sr-only">{i18n._('community.opensInNewTab')}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                }
              />
            </div>
            <DialogFooter>
              <Button onClick={close}>{i18n._('community.close')}</Button>
            </DialogFooter>
          </>
        )
      }
    >
      <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-2 font-medium text-sm">{i18n._('community.flag.reasonLegend')}</legend>
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
              <span className="font-medium text-sm">{describeReason(i18n, value).label}</span>
              <span className="text-muted-foreground text-sm">{describeReason(i18n, value).hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>
          {reason === 'other'
            ? i18n._('community.flag.noteNeededLabel')
            : i18n._('community.flag.noteOptionalLabel')}
        </Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          rows={3}
          maxLength={MAX_FLAG_NOTE_LENGTH}
          onChange={(event) => setNote(event.target.value)}
          placeholder={i18n._('community.flag.notePlaceholder')}
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
