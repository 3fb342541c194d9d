import { apiRequest } from '@client/lib/api';
import type { Post } from '@shared/schemas/community';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

export const FORUM_POSTS_PAGE_SIZE = 20;

export type ForumPostsPage = { posts: Post[]; nextCursor: string | null };

export function buildForumPostsUrl(slug: string, cursor?: string | null): string {
  const query = new URLSearchParams({ limit: String(FORUM_POSTS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return `/api/forums/${encodeURIComponent(slug)}/posts?${query}`;
}

/** `GET /api/forums/{slug}/posts`: pinned first, then newest, with 150-character previews. */
export async function listForumPosts(slug: string, cursor?: string | null): Promise<ForumPostsPage> {
  const response = await apiRequest('GET', buildForumPostsUrl(slug, cursor));
  const posts = (await response.json()) as Post[];
  return { posts, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

export const forumPostQueries = {
  /** Under the forum's key, so refreshing a forum refreshes its posts. */
  list: (slug: string) =>
    infiniteQueryOptions({
      queryKey: ['/api/forums', encodeURIComponent(slug), 'posts'],
      queryFn: ({ pageParam }) => listForumPosts(slug, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
};

export function useForumPosts(slug: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useInfiniteQuery({ ...forumPostQueries.list(slug), enabled: isEnabled });
}
