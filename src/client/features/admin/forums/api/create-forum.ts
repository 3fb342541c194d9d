import { forumQueries } from '@client/features/community/api/forums';
import { apiRequest } from '@client/lib/api';
import type { Forum, ForumInput } from '@shared/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `POST /api/forums` (admins): 201 with the new forum; an empty slug is made from the title. */
export async function createForum(input: ForumInput): Promise<Forum> {
  const response = await apiRequest('POST', '/api/forums', input);
  return (await response.json()) as Forum;
}

export function useCreateForum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createForum,
    // The admin list and /community read the same list; the mutation waits for the refresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumQueries.all() }),
  });
}
