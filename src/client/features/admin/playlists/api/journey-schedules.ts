import { apiJson, apiQuery, apiRequest } from '@client/lib/api';
import type { JourneySchedule, JourneyScheduleInput } from '@shared/schemas/journeys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const schedulesPath = (playlistId: string) =>
  `/api/admin/playlists/${encodeURIComponent(playlistId)}/schedules`;

export const journeyScheduleQueries = {
  /** `GET /api/admin/playlists/{id}/schedules` (admins): the months a journey runs. */
  list: (playlistId: string) => apiQuery<JourneySchedule[]>(schedulesPath(playlistId)),
};

export function useJourneySchedules(playlistId: string) {
  return useQuery(journeyScheduleQueries.list(playlistId));
}

/** After a change: the schedule list, and every member calendar month (its journey days moved). */
function useRefreshSchedules(playlistId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: journeyScheduleQueries.list(playlistId).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['/api/journeys/month'] }),
    ]);
}

/** `POST /api/admin/playlists/{id}/schedules`: one month, or every month from it (409 when already so). */
export function useAddJourneySchedule(playlistId: string) {
  const refresh = useRefreshSchedules(playlistId);
  return useMutation({
    mutationFn: (input: JourneyScheduleInput) =>
      apiJson<JourneySchedule>('POST', schedulesPath(playlistId), input),
    onSuccess: refresh,
  });
}

/** `DELETE /api/admin/playlists/{id}/schedules/{scheduleId}`: 204. */
export function useDeleteJourneySchedule(playlistId: string) {
  const refresh = useRefreshSchedules(playlistId);
  return useMutation({
    mutationFn: async (scheduleId: string) => {
      await apiRequest('DELETE', `${schedulesPath(playlistId)}/${encodeURIComponent(scheduleId)}`);
    },
    onSuccess: refresh,
  });
}
