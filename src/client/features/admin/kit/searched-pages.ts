import { apiRequest } from '@client/lib/api';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content';

/**
 * `GET path?q=…&limit=…&cursor=…`: one page of an admin list searched on the server (no `q` for an
 * empty search, no cursor for the first page): its items, the next page's cursor from
 * `x-next-cursor` (null on the last page), and what `more` reads from the other headers.
 */
export async function getSearchedPage<T, More extends object = object>(
  path: string,
  { search, pageSize, cursor }: { search: string; pageSize: number; cursor: string | null },
  more?: (headers: Headers) => More,
): Promise<{ items: T[]; nextCursor: string | null } & More> {
  const query = new URLSearchParams();
  const q = search.trim();
  if (q) query.set('q', q);
  query.set('limit', String(pageSize));
  if (cursor) query.set('cursor', cursor);
  const response = await apiRequest('GET', `${path}?${query}`);
  return {
    items: (await response.json()) as T[],
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null,
    ...(more?.(response.headers) as More),
  };
}
