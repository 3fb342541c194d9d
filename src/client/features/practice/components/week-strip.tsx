import { cn } from '@client/lib/cn';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { PracticeDay } from '@shared/schemas/practice';
import { parseISO } from 'date-fns';
import { Check } from 'lucide-react';

export function minutesLabel(i18n: I18n, minutes: number): string {
  return i18n._('practice.minutes', { count: minutes });
}

export const daysLabel = (i18n: I18n, days: number) => i18n._('practice.days', { count: days });

/** A practised day's time: a few seconds read as "under a minute", never "0 minutes". */
export function practisedLabel(i18n: I18n, minutes: number): string {
  return minutes === 0 ? i18n._('practice.underAMinute') : minutesLabel(i18n, minutes);
}

/** "Monday 23 November": the names from Intl, their order from the catalogue. */
function dayName(i18n: I18n, date: Date): string {
  return i18n._('practice.week.date', {
    weekday: formatDate(date, { weekday: 'long' }),
    day: date.getDate(),
    month: formatDate(date, { month: 'long' }),
  });
}

/** Monday to Sunday, each day a dot (filled when practised); read aloud as a list of days. */
export function WeekStrip({ days, today }: { days: PracticeDay[]; today: string }) {
  const i18n = useNamespace('practice');
  return (
    <ol className="grid grid-cols-7 gap-1.5" aria-label={i18n._('practice.week.label')}>
      {days.map((day) => {
        const date = parseISO(day.date);
        const isPractised = day.sessions > 0;
        const isToday = day.date === today;
        const values = { date: dayName(i18n, date), duration: practisedLabel(i18n, day.minutes) };
        const spoken = isPractised
          ? isToday
            ? i18n._('practice.week.todayPractised', values)
            : i18n._('practice.week.practised', values)
          : day.date > today
            ? i18n._('practice.week.toCome', values)
            : isToday
              ? i18n._('practice.week.todayNone', values)
              : i18n._('practice.week.none', values);
        return (
          <li key={day.date} className="flex flex-col items-center gap-1.5">
            <span
              aria-hidden="true"
              className={cn('text-muted-foreground text-xs', isToday && 'font-semibold text-foreground')}
            >
              {formatDate(date, { weekday: 'narrow' })}
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-8 items-center justify-center rounded-full border',
                isPractised ? 'border-primary bg-primary text-primary-foreground' : 'bg-muted/60',
                isToday && !isPractised && 'border-primary border-dashed',
              )}
            >
              {isPractised ? <Check className="size-4" strokeWidth={2} /> : null}
            </span>
            <span className="sr-only">{spoken}</span>
          </li>
        );
      })}
    </ol>
  );
}
