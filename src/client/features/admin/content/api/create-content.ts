import { apiRequest } from '@client/lib/api';
import type { ContentInput, ContentItem } from '@shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshContentQueries } from './admin-content-list';

/** `POST /api/videos` (admins): 201 with the new item. */
export async function createContent(input: ContentInput): Promise<ContentItem> {
  const response = await apiRequest('POST', '/api/videos', input);
  return (await response.json()) as ContentItem;
}

export function useCreateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContent,
    onSuccess: () => refreshContentQueries(queryClient),
  });
}
