import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';

/** The fallbacks when the server gives no message, in the words docs/product.md uses for the other admin writes. */
export const PLAYLIST_FAILURE_MESSAGES = {
  create: 'Failed to create playlist',
  update: 'Failed to update playlist',
  delete: 'Failed to delete playlist',
  items: 'Failed to save playlist items',
} as const;

export type PlaylistWrite = keyof typeof PLAYLIST_FAILURE_MESSAGES;

export function confirmPlaylistWrite(
  write: PlaylistWrite,
  playlist: { title: string; items?: readonly unknown[] },
): void {
  switch (write) {
    case 'create':
      toast({
        title: 'Playlist Created',
        description: `"${playlist.title}" is ready. Add sessions from the library.`,
      });
      return;
    case 'update':
      toast({
        title: 'Playlist Updated',
        description: `Your changes to "${playlist.title}" have been saved.`,
      });
      return;
    case 'delete':
      toast({ title: 'Playlist Deleted', description: `"${playlist.title}" has been removed.` });
      return;
    case 'items': {
      const count = playlist.items?.length ?? 0;
      toast({
        title: 'Playlist Saved',
        description: `"${playlist.title}" now holds ${count === 1 ? '1 item' : `${count} items`}.`,
      });
      return;
    }
  }
}

/** A destructive 'Error' toast with the server's message, else the sentence above. */
export function explainPlaylistFailure(write: PlaylistWrite, error: unknown): void {
  toast({
    variant: 'destructive',
    title: 'Error',
    description: getErrorMessage(error) ?? PLAYLIST_FAILURE_MESSAGES[write],
  });
}
