import { apiRequest } from '@client/lib/api';
import type { Playlist } from '@shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberPlaylist } from './admin-playlists';

export type PlaylistItemInput = {
  videoId: string;
  orderIndex: number;
  dayIndex: number | null;
  unlockAfterDays: number | null;
  unlockOn: string | null;
};

/** `PUT /api/admin/playlists/{id}/items`: replaces the whole ordered list; answered with the playlist. */
export async function setPlaylistItems(id: string, items: PlaylistItemInput[]): Promise<Playlist> {
  const response = await apiRequest('PUT', `/api/admin/playlists/${encodeURIComponent(id)}/items`, { items });
  return (await response.json()) as Playlist;
}

export function useSetPlaylistItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, items }: { id: string; items: PlaylistItemInput[] }) => setPlaylistItems(id, items),
    onSuccess: (playlist) => rememberPlaylist(queryClient, playlist),
  });
}
