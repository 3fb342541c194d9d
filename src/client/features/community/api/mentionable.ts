import { apiJson } from '@client/lib/api';
import type { Mentionable } from '@shared/schemas/community';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function buildMentionableUrl(forumId: string, q: string, postId?: string): string {
  const query = new URLSearchParams({ q });
  if (postId) query.set('postId', postId);
  return `/api/forums/${encodeURIComponent(forumId)}/mentionable?${query}`;
}

export const mentionableQueries = {
  /** `GET /api/forums/{id}/mentionable`: the thread's people, then the forum's recent posters. */
  list: (forumId: string, q: string, postId?: string) =>
    queryOptions({
      queryKey: ['/api/forums', encodeURIComponent(forumId), 'mentionable', q, postId ?? null],
      queryFn: () => apiJson<Mentionable[]>('GET', buildMentionableUrl(forumId, q, postId)),
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
