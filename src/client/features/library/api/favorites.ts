import { apiJson, apiQuery } from '@client/lib/api';
import type { ContentItem, Favorite } from '@shared/schemas/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const favoriteQueries = {
  /** `GET /api/user/favorites`: the member's favourites, newest first. */
  list: () => apiQuery<Favorite[]>('/api/user/favorites'),
};

export function useFavorites({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...favoriteQueries.list(), enabled: isEnabled });
}

/**
 * `POST /api/user/favorites/{id}`: the same call adds and removes (docs/product.md, "States and transitions").
 * Toggles a favourite and shows the result at once; a failure puts the list back as it was and is
 * left to the caller to explain (the messages are in docs/product.md, "Errors shown").
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const listKey = favoriteQueries.list().queryKey;
  return useMutation({
    mutationFn: (item: ContentItem) =>
      apiJson<{ isFavorite: boolean }>('POST', `/api/user/favorites/${encodeURIComponent(item.id)}`),
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      if (previous) {
        const isFavorite = previous.some((favorite) => favorite.videoId === item.id);
        queryClient.setQueryData(
          listKey,
          isFavorite
            ? previous.filter((favorite) => favorite.videoId !== item.id)
            : [
                {
                  id: `pending-${item.id}`,
                  videoId: item.id,
                  createdAt: new Date().toISOString(),
                  video: item,
                },
                ...previous,
              ],
        );
      }
      return { previous };
    },
    onError: (_error, _item, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
