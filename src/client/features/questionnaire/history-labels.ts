import { intlLocale } from '@client/lib/i18n';

/**
 * Short labels for assessments, oldest first, for the history charts' x axes and tables: the day
 * ("Nov 24" in English, with the year when the history spans more than one), and where a day holds
 * more than one assessment, its number that day ("Nov 24 (2)"), so no two assessments share a label.
 */
export function assessmentDayLabels(dates: readonly Date[], locale: string = intlLocale()): string[] {
  const years = new Set(dates.map((date) => date.getFullYear()));
  const dayFormat = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(years.size > 1 ? { year: 'numeric' } : {}),
  });
  const days = dates.map((date) => dayFormat.format(date));
  const perDay = new Map<string, number>();
  for (const day of days) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  const seen = new Map<string, number>();
  return days.map((day) => {
    if ((perDay.get(day) ?? 0) < 2) return day;
    const index = (seen.get(day) ?? 0) + 1;
    seen.set(day, index);
    return `${day} (${index})`;
  });
}
