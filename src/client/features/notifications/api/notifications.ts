import { apiJson, apiRequest } from '@client/lib/api';
import { cursorPagesOptions } from '@client/lib/cursor-pages';
import { NEXT_CURSOR_HEADER } from '@shared/pagination';
import type { MarkNotificationsRead, NotificationsPage } from '@shared/schemas/notifications';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** How often the bell asks for the unread count while the app is open (and on focus). */
const UNREAD_POLL_MS = 60_000;

type Page = NotificationsPage & { nextCursor: string | null };

/** One page; the next page's cursor comes in `x-next-cursor`, as for every paged list. */
async function fetchPage(query: string): Promise<Page> {
  const response = await apiRequest('GET', `/api/notifications${query}`);
  const page = (await response.json()) as NotificationsPage;
  return { ...page, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

export const notificationQueries = {
  all: () => ['/api/notifications'] as const,
  /** The bell: one row is enough, it reads only `unreadCount`. */
  unreadCount: () =>
    queryOptions({
      queryKey: ['/api/notifications', 'unread'],
      queryFn: async () => (await fetchPage('?limit=1')).unreadCount,
      refetchInterval: UNREAD_POLL_MS,
    }),
  /** The notifications screen, newest first, a page at a time. */
  list: () =>
    cursorPagesOptions(['/api/notifications', 'list'], (cursor) =>
      fetchPage(cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''),
    ),
};

export function useUnreadNotificationCount() {
  return useQuery(notificationQueries.unreadCount());
}

export function useNotifications() {
  return useInfiniteQuery(notificationQueries.list());
}

/** `POST /api/notifications/read`: some ids, or `{ all: true }`; the bell and the list refresh. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsRead) =>
      apiJson<{ unreadCount: number }>('POST', '/api/notifications/read', input),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(notificationQueries.unreadCount().queryKey, unreadCount);
      return queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    },
  });
}
