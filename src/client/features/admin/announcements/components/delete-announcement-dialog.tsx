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
import type { Announcement } from '@shared/schemas/announcements';

/** docs/product.md section 2, /admin/announcements: the delete confirmation, word for word. */
export function deleteAnnouncementText(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

/** Asks before deleting; stays open while the request runs (its button shows 'Deleting...'). */
export function DeleteAnnouncementDialog({
  announcement,
  isPending,
  onConfirm,
  onClose,
}: {
  announcement: Announcement | null;
  isPending: boolean;
  onConfirm: (announcement: Announcement) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog
      open={announcement !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Announcement</AlertDialogTitle>
          <AlertDialogDescription className="wrap-anywhere">
            {announcement ? deleteAnnouncementText(announcement.title) : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            isPending={isPending}
            pendingText="Deleting..."
            onClick={() => announcement && onConfirm(announcement)}
          >
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
