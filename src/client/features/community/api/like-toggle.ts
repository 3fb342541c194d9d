import { apiJson } from '@client/lib/api';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

export type LikeToggle = { liked: boolean; likeCount: number };
type Likeable = { likedByMe: boolean; likeCount: number };

/** `POST {path}/like` on a post or comment: the same call likes and unlikes. */
export function sendLikeToggle(path: '/api/posts' | '/api/comments', id: string): Promise<LikeToggle> {
  return apiJson<LikeToggle>('POST', `${path}/${encodeURIComponent(id)}/like`);
}

/** `item` with the server's `answer`, or, before there is one, with its like flipped (count never below 0). */
export function withLike<T extends Likeable>(item: T, answer?: LikeToggle): T {
  if (answer) return { ...item, likedByMe: answer.liked, likeCount: answer.likeCount };
  return {
    ...item,
    likedByMe: !item.likedByMe,
    likeCount: Math.max(0, item.likeCount + (item.likedByMe ? -1 : 1)),
  };
}

/**
 * Shows the new like at once in the cached `queryKey` (`apply` writes it there: flipped first, then
 * the server's answer settles the count); a failure puts the cache back as it was and is left to
 * the caller to explain (docs/product.md, "Errors shown").
 */
export function useLikeToggle<TData, TVariables = void>({
  queryKey,
  send,
  apply,
  onLiked,
}: {
  queryKey: QueryKey;
  send: (variables: TVariables) => Promise<LikeToggle>;
  apply: (data: TData | undefined, variables: TVariables, answer?: LikeToggle) => TData | undefined;
  onLiked?: () => unknown;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (variables: TVariables) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const previous = queryClient.getQueryData<TData>(queryKey);
      queryClient.setQueryData<TData>(queryKey, (data) => apply(data, variables));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (answer, variables) => {
      queryClient.setQueryData<TData>(queryKey, (data) => apply(data, variables, answer));
      return onLiked?.();
    },
  });
}
