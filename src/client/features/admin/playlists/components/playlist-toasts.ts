import { adminToasts } from '@client/features/admin/kit/toasts';
import type { AdminWrite } from '@client/features/admin/kit/use-admin-writes';

/** The playlists' toasts; saving the items is a write of its own, 'Playlist Saved'. */
export const playlistToasts = adminToasts<
  { title: string; items?: readonly unknown[] },
  AdminWrite | 'items'
>({
  noun: 'Playlist',
  titles: { items: 'Playlist Saved' },
  failures: { items: 'Failed to save playlist items' },
  describe: {
    create: (playlist) => `"${playlist.title}" is ready. Add sessions from the library.`,
    delete: (playlist) => `"${playlist.title}" has been removed.`,
    items: (playlist) => {
      const count = playlist.items?.length ?? 0;
      return `"${playlist.title}" now holds ${count === 1 ? '1 item' : `${count} items`}.`;
    },
  },
});
