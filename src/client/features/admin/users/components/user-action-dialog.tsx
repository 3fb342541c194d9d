import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { TextField } from '@client/components/ui/field';
import { useNamespace } from '@client/lib/i18n';
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
  const i18n = useNamespace('admin');
  const [until, setUntil] = useState('');
  // A new dialog starts without an end date.
  useEffect(() => {
    if (action === null) setUntil('');
  }, [action]);
  const texts = action ? actionTexts(i18n, action) : null;
  const isRisky =
    action?.kind === 'revoke-admin' ||
    action?.kind === 'revoke-moderator' ||
    action?.kind === 'end-complimentary';
  return (
    <ConfirmDialog
      item={action}
      title={(chosen) => actionTexts(i18n, chosen).title}
      description={(chosen) => actionTexts(i18n, chosen).description}
      confirmLabel={texts?.confirm ?? ''}
      pendingText={texts?.pending}
      variant={isRisky ? 'destructive' : 'default'}
      isPending={isPending}
      summary={(chosen) =>
        chosen.kind === 'grant-complimentary' ? (
          <TextField
            label={i18n._('admin.users.complimentaryEnds')}
            hint={i18n._('admin.users.complimentaryEndsHint')}
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
