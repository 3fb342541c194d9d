import { adminWriteApi } from '@client/features/admin/kit/write-api';
import { apiRequest } from '@client/lib/api';
import type { Announcement, AnnouncementInput } from '@shared/schemas/announcements';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';

/** One page of the admin list. */
export const ADMIN_ANNOUNCEMENTS_PAGE_SIZE = 20;

export type AnnouncementPage = { announcements: Announcement[]; nextCursor: string | null };

export function buildAnnouncementsUrl(search: string, cursor?: string | null): string {
  const query = new URLSearchParams();
  const q = search.trim();
  if (q) query.set('q', q);
  query.set('limit', String(ADMIN_ANNOUNCEMENTS_PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return `/api/announcements?${query.toString()}`;
}

/** `GET /api/announcements?q=…`: for an admin, drafts too; pinned first, then newest. */
export async function listAnnouncements(search: string, cursor?: string | null): Promise<AnnouncementPage> {
  const response = await apiRequest('GET', buildAnnouncementsUrl(search, cursor));
  const announcements = (await response.json()) as Announcement[];
  return { announcements, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

export const adminAnnouncementQueries = {
  pages: (search: string) =>
    infiniteQueryOptions({
      // Under '/api/announcements' so one invalidation refreshes this list and the home page's.
      queryKey: ['/api/announcements', 'admin', { q: search.trim() }],
      queryFn: ({ pageParam }) => listAnnouncements(search, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
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
