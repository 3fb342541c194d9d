import { apiRequest } from '@client/lib/api';
import type { Announcement } from '@shared/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAnnouncementQueries } from './admin-announcements';

/** `DELETE /api/announcements/{id}` (admins): 204. */
export async function deleteAnnouncement(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/announcements/${encodeURIComponent(id)}`);
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (announcement: Pick<Announcement, 'id'>) => deleteAnnouncement(announcement.id),
    onSuccess: () => refreshAnnouncementQueries(queryClient),
  });
}
