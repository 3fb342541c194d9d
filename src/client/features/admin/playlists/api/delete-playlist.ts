import { playlistQueries } from '@client/features/playlists';
import { apiRequest } from '@client/lib/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPlaylistQueries, type PlaylistSummary } from './admin-playlists';

/** `DELETE /api/admin/playlists/{id}`: 204; its items go with it, the content stays. */
export async function deletePlaylist(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/playlists/${encodeURIComponent(id)}`);
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playlist: Pick<PlaylistSummary, 'id' | 'slug'>) => deletePlaylist(playlist.id),
    onSuccess: (_data, playlist) => {
      queryClient.removeQueries({ queryKey: playlistQueries.detail(playlist.slug).queryKey });
      return queryClient.invalidateQueries({ queryKey: adminPlaylistQueries.list().queryKey });
    },
  });
}
