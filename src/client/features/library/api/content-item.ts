import { apiQuery } from '@client/lib/api';
import type { ContentItem } from '@shared/schemas/content';
import { useQuery } from '@tanstack/react-query';

export const contentItemQueries = {
  /** `GET /api/videos/{id}`: one published item (404 when unknown or a draft). */
  detail: (id: string) => apiQuery<ContentItem>('/api/videos', encodeURIComponent(id)),
};

export function useContentItem(id: string) {
  return useQuery(contentItemQueries.detail(id));
}
