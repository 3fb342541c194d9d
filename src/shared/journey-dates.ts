/**
 * Where a monthly journey's days fall (docs/product.md, "Playlists and the calendar"): day k of a
 * scheduled month is the k-th day of that month, a wall date the member reads in their own zone.
 * A day past the month's end (days 29-31 in February) is simply not shown. Shared so the admin's
 * preview and the member's calendar cannot disagree.
 */

/** 'YYYY-MM' */
export type MonthKey = string;

export type JourneyScheduleRule = { startMonth: MonthKey; repeatsMonthly: boolean };

/** How many days the month has (28-31). */
export function daysInMonth(month: MonthKey): number {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

/** The date (YYYY-MM-DD) day `dayIndex` of a journey falls on in `month`; null past the month's end. */
export function journeyDate(month: MonthKey, dayIndex: number): string | null {
  if (dayIndex < 1 || dayIndex > daysInMonth(month)) return null;
  return `${month}-${String(dayIndex).padStart(2, '0')}`;
}

/** Whether a schedule runs in `month`: its own month, or any later one when it repeats. */
export function runsInMonth(schedule: JourneyScheduleRule, month: MonthKey): boolean {
  return schedule.repeatsMonthly ? month >= schedule.startMonth : month === schedule.startMonth;
}

/** The month after `month` ('2026-12' -> '2027-01'). */
export function nextMonth(month: MonthKey): MonthKey {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, monthNumber, 1));
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
}
