import { apiJson, apiQuery } from '@client/lib/api';
import type { Playlist, PlaylistFollow } from '@shared/schemas/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const playlistQueries = {
  /** `GET /api/playlists/{slug}`: a playlist with its items in order (404 when unknown). */
  detail: (slug: string) => apiQuery<Playlist>('/api/playlists', encodeURIComponent(slug)),
};

export function usePlaylist(slug: string) {
  return useQuery(playlistQueries.detail(slug));
}

/**
 * `POST` (follow) or `DELETE` (stop following) `/api/playlists/{slug}/follow`; both idempotent.
 * Shows the new state at once; a failure puts the playlist back as it was and is left to the
 * caller to explain. The server's answer settles the follower count.
 */
export function useTogglePlaylistFollow(slug: string) {
  const queryClient = useQueryClient();
  const { queryKey } = playlistQueries.detail(slug);
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiJson<PlaylistFollow>(
        follow ? 'POST' : 'DELETE',
        `/api/playlists/${encodeURIComponent(slug)}/follow`,
      ),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) {
        queryClient.setQueryData(queryKey, {
          ...previous,
          isFollowing: follow,
          followerCount: Math.max(
            0,
            previous.followerCount + (follow === previous.isFollowing ? 0 : follow ? 1 : -1),
          ),
        });
      }
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (state) => {
      queryClient.setQueryData(queryKey, (current) => (current ? { ...current, ...state } : current));
    },
  });
}

/** `POST /api/playlists/{slug}/enrolment` (idempotent); the course is read again with its lessons open. */
export function useEnrol(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<{ enrolledAt: string }>('POST', `/api/playlists/${encodeURIComponent(slug)}/enrolment`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistQueries.detail(slug).queryKey }),
  });
}
