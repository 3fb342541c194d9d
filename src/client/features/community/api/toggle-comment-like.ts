import { apiJson } from '@client/lib/api';
import type { Comment } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentQueries, updateComment } from './comments';
import type { LikeToggle } from './toggle-post-like';

/** `POST /api/comments/{id}/like`: the same call likes and unlikes. */
export async function toggleCommentLike(id: string): Promise<LikeToggle> {
  return apiJson<LikeToggle>('POST', `/api/comments/${encodeURIComponent(id)}/like`);
}

/** Like a comment optimistically; a failure restores the comments as they were. */
export function useToggleCommentLike(postId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = commentQueries.list(postId);
  return useMutation({
    mutationFn: (comment: Pick<Comment, 'id'>) => toggleCommentLike(comment.id),
    onMutate: async (comment) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (data) =>
        updateComment(data, comment.id, (current) => ({
          ...current,
          likedByMe: !current.likedByMe,
          likeCount: Math.max(0, current.likeCount + (current.likedByMe ? -1 : 1)),
        })),
      );
      return { previous };
    },
    onError: (_error, _comment, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: ({ liked, likeCount }, comment) => {
      queryClient.setQueryData(queryKey, (data) =>
        updateComment(data, comment.id, (current) => ({ ...current, likedByMe: liked, likeCount })),
      );
    },
  });
}
