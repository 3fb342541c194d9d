import { apiQuery } from '@client/lib/api';
import { isValidTimeZone } from '@shared/practice-values';
import type { ContentAnalytics, ContentAnalyticsWindow } from '@shared/schemas/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** The admin's own zone, so weeks and sign-up months are theirs; UTC when the browser names none the app knows. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

export const contentAnalyticsQueries = {
  /** `GET /api/admin/analytics/content`: plays, minutes, retention and questionnaire counts (admins only). */
  content: (days: ContentAnalyticsWindow, timeZone: string) =>
    apiQuery<ContentAnalytics>(
      `/api/admin/analytics/content?days=${days}&timeZone=${encodeURIComponent(timeZone)}`,
    ),
};

/** The figures for `days`; the previous window's stay on screen while another loads. */
export function useContentAnalytics(days: ContentAnalyticsWindow) {
  return useQuery({
    ...contentAnalyticsQueries.content(days, browserTimeZone()),
    placeholderData: keepPreviousData,
  });
}
