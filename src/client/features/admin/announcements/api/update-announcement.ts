import { apiRequest } from '@client/lib/api';
import type { Announcement, AnnouncementInput } from '@shared/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAnnouncementQueries } from './admin-announcements';

/** `PUT /api/announcements/{id}` (admins): the whole announcement again, answered with the saved one. */
export async function updateAnnouncement(id: string, input: AnnouncementInput): Promise<Announcement> {
  const response = await apiRequest('PUT', `/api/announcements/${encodeURIComponent(id)}`, input);
  return (await response.json()) as Announcement;
}

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AnnouncementInput }) => updateAnnouncement(id, input),
    onSuccess: () => refreshAnnouncementQueries(queryClient),
  });
}
