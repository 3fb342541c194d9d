import { getSearchedPage } from '@client/features/admin/kit/searched-pages';
import { cursorPagesOptions } from '@client/lib/cursor-pages';
import { type AdminUser, TOTAL_COUNT_HEADER } from '@shared/schemas/admin';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

/** One page of the users list. */
export const ADMIN_USERS_PAGE_SIZE = 25;

/** The total number of members the search matches, from `x-total-count` (null when it is missing). */
function totalOf(headers: Headers): { total: number | null } {
  const header = headers.get(TOTAL_COUNT_HEADER);
  return { total: header !== null && /^\d+$/.test(header) ? Number(header) : null };
}

/** `GET /api/admin/users?q=…`: newest first, searched by e-mail, with the total. */
export const adminUserQueries = {
  pages: (search: string) =>
    cursorPagesOptions(['/api/admin/users', { q: search.trim() }], (cursor) =>
      getSearchedPage<AdminUser, { total: number | null }>(
        '/api/admin/users',
        { search, pageSize: ADMIN_USERS_PAGE_SIZE, cursor },
        totalOf,
      ),
    ),
};

export function useAdminUsers(search: string) {
  return useInfiniteQuery({ ...adminUserQueries.pages(search), placeholderData: keepPreviousData });
}
