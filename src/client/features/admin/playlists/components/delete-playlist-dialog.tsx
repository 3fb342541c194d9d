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
import type { PlaylistSummary } from '../api/admin-playlists';

export function deletePlaylistText(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone. The sessions in it stay in the library.`;
}

export function DeletePlaylistDialog({
  playlist,
  isPending,
  onConfirm,
  onClose,
}: {
  playlist: PlaylistSummary | null;
  isPending: boolean;
  onConfirm: (playlist: PlaylistSummary) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog
      open={playlist !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Playlist</AlertDialogTitle>
          <AlertDialogDescription className="wrap-anywhere">
            {playlist ? deletePlaylistText(playlist.title) : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            isPending={isPending}
            pendingText="Deleting..."
            onClick={() => playlist && onConfirm(playlist)}
          >
            Delete Playlist
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
