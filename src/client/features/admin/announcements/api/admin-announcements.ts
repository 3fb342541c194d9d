import { getSearchedPage } from '@client/features/admin/kit/searched-pages';
import { adminWriteApi } from '@client/features/admin/kit/write-api';
import { cursorPagesOptions } from '@client/lib/cursor-pages';
import type { Announcement, AnnouncementInput } from '@shared/schemas/announcements';
import { keepPreviousData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';

/** One page of the admin list. */
export const ADMIN_ANNOUNCEMENTS_PAGE_SIZE = 20;

export const adminAnnouncementQueries = {
  // Under '/api/announcements' so one invalidation refreshes this list and the home page's.
  pages: (search: string) =>
    cursorPagesOptions(['/api/announcements', 'admin', { q: search.trim() }], (cursor) =>
      getSearchedPage<Announcement>('/api/announcements', {
        search,
        pageSize: ADMIN_ANNOUNCEMENTS_PAGE_SIZE,
        cursor,
      }),
    ),
};

/** The admin list, searched on the server; while a new search loads, the last results stay. */
export function useAdminAnnouncements(search: string) {
  return useInfiniteQuery({ ...adminAnnouncementQueries.pages(search), placeholderData: keepPreviousData });
}

/** After a write: every announcement list (admin and home) and the dashboard's counts. */
export function refreshAnnouncementQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/announcements'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/stats'] }),
  ]);
}

/** `POST /api/announcements`, `PUT` and `DELETE /api/announcements/{id}` (admins). */
export const announcementWrites = adminWriteApi<Announcement, AnnouncementInput>({
  base: '/api/announcements',
  refresh: refreshAnnouncementQueries,
});
