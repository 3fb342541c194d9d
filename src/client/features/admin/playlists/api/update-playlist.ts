import { playlistQueries } from '@client/features/playlists';
import { apiRequest } from '@client/lib/api';
import type { Playlist } from '@shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshPlaylistQueries, rememberPlaylist } from './admin-playlists';
import type { PlaylistInput } from './create-playlist';

/** `PUT /api/admin/playlists/{id}`: title, description, slug and calendar; answered with the playlist. */
export async function updatePlaylist(id: string, input: PlaylistInput): Promise<Playlist> {
  const response = await apiRequest('PUT', `/api/admin/playlists/${encodeURIComponent(id)}`, input);
  return (await response.json()) as Playlist;
}

export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PlaylistInput; previousSlug: string }) =>
      updatePlaylist(id, input),
    onSuccess: (playlist, { previousSlug }) => {
      // A new slug: the old address is gone (asking for it again would only find a 404).
      if (previousSlug !== playlist.slug) {
        queryClient.removeQueries({ queryKey: playlistQueries.detail(previousSlug).queryKey });
      }
      rememberPlaylist(queryClient, playlist);
      return refreshPlaylistQueries(queryClient);
    },
  });
}
