import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { type ReactElement, useState } from 'react';

/** docs/product.md section 5's confirmation for deleting a post or a comment. */
export function deleteConfirmationText(subject: 'post' | 'comment'): string {
  return `Are you sure you want to delete this ${subject}? This action cannot be undone.`;
}

/**
 * Asks before deleting. The dialog stays open while the request runs (its button shows the
 * pending state) and closes when it settles; the caller explains a failure.
 */
export function ConfirmDeleteDialog({
  subject,
  trigger,
  onConfirm,
  isPending,
}: {
  subject: 'post' | 'comment';
  trigger: ReactElement;
  onConfirm: (close: () => void) => void;
  isPending: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !isPending && setIsOpen(open)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this {subject}?</AlertDialogTitle>
          <AlertDialogDescription>{deleteConfirmationText(subject)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            isPending={isPending}
            pendingText="Deleting…"
            onClick={() => onConfirm(() => setIsOpen(false))}
          >
            Delete {subject}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
