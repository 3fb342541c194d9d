import { useContentList } from '@client/features/library';

/**
 * `GET /api/videos?calendarMonth=YYYY-MM&limit=100`: the items scheduled on any day of a month (100,
 * the API's largest page, is enough for a month of daily sessions).
 */
export function useCalendarMonth(month: string) {
  return useContentList({ calendarMonth: month, limit: 100 });
}
