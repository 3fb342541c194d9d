import { practiceQueries } from '@client/features/practice';
import { apiQuery, apiRequest } from '@client/lib/api';
import type { PracticeSettings, PracticeSettingsInput } from '@shared/schemas/practice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The member's settings: practice days (time zone, day end, streaks), reminders, notification
 * e-mails, the weekly digest and the theme. The server keeps them in one row per member
 * (`practice_settings`, owned by the server's `features/settings` and served at
 * `/api/practice/settings`); on the client this feature is their one owner, and other features
 * read them through `useMemberSettings`.
 */
export const settingsQueries = {
  /** `GET /api/practice/settings`. */
  settings: () => apiQuery<PracticeSettings>('/api/practice/settings'),
};

export function useMemberSettings() {
  return useQuery(settingsQueries.settings());
}

/** `PUT /api/practice/settings`: only the fields given change. */
export function useUpdateMemberSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PracticeSettingsInput) =>
      (await (await apiRequest('PUT', '/api/practice/settings', input)).json()) as PracticeSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueries.settings().queryKey, settings);
      // A new zone or day boundary moves days: every practice figure is read again.
      return queryClient.invalidateQueries({ queryKey: practiceQueries.all() });
    },
  });
}
