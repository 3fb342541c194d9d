import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
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
    <AlertDialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">{texts?.title ?? ''}</AlertDialogTitle>
          <AlertDialogDescription>{texts?.description ?? ''}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button
            variant={isRisky ? 'destructive' : 'default'}
            isPending={isPending}
            pendingText={texts?.pending}
            onClick={() => action && onConfirm(action)}
          >
            {texts?.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
