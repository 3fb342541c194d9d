import { apiRequest } from '@client/lib/api';
import type { ContentInput, ContentItem } from '@shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshContentQueries } from './admin-content-list';

/** `PUT /api/videos/{id}` (admins): the whole item again, answered with the saved item. */
export async function updateContent(id: string, input: ContentInput): Promise<ContentItem> {
  const response = await apiRequest('PUT', `/api/videos/${encodeURIComponent(id)}`, input);
  return (await response.json()) as ContentItem;
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ContentInput }) => updateContent(id, input),
    onSuccess: () => refreshContentQueries(queryClient),
  });
}
