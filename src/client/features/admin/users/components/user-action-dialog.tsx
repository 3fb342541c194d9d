import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { actionTexts, type UserAction } from '../user-actions';

/** Asks before any change to a user; stays open while the request runs. */
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
      onConfirm={onConfirm}
      onClose={onClose}
      titleClassName="wrap-anywhere"
      descriptionClassName=""
    />
  );
}
