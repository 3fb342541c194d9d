import { apiJson } from '@client/lib/api';
import type { Comment, Post } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentQueries } from './comments';
import { forumPostQueries } from './forum-posts';
import { postQueries } from './post';

/** `POST /api/posts/{id}/comments`: answers 201 with the new comment. */
export function useCreateComment(post: Pick<Post, 'id' | 'forum'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; replyToId?: string | undefined }) =>
      apiJson<Comment>('POST', `/api/posts/${encodeURIComponent(post.id)}/comments`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: postQueries.detail(post.id).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: commentQueries.list(post.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: forumPostQueries.list(post.forum.slug).queryKey }),
      ]),
  });
}
