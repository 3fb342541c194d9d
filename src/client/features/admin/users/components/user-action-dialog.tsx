import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { TextField } from '@client/components/ui/field';
import { useEffect, useState } from 'react';
import { actionTexts, type UserAction } from '../user-actions';

/** Tomorrow in UTC (YYYY-MM-DD): the earliest end date the server accepts. */
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Asks before any change to a user; stays open while the request runs. Granting complimentary
 * premium also takes an optional end date (access ends at the start of that day, UTC).
 */
export function UserActionDialog({
  action,
  isPending,
  onConfirm,
  onClose,
}: {
  action: UserAction | null;
  isPending: boolean;
  onConfirm: (action: UserAction) => void;
  onClose: () => void;
}) {
  const [until, setUntil] = useState('');
  // A new dialog starts without an end date.
  useEffect(() => {
    if (action === null) setUntil('');
  }, [action]);
  const texts = action ? actionTexts(action) : null;
  const isRisky =
    action?.kind === 'revoke-admin' ||
    action?.kind === 'revoke-moderator' ||
    action?.kind === 'end-complimentary';
  return (
    <ConfirmDialog
      item={action}
      title={(chosen) => actionTexts(chosen).title}
      description={(chosen) => actionTexts(chosen).description}
      confirmLabel={texts?.confirm ?? ''}
      pendingText={texts?.pending}
      variant={isRisky ? 'destructive' : 'default'}
      isPending={isPending}
      summary={(chosen) =>
        chosen.kind === 'grant-complimentary' ? (
          <TextField
            label="Ends on (optional)"
            hint="Leave empty for no end date."
            type="date"
            min={tomorrow()}
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        ) : null
      }
      onConfirm={(chosen) =>
        onConfirm(until && chosen.kind === 'grant-complimentary' ? { ...chosen, until } : chosen)
      }
      onClose={onClose}
      titleClassName="wrap-anywhere"
      descriptionClassName=""
    />
  );
}
