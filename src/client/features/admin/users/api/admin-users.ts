import { apiRequest } from '@client/lib/api';
import { type AdminUser, TOTAL_COUNT_HEADER } from '@shared/schemas/admin';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

/** One page of the users list. */
export const ADMIN_USERS_PAGE_SIZE = 25;

export type AdminUsersPage = { users: AdminUser[]; nextCursor: string | null; total: number | null };

export function buildAdminUsersUrl(search: string, cursor?: string | null): string {
  const query = new URLSearchParams();
  const q = search.trim();
  if (q) query.set('q', q);
  query.set('limit', String(ADMIN_USERS_PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return `/api/admin/users?${query.toString()}`;
}

/** `GET /api/admin/users?q=…`: newest first, searched by e-mail; the total comes in `x-total-count`. */
export async function listAdminUsers(search: string, cursor?: string | null): Promise<AdminUsersPage> {
  const response = await apiRequest('GET', buildAdminUsersUrl(search, cursor));
  const users = (await response.json()) as AdminUser[];
  const totalHeader = response.headers.get(TOTAL_COUNT_HEADER);
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  return { users, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null, total };
}

export const adminUserQueries = {
  pages: (search: string) =>
    infiniteQueryOptions({
      queryKey: ['/api/admin/users', { q: search.trim() }],
      queryFn: ({ pageParam }) => listAdminUsers(search, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
};

export function useAdminUsers(search: string) {
  return useInfiniteQuery({ ...adminUserQueries.pages(search), placeholderData: keepPreviousData });
}
