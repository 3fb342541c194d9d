import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadingPlaceholder, Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import type { PracticeDay, PracticeSummary } from '@shared/schemas/practice';
import { addDays, differenceInCalendarDays, format, parseISO, startOfWeek, subDays } from 'date-fns';
import { Settings, Timer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { usePracticeDays, usePracticeSummary } from '../api/practice';
import { daysLabel, minutesLabel } from './week-strip';

/** The heatmap's first day: the Monday 52 weeks before this week's. */
export function heatmapStart(today: string): string {
  return format(subDays(startOfWeek(parseISO(today), { weekStartsOn: 1 }), 52 * 7), 'yyyy-MM-dd');
}

/** Four shades by minutes: none, a little, a sit, a long sit. */
function level(minutes: number, sessions: number): 0 | 1 | 2 | 3 {
  if (sessions === 0) return 0;
  if (minutes < 10) return 1;
  if (minutes < 30) return 2;
  return 3;
}
const LEVEL_CLASS = ['bg-muted', 'bg-primary/35', 'bg-primary/65', 'bg-primary'] as const;

/** Practised days by month, for the table alternative. */
export function monthsOf(days: PracticeDay[]) {
  const months = new Map<string, { days: number; minutes: number }>();
  for (const day of days) {
    const key = day.date.slice(0, 7);
    const entry = months.get(key) ?? { days: 0, minutes: 0 };
    months.set(key, { days: entry.days + 1, minutes: entry.minutes + day.minutes });
  }
  return [...months.entries()].sort(([a], [b]) => b.localeCompare(a));
}

function YearHeatmap({ today, days }: { today: string; days: PracticeDay[] }) {
  const start = heatmapStart(today);
  const byDate = new Map(days.map((day) => [day.date, day]));
  const total = differenceInCalendarDays(parseISO(today), parseISO(start)) + 1;
  const cells = Array.from({ length: total }, (_, index) =>
    format(addDays(parseISO(start), index), 'yyyy-MM-dd'),
  );
  const scrollerRef = useRef<HTMLDivElement>(null);
  // On a narrow screen the year scrolls sideways: open it at the most recent weeks.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollLeft = scroller.scrollWidth;
  }, []);
  return (
    <div ref={scrollerRef} className="overflow-x-auto pb-2">
      {/* The picture; the table below says the same in words. */}
      <div
        aria-hidden="true"
        className="grid w-max grid-flow-col grid-rows-7 gap-[3px]"
        data-testid="heatmap"
      >
        {cells.map((date) => {
          const day = byDate.get(date);
          return (
            <span
              key={date}
              title={day ? `${date}: ${minutesLabel(day.minutes)}` : date}
              className={cn(
                'size-3 rounded-[3px]',
                LEVEL_CLASS[level(day?.minutes ?? 0, day?.sessions ?? 0)],
              )}
              data-practised={day ? 'true' : undefined}
            />
          );
        })}
      </div>
    </div>
  );
}

function Figures({ summary }: { summary: PracticeSummary }) {
  const { week, month, total, streak } = summary;
  const figures = [
    ['This week', minutesLabel(week.minutes)],
    ['This month', minutesLabel(month.minutes)],
    ['All time', minutesLabel(total.minutes)],
    ['Sessions', String(total.sessions)],
    ['Days practised', String(total.days)],
    ['Longest run of days', daysLabel(streak.longest)],
    ...(streak.enabled ? [['Current run', daysLabel(streak.current)]] : []),
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label} className="grid gap-1 rounded-xl border bg-card p-4">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="font-display text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The Practice screen: the member's figures and a year of days, with a table alternative. */
export function PracticeOverview() {
  const summary = usePracticeSummary();
  const today = summary.data?.date;
  const days = usePracticeDays(today ? heatmapStart(today) : '', today ?? '', { isEnabled: Boolean(today) });

  if (summary.isError) {
    return (
      <Card className="grid gap-3 p-6 text-center" role="alert">
        <p>Your practice could not be loaded just now.</p>
        <div>
          <Button variant="outline" onClick={() => summary.refetch()}>
            Try again
          </Button>
        </div>
      </Card>
    );
  }
  if (!summary.data) {
    return (
      <LoadingPlaceholder label="Loading your practice" className="grid gap-3">
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </LoadingPlaceholder>
    );
  }
  const isEmpty = summary.data.total.sessions === 0;
  return (
    <div className="grid gap-6">
      <Figures summary={summary.data} />
      <Card className="grid gap-4 p-5 sm:p-6" role="region" aria-labelledby="year-title">
        <h2 id="year-title" className="font-display text-2xl">
          Your year
        </h2>
        {isEmpty ? (
          <p className="text-muted-foreground">
            Days you practise will gather here, one square each. There is no hurry.
          </p>
        ) : null}
        {days.data ? (
          <YearHeatmap today={summary.data.date} days={days.data} />
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
        <p className="text-muted-foreground text-sm">
          {daysLabel(summary.data.total.days)} practised in all. Darker squares are longer days.
        </p>
        {days.data && days.data.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Days practised, as a table</summary>
            <table className="mt-3 w-full text-left">
              <caption className="sr-only">Days practised and minutes, by month, over the last year</caption>
              <thead>
                <tr className="border-b">
                  {['Month', 'Days practised', 'Minutes'].map((heading) => (
                    <th key={heading} scope="col" className="py-2 font-medium">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthsOf(days.data).map(([month, entry]) => (
                  <tr key={month} className="border-b last:border-0">
                    <th scope="row" className="py-2 font-normal">
                      {format(parseISO(`${month}-01`), 'MMMM yyyy')}
                    </th>
                    <td className="py-2">{entry.days}</td>
                    <td className="py-2">{entry.minutes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </Card>
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/timer" icon={Timer}>
          Open the timer
        </LinkButton>
        <LinkButton href="/settings" icon={Settings} variant="outline">
          Practice settings
        </LinkButton>
      </div>
    </div>
  );
}
