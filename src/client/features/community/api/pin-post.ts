import { apiJson } from '@client/lib/api';
import type { Post } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forumPostQueries } from './forum-posts';
import { postQueries } from './post';

/** `PUT /api/posts/{id}/pin` (admins): pinned posts lead their forum. */
export function useSetPostPinned(post: Pick<Post, 'id' | 'forum'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPinned: boolean) =>
      apiJson<Post>('PUT', `/api/posts/${encodeURIComponent(post.id)}/pin`, { isPinned }),
    onSuccess: (updated) => {
      queryClient.setQueryData(postQueries.detail(post.id).queryKey, (current) =>
        current ? { ...current, isPinned: updated.isPinned } : current,
      );
      return queryClient.invalidateQueries({ queryKey: forumPostQueries.list(post.forum.slug).queryKey });
    },
  });
}
