import { apiRequest } from '@client/lib/api';
import type { Post } from '@shared/schemas/community';
import type { DeleteItemInput } from '@shared/schemas/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forumQueries } from './forums';
import { postQueries } from './post';

/**
 * `DELETE /api/posts/{id}`: 204; authors delete their own posts; moderators and admins remove
 * anyone's with a `reason` (audited, sent to the author).
 */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: Pick<Post, 'id'> & DeleteItemInput) =>
      apiRequest(
        'DELETE',
        `/api/posts/${encodeURIComponent(post.id)}`,
        post.reason ? { reason: post.reason } : undefined,
      ),
    onSuccess: (_data, post) => {
      // The post and its comments are gone; nothing should show them again.
      queryClient.removeQueries({ queryKey: postQueries.detail(post.id).queryKey });
      return queryClient.invalidateQueries({ queryKey: forumQueries.all() });
    },
  });
}
