import { apiJson } from '@client/lib/api';
import type { CreatePostInput, Post } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forumQueries } from './forums';
import { postQueries } from './post';

/** `POST /api/forums/{slug}/posts`: answers 201 with the new post. */
export function useCreatePost(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostInput) =>
      apiJson<Post>('POST', `/api/forums/${encodeURIComponent(slug)}/posts`, input),
    onSuccess: (post) => {
      queryClient.setQueryData(postQueries.detail(post.id).queryKey, post);
      // The forum's post count and list both changed.
      return queryClient.invalidateQueries({ queryKey: forumQueries.all() });
    },
  });
}
