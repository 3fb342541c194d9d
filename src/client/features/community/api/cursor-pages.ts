import { apiRequest } from '@client/lib/api';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** How many rows a forum or comment page asks for. */
export const COMMUNITY_PAGE_SIZE = 20;

/**
 * `GET path?limit=…&cursor=…`: one page of rows, and the next page's cursor from `x-next-cursor`
 * (null on the last page).
 */
export async function getCursorPage<T>(
  path: string,
  cursor?: string | null,
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const query = new URLSearchParams({ limit: String(COMMUNITY_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const response = await apiRequest('GET', `${path}?${query}`);
  return {
    rows: (await response.json()) as T[],
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

/** An infinite list read page by page, each page naming the cursor of the next. */
export function cursorPagesOptions<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null) => Promise<Page>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
