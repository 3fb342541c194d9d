import { apiRequest } from '@client/lib/api';
import type { Playlist, PlaylistInputSchema } from '@shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminPlaylistQueries, rememberPlaylist } from './admin-playlists';

export type PlaylistInput = z.input<typeof PlaylistInputSchema>;

/** `POST /api/admin/playlists`: 201 with the new (empty) playlist; an empty slug comes from the title. */
export async function createPlaylist(input: PlaylistInput): Promise<Playlist> {
  const response = await apiRequest('POST', '/api/admin/playlists', input);
  return (await response.json()) as Playlist;
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: (playlist) => {
      rememberPlaylist(queryClient, playlist);
      return queryClient.invalidateQueries({ queryKey: adminPlaylistQueries.list().queryKey });
    },
  });
}
