import { playlistQueries } from '@client/features/playlists';
import { apiQuery } from '@client/lib/api';
import type { Playlist, PlaylistSummary } from '@shared/schemas/content';
import { type QueryClient, useQuery } from '@tanstack/react-query';

export type { PlaylistSummary };

export const adminPlaylistQueries = {
  /** `GET /api/admin/playlists` (admins): every playlist, newest first, without items. */
  list: () => apiQuery<PlaylistSummary[]>('/api/admin/playlists'),
};

export function useAdminPlaylists() {
  return useQuery(adminPlaylistQueries.list());
}

/**
 * One playlist with its items: `GET /api/playlists/{slug}`, which gives an admin every item,
 * drafts included (the editor reads it).
 */
export function usePlaylistDetail(slug: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...playlistQueries.detail(slug), enabled: isEnabled });
}

/** After a write: the admin list and every public playlist page. */
export function refreshPlaylistQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPlaylistQueries.list().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/playlists'] }),
  ]);
}

/** Puts a playlist the API answered with into the cache its page reads. */
export function rememberPlaylist(queryClient: QueryClient, playlist: Playlist): void {
  queryClient.setQueryData(playlistQueries.detail(playlist.slug).queryKey, playlist);
}
