import { cn } from '@client/lib/cn';
import type { PracticeDay } from '@shared/schemas/practice';
import { format, parseISO } from 'date-fns';
import { Check } from 'lucide-react';

export function minutesLabel(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export const daysLabel = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** A practised day's time: a few seconds read as "under a minute", never "0 minutes". */
export function practisedLabel(minutes: number): string {
  return minutes === 0 ? 'under a minute' : minutesLabel(minutes);
}

/** Monday to Sunday, each day a dot (filled when practised); read aloud as a list of days. */
export function WeekStrip({ days, today }: { days: PracticeDay[]; today: string }) {
  return (
    <ol className="grid grid-cols-7 gap-1.5" aria-label="This week, day by day">
      {days.map((day) => {
        const date = parseISO(day.date);
        const isPractised = day.sessions > 0;
        const isToday = day.date === today;
        const spoken = `${format(date, 'EEEE d MMMM')}${isToday ? ' (today)' : ''}: ${
          isPractised
            ? `practised, ${practisedLabel(day.minutes)}`
            : day.date > today
              ? 'still to come'
              : 'no practice'
        }`;
        return (
          <li key={day.date} className="flex flex-col items-center gap-1.5">
            <span
              aria-hidden="true"
              className={cn('text-muted-foreground text-xs', isToday && 'font-semibold text-foreground')}
            >
              {format(date, 'EEEEE')}
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
