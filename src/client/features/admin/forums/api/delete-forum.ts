import { forumQueries } from '@client/features/community/api/forums';
import { apiRequest } from '@client/lib/api';
import type { Forum } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `DELETE /api/forums/{id}` (admins): 204; its posts, comments and likes go with it. */
export async function deleteForum(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/forums/${encodeURIComponent(id)}`);
}

export function useDeleteForum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (forum: Pick<Forum, 'id' | 'slug'>) => deleteForum(forum.id),
    onSuccess: (_data, forum) => {
      // The forum and its posts are gone: none of their pages should come back from the cache.
      queryClient.removeQueries({ queryKey: forumQueries.detail(forum.slug).queryKey });
      return queryClient.invalidateQueries({ queryKey: forumQueries.all() });
    },
  });
}
