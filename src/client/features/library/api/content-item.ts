import { getQueryFn } from '@client/lib/api';
import type { ContentItem } from '@shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const contentItemQueries = {
  /** `GET /api/videos/{id}`: one published item (404 when unknown or a draft). */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['/api/videos', encodeURIComponent(id)],
      queryFn: getQueryFn<ContentItem>({ on401: 'throw' }),
    }),
};

export function useContentItem(id: string) {
  return useQuery(contentItemQueries.detail(id));
}
