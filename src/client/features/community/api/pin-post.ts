import { apiJson } from '@client/lib/api';
import type { Post } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forumPostQueries } from './forum-posts';
import { postQueries } from './post';

/** `PUT /api/posts/{id}/pin` (admins): pinned posts lead their forum. */
export async function setPostPinned(id: string, isPinned: boolean): Promise<Post> {
  return apiJson<Post>('PUT', `/api/posts/${encodeURIComponent(id)}/pin`, { isPinned });
}

export function useSetPostPinned(post: Pick<Post, 'id' | 'forum'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPinned: boolean) => setPostPinned(post.id, isPinned),
    onSuccess: (updated) => {
      queryClient.setQueryData(postQueries.detail(post.id).queryKey, (current) =>
        current ? { ...current, isPinned: updated.isPinned } : current,
      );
      return queryClient.invalidateQueries({ queryKey: forumPostQueries.list(post.forum.slug).queryKey });
    },
  });
}
