import { apiJson } from '@client/lib/api';
import type { Post } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forumPostQueries } from './forum-posts';
import { postQueries } from './post';

export type LikeToggle = { liked: boolean; likeCount: number };

/** `POST /api/posts/{id}/like`: the same call likes and unlikes. */
export async function togglePostLike(id: string): Promise<LikeToggle> {
  return apiJson<LikeToggle>('POST', `/api/posts/${encodeURIComponent(id)}/like`);
}

/**
 * Shows the new like at once; a failure puts the post back as it was and is left to the caller to
 * explain (docs/product.md section 8). The server's answer settles the count.
 */
export function useTogglePostLike(post: Pick<Post, 'id' | 'forum'>) {
  const queryClient = useQueryClient();
  const { queryKey } = postQueries.detail(post.id);
  return useMutation({
    mutationFn: () => togglePostLike(post.id),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) {
        queryClient.setQueryData(queryKey, {
          ...previous,
          likedByMe: !previous.likedByMe,
          likeCount: Math.max(0, previous.likeCount + (previous.likedByMe ? -1 : 1)),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: ({ liked, likeCount }) => {
      queryClient.setQueryData(queryKey, (current) =>
        current ? { ...current, likedByMe: liked, likeCount } : current,
      );
      return queryClient.invalidateQueries({ queryKey: forumPostQueries.list(post.forum.slug).queryKey });
    },
  });
}
