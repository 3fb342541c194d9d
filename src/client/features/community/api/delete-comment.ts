import { apiRequest } from '@client/lib/api';
import type { Comment, Post } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentQueries, updateComment } from './comments';
import { forumQueries } from './forums';
import { postQueries } from './post';

/** `DELETE /api/comments/{id}`: 204; authors delete their own comments, admins any. */
export function useDeleteComment(post: Pick<Post, 'id'>) {
  const queryClient = useQueryClient();
  const commentsKey = commentQueries.list(post.id).queryKey;
  const postKey = postQueries.detail(post.id).queryKey;
  return useMutation({
    mutationFn: (comment: Pick<Comment, 'id'>) =>
      apiRequest('DELETE', `/api/comments/${encodeURIComponent(comment.id)}`),
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
