import { apiRequest } from '@client/lib/api';
import type { Comment, Post } from '@shared/schemas/community';
import type { DeleteItemInput } from '@shared/schemas/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentQueries, updateComment } from './comments';
import { forumQueries } from './forums';
import { postQueries } from './post';

/**
 * `DELETE /api/comments/{id}`: 204; authors delete their own comments; moderators and admins
 * remove anyone's with a `reason` (audited, sent to the author).
 */
export function useDeleteComment(post: Pick<Post, 'id'>) {
  const queryClient = useQueryClient();
  const commentsKey = commentQueries.list(post.id).queryKey;
  const postKey = postQueries.detail(post.id).queryKey;
  return useMutation({
    mutationFn: (comment: Pick<Comment, 'id'> & DeleteItemInput) =>
      apiRequest(
        'DELETE',
        `/api/comments/${encodeURIComponent(comment.id)}`,
        comment.reason ? { reason: comment.reason } : undefined,
      ),
    onSuccess: (_data, comment) => {
      // Gone at once; the refetch below confirms the counts.
      queryClient.setQueryData(commentsKey, (data) => updateComment(data, comment.id, () => null));
      queryClient.setQueryData(postKey, (current) =>
        current ? { ...current, commentCount: Math.max(0, current.commentCount - 1) } : current,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: commentsKey }),
        queryClient.invalidateQueries({ queryKey: forumQueries.all() }),
      ]);
    },
  });
}
