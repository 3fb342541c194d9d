import { apiQuery } from '@client/lib/api';
import type { Announcement } from '@shared/schemas/announcements';
import { useQuery } from '@tanstack/react-query';

export const announcementQueries = {
  /** `GET /api/announcements`: the published announcements for the home page. */
  list: () => apiQuery<Announcement[]>('/api/announcements'),
};

export function useAnnouncements() {
  return useQuery(announcementQueries.list());
}
