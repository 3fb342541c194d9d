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
import type { ContentItem } from '@shared/schemas/content';

/** docs/product.md section 2, /admin/content: the delete confirmation, word for word. */
export function deleteContentText(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

/** Asks before deleting; stays open while the request runs (its button shows 'Deleting...'). */
export function DeleteContentDialog({
  item,
  isPending,
  onConfirm,
  onClose,
}: {
  item: ContentItem | null;
  isPending: boolean;
  onConfirm: (item: ContentItem) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Content</AlertDialogTitle>
          <AlertDialogDescription className="wrap-anywhere">
            {item ? deleteContentText(item.title) : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            isPending={isPending}
            pendingText="Deleting..."
            onClick={() => item && onConfirm(item)}
          >
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
