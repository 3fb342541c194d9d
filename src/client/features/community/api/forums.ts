import { getQueryFn } from '@client/lib/api';
import type { Forum } from '@shared/schemas/community';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const forumQueries = {
  /** Every forum query (lists, one forum, its posts) starts with this key. */
  all: () => ['/api/forums'] as const,
  /** `GET /api/forums`: the forums with their counts; visitors may ask too. */
  list: () => queryOptions({ queryKey: ['/api/forums'], queryFn: getQueryFn<Forum[]>({ on401: 'throw' }) }),
  /** `GET /api/forums/{slug}`: one forum, 404 when unknown. */
  detail: (slug: string) =>
    queryOptions({
      queryKey: ['/api/forums', encodeURIComponent(slug)],
      queryFn: getQueryFn<Forum>({ on401: 'throw' }),
    }),
};

export function useForums() {
  return useQuery(forumQueries.list());
}

export function useForum(slug: string) {
  return useQuery(forumQueries.detail(slug));
}
