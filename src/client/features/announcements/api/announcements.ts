import { getQueryFn } from '@client/lib/api';
import type { Announcement } from '@shared/schemas/announcements';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const announcementQueries = {
  /** `GET /api/announcements`: the published announcements for the home page. */
  list: () =>
    queryOptions({
      queryKey: ['/api/announcements'],
      queryFn: getQueryFn<Announcement[]>({ on401: 'throw' }),
    }),
};

export function useAnnouncements() {
  return useQuery(announcementQueries.list());
}
