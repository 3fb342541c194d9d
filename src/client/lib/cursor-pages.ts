import { apiRequest } from '@client/lib/api';
import { NEXT_CURSOR_HEADER } from '@shared/pagination';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** How many rows a page asks for, unless a list says otherwise. */
export const CURSOR_PAGE_SIZE = 20;

/**
 * `GET path?limit=…&cursor=…`: one page of items, and the next page's cursor from `x-next-cursor`
 * (null on the last page).
 */
export async function getCursorPage<T>(
  path: string,
  cursor?: string | null,
  pageSize = CURSOR_PAGE_SIZE,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (cursor) query.set('cursor', cursor);
  const response = await apiRequest('GET', `${path}?${query}`);
  return {
    items: (await response.json()) as T[],
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

/** An infinite list read page by page, each page naming the cursor of the next. */
export function cursorPagesOptions<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<Page>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export type CursorPage<T> = { items: T[]; nextCursor: string | null };

/**
 * The infinite list at `GET /api/…/…`, named by its path segments (`'/api/posts', id, 'comments'`),
 * which are also its query key, so refreshing a parent key refreshes it.
 */
export function cursorListOptions<T>(...segments: string[]) {
  return cursorPagesOptions<CursorPage<T>>(segments, (cursor) =>
    getCursorPage<T>(segments.join('/'), cursor),
  );
}
