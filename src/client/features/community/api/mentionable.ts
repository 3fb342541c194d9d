import { apiJson } from '@client/lib/api';
import type { Mentionable } from '@shared/schemas/community';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export const mentionableQueries = {
  /** `GET /api/forums/{id}/mentionable`: the thread's people, then the forum's recent posters. */
  list: (forumId: string, q: string, postId?: string) =>
    queryOptions({
      queryKey: ['/api/forums', encodeURIComponent(forumId), 'mentionable', q, postId ?? null],
      queryFn: () => {
        const query = new URLSearchParams({ q, ...(postId ? { postId } : {}) });
        return apiJson<Mentionable[]>(
          'GET',
          `/api/forums/${encodeURIComponent(forumId)}/mentionable?${query}`,
        );
      },
      staleTime: 30_000,
    }),
};

export function useMentionable(forumId: string, q: string, options: { postId?: string; isEnabled: boolean }) {
  return useQuery({
    ...mentionableQueries.list(forumId, q, options.postId),
    enabled: options.isEnabled,
    placeholderData: keepPreviousData,
  });
}
