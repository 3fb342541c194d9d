import { contentItemQueries } from '@client/features/library/api/content-item';
import { apiRequest } from '@client/lib/api';
import type { ContentItem } from '@shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshContentQueries } from './admin-content-list';

/** `DELETE /api/videos/{id}` (admins): 204. */
export async function deleteContent(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/videos/${encodeURIComponent(id)}`);
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Pick<ContentItem, 'id'>) => deleteContent(item.id),
    onSuccess: (_data, item) => {
      // The item is gone: its page should not be shown from the cache again.
      queryClient.removeQueries({ queryKey: contentItemQueries.detail(item.id).queryKey });
      return refreshContentQueries(queryClient);
    },
  });
}
