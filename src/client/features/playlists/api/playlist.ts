import { getQueryFn } from '@client/lib/api';
import type { Playlist } from '@shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const playlistQueries = {
  /** `GET /api/playlists/{slug}`: a playlist with its items in order (404 when unknown). */
  detail: (slug: string) =>
    queryOptions({
      queryKey: ['/api/playlists', encodeURIComponent(slug)],
      queryFn: getQueryFn<Playlist>({ on401: 'throw' }),
    }),
};

export function usePlaylist(slug: string) {
  return useQuery(playlistQueries.detail(slug));
}
