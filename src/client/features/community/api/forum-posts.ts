import { cursorListOptions } from '@client/lib/cursor-pages';
import type { Post } from '@shared/schemas/community';
import { useInfiniteQuery } from '@tanstack/react-query';

/**
 * `GET /api/forums/{slug}/posts`: pinned first, then newest, with 150-character previews; under the
 * forum's key, so refreshing a forum refreshes its posts.
 */
export const forumPostQueries = {
  list: (slug: string) => cursorListOptions<Post>('/api/forums', encodeURIComponent(slug), 'posts'),
};

export function useForumPosts(slug: string) {
  return useInfiniteQuery(forumPostQueries.list(slug));
}
