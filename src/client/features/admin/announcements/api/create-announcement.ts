import { apiRequest } from '@client/lib/api';
import type { Announcement, AnnouncementInput } from '@shared/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAnnouncementQueries } from './admin-announcements';

/** `POST /api/announcements` (admins): 201 with the new announcement. */
export async function createAnnouncement(input: AnnouncementInput): Promise<Announcement> {
  const response = await apiRequest('POST', '/api/announcements', input);
  return (await response.json()) as Announcement;
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => refreshAnnouncementQueries(queryClient),
  });
}
