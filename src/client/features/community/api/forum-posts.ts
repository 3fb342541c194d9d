import { cursorPagesOptions, getCursorPage } from '@client/lib/cursor-pages';
import type { Post } from '@shared/schemas/community';
import { useInfiniteQuery } from '@tanstack/react-query';

export type ForumPostsPage = { posts: Post[]; nextCursor: string | null };

/** `GET /api/forums/{slug}/posts`: pinned first, then newest, with 150-character previews. */
export async function listForumPosts(slug: string, cursor?: string | null): Promise<ForumPostsPage> {
  const page = await getCursorPage<Post>(`/api/forums/${encodeURIComponent(slug)}/posts`, cursor);
  return { posts: page.items, nextCursor: page.nextCursor };
}

export const forumPostQueries = {
  /** Under the forum's key, so refreshing a forum refreshes its posts. */
  list: (slug: string) =>
    cursorPagesOptions(['/api/forums', encodeURIComponent(slug), 'posts'], (cursor) =>
      listForumPosts(slug, cursor),
    ),
};

export function useForumPosts(slug: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useInfiniteQuery({ ...forumPostQueries.list(slug), enabled: isEnabled });
}
