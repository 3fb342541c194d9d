import { getQueryFn } from '@client/lib/api';
import type { PlaylistSummary } from '@shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const playlistListQueries = {
  /** `GET /api/playlists`: playlists with published items, the calendar journey first. */
  list: () =>
    queryOptions({
      queryKey: ['/api/playlists'],
      queryFn: getQueryFn<PlaylistSummary[]>({ on401: 'throw' }),
    }),
};

export function usePlaylists() {
  return useQuery(playlistListQueries.list());
}
