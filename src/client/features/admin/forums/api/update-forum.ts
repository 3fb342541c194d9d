import { forumQueries } from '@client/features/community/api/forums';
import { apiRequest } from '@client/lib/api';
import type { Forum, ForumInput } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `PUT /api/forums/{id}` (admins): the whole forum again, answered with the saved forum. */
export async function updateForum(id: string, input: ForumInput): Promise<Forum> {
  const response = await apiRequest('PUT', `/api/forums/${encodeURIComponent(id)}`, input);
  return (await response.json()) as Forum;
}

export function useUpdateForum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ForumInput }) => updateForum(id, input),
    // Every forum query (the list, one forum, its posts) starts with '/api/forums'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumQueries.all() }),
  });
}
