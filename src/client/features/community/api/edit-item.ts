import { apiJson } from '@client/lib/api';
import type { Comment, Post } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentQueries, updateComment } from './comments';
import { forumPostQueries } from './forum-posts';
import { postQueries } from './post';

/** `PUT /api/posts/{id}`: the author's edit, with the limits of a new post. */
export function useEditPost(post: Pick<Post, 'id' | 'forum'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; content: string }) =>
      apiJson<Post>('PUT', `/api/posts/${encodeURIComponent(post.id)}`, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(postQueries.detail(post.id).queryKey, updated);
      return queryClient.invalidateQueries({ queryKey: forumPostQueries.list(post.forum.slug).queryKey });
    },
  });
}

/** `PUT /api/comments/{id}`: the author's edit. */
export function useEditComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      apiJson<Comment>('PUT', `/api/comments/${encodeURIComponent(id)}`, { content }),
    onSuccess: (updated) => {
      queryClient.setQueryData(commentQueries.list(postId).queryKey, (data) =>
        updateComment(data, updated.id, (current) => ({ ...updated, likedByMe: current.likedByMe })),
      );
    },
  });
}
