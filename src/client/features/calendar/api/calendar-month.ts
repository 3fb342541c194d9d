import { type ContentListParams, useContentList } from '@client/features/library/api/content-list';

/** Enough for a month of daily sessions; the API's largest page. */
export const CALENDAR_MONTH_LIMIT = 100;

export function calendarMonthParams(month: string): ContentListParams {
  return { calendarMonth: month, limit: CALENDAR_MONTH_LIMIT };
}

/** `GET /api/videos?calendarMonth=YYYY-MM&limit=100`: the items scheduled on any day of a month. */
export function useCalendarMonth(month: string) {
  return useContentList(calendarMonthParams(month));
}
