import { adminToasts } from '@client/features/admin/kit/toasts';
import type { AdminWrite } from '@client/features/admin/kit/use-admin-writes';
import { i18n } from '@client/lib/i18n';

/**
 * The playlists' toasts; saving the items is a write of its own, 'Playlist Saved'. Each sentence
 * is read when its toast shows (the getters too), so it is in the admin's language of that moment;
 * the screens that raise them have the admin catalogue loaded by then.
 */
export const playlistToasts = adminToasts<
  { title: string; items?: readonly unknown[] },
  AdminWrite | 'items'
>({
  noun: 'Playlist',
  titles: {
    get items() {
      return i18n._('admin.playlists.toast.saved');
    },
  },
  failures: {
    get items() {
      return i18n._('admin.playlists.toast.saveFailed');
    },
  },
  describe: {
    create: (playlist) => i18n._('admin.playlists.toast.created', { title: playlist.title }),
    delete: (playlist) => i18n._('admin.playlists.toast.deleted', { title: playlist.title }),
    items: (playlist) =>
      i18n._('admin.playlists.toast.itemsSaved', {
        title: playlist.title,
        count: playlist.items?.length ?? 0,
      }),
  },
});
