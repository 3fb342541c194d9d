import { DialogTrigger } from '@client/components/ui/dialog';
import { DialogForm } from '@client/components/ui/dialog-form';
import { Field } from '@client/components/ui/field';
import { Textarea } from '@client/components/ui/textarea';
import { useNamespace } from '@client/lib/i18n';
import { MAX_MODERATION_REASON_LENGTH } from '@shared/schemas/moderation';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ItemAction } from './item-action';

/**
 * A moderator's Remove of someone else's post or comment, in place of the author's Delete: like
 * the moderation queue's Remove, it asks for a reason, which the server writes to the audit log and
 * e-mails to the author. `onConfirm` gets the reason and a `close` to call when the request settles.
 */
export function RemoveItemDialog({
  subject,
  label,
  compact = false,
  isPending,
  onConfirm,
}: {
  subject: 'post' | 'comment';
  label: string;
  compact?: boolean;
  isPending: boolean;
  onConfirm: (reason: string, close: () => void) => void;
}) {
  const i18n = useNamespace('community');
  const isPost = subject === 'post';
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setIsOpen(false);
    setReason('');
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(i18n._('community.remove.reasonNeeded'));
      return;
    }
    onConfirm(reason.trim(), close);
  };

  return (
    <DialogForm
      open={isOpen}
      onOpenChange={(open) => {
        if (isPending) return;
        if (open) setIsOpen(true);
        else close();
      }}
      trigger={
        <DialogTrigger asChild>
          <ItemAction icon={Trash2} compact={compact} className="hover:text-destructive" aria-label={label}>
            {i18n._('community.remove.action')}
          </ItemAction>
        </DialogTrigger>
      }
      title={isPost ? i18n._('community.remove.titlePost') : i18n._('community.remove.titleComment')}
      description={i18n._('community.remove.description')}
      onSubmit={onSubmit}
      onCancel={close}
      submitLabel={isPost ? i18n._('community.remove.post') : i18n._('community.remove.comment')}
      pendingText={i18n._('community.remove.pending')}
      isPending={isPending}
    >
      <Field label={i18n._('community.remove.reasonLabel')}>
        <Textarea
          value={reason}
          rows={3}
          maxLength={MAX_MODERATION_REASON_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </DialogForm>
  );
}
