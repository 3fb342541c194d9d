import { apiQuery } from '@client/lib/api';
import type { Forum } from '@shared/schemas/community';
import { useQuery } from '@tanstack/react-query';

export const forumQueries = {
  /** Every forum query (lists, one forum, its posts) starts with this key. */
  all: () => ['/api/forums'] as const,
  /** `GET /api/forums`: the forums with their counts; visitors may ask too. */
  list: () => apiQuery<Forum[]>('/api/forums'),
  /** `GET /api/forums/{slug}`: one forum, 404 when unknown. */
  detail: (slug: string) => apiQuery<Forum>('/api/forums', encodeURIComponent(slug)),
};

export function useForums() {
  return useQuery(forumQueries.list());
}

export function useForum(slug: string) {
  return useQuery(forumQueries.detail(slug));
}
