import { adminToasts } from '@client/features/admin/kit/toasts';

/** The fallbacks when the server gives no message, in the words docs/product.md uses for the other admin writes. */
export const PLAYLIST_FAILURE_MESSAGES = {
  create: 'Failed to create playlist',
  update: 'Failed to update playlist',
  delete: 'Failed to delete playlist',
  items: 'Failed to save playlist items',
} as const;

export type PlaylistWrite = keyof typeof PLAYLIST_FAILURE_MESSAGES;

export const { confirm: confirmPlaylistWrite, explain: explainPlaylistFailure } = adminToasts<
  { title: string; items?: readonly unknown[] },
  PlaylistWrite
>({
  noun: 'Playlist',
  failures: PLAYLIST_FAILURE_MESSAGES,
  titles: { items: 'Playlist Saved' },
  describe: {
    create: (playlist) => `"${playlist.title}" is ready. Add sessions from the library.`,
    delete: (playlist) => `"${playlist.title}" has been removed.`,
    items: (playlist) => {
      const count = playlist.items?.length ?? 0;
      return `"${playlist.title}" now holds ${count === 1 ? '1 item' : `${count} items`}.`;
    },
  },
});
