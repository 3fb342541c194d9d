import { apiQuery } from '@client/lib/api';
import type { PlaylistSummary } from '@shared/schemas/content';
import { useQuery } from '@tanstack/react-query';

export const playlistListQueries = {
  /** `GET /api/playlists`: playlists with published items, the calendar journey first. */
  list: () => apiQuery<PlaylistSummary[]>('/api/playlists'),
};

export function usePlaylists() {
  return useQuery(playlistListQueries.list());
}
