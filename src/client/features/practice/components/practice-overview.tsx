import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadingPlaceholder, Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { formatDate, formatNumber } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { PracticeDay, PracticeSummary } from '@shared/schemas/practice';
import { addDays, differenceInCalendarDays, format, parseISO, startOfWeek, subDays } from 'date-fns';
import { Settings, Timer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { usePracticeDays, usePracticeSummary } from '../api/practice';
import { daysLabel, minutesLabel } from './week-strip';

// eslint-disable-next-line lingui/no-unlocalized-strings -- a date-fns pattern, not words
const DAY_FORMAT = 'yyyy-MM-dd';

/** The heatmap's first day: the Monday 52 weeks before this week's. */
export function heatmapStart(today: string): string {
  return format(subDays(startOfWeek(parseISO(today), { weekStartsOn: 1 }), 52 * 7), DAY_FORMAT);
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
  const i18n = useNamespace('practice');
  const start = heatmapStart(today);
  const byDate = new Map(days.map((day) => [day.date, day]));
  const total = differenceInCalendarDays(parseISO(today), parseISO(start)) + 1;
  const cells = Array.from({ length: total }, (_, index) =>
    format(addDays(parseISO(start), index), DAY_FORMAT),
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
              title={day ? i18n._('practice.overview.cellTitle', { date, minutes: day.minutes }) : date}
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
  const i18n = useNamespace('practice');
  const { week, month, total, streak } = summary;
  const figures = [
    [i18n._('practice.overview.week'), minutesLabel(i18n, week.minutes)],
    [i18n._('practice.overview.month'), minutesLabel(i18n, month.minutes)],
    [i18n._('practice.overview.allTime'), minutesLabel(i18n, total.minutes)],
    [i18n._('practice.overview.sessions'), formatNumber(total.sessions)],
    [i18n._('practice.overview.daysPractised'), formatNumber(total.days)],
    [i18n._('practice.overview.longestRun'), daysLabel(i18n, streak.longest)],
    ...(streak.enabled ? [[i18n._('practice.overview.currentRun'), daysLabel(i18n, streak.current)]] : []),
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
  const i18n = useNamespace('practice');
  const summary = usePracticeSummary();
  const today = summary.data?.date;
  const days = usePracticeDays(today ? heatmapStart(today) : '', today ?? '', { isEnabled: Boolean(today) });

  if (summary.isError) {
    return (
      <Card className="grid gap-3 p-6 text-center" role="alert">
        <p>{i18n._('practice.overview.loadFailed')}</p>
        <div>
          <Button variant="outline" onClick={() => summary.refetch()}>
            {i18n._('practice.overview.tryAgain')}
          </Button>
        </div>
      </Card>
    );
  }
  if (!summary.data) {
    return (
      <LoadingPlaceholder label={i18n._('practice.overview.loading')} className="grid gap-3">
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
          {i18n._('practice.overview.year')}
        </h2>
        {isEmpty ? <p className="text-muted-foreground">{i18n._('practice.overview.empty')}</p> : null}
        {days.data ? (
          <YearHeatmap today={summary.data.date} days={days.data} />
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
        <p className="text-muted-foreground text-sm">
          {i18n._('practice.overview.inAll', { count: summary.data.total.days })}
        </p>
        {days.data && days.data.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">{i18n._('practice.overview.asTable')}</summary>
            <table className="mt-3 w-full text-start">
              <caption className="sr-only">{i18n._('practice.overview.tableCaption')}</caption>
              <thead>
                <tr className="border-b">
                  {[
                    i18n._('practice.overview.tableMonth'),
                    i18n._('practice.overview.daysPractised'),
                    i18n._('practice.overview.tableMinutes'),
                  ].map((heading) => (
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
                      {formatDate(parseISO(`${month}-01`), { month: 'long', year: 'numeric' })}
                    </th>
                    <td className="py-2">{formatNumber(entry.days)}</td>
                    <td className="py-2">{formatNumber(entry.minutes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </Card>
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/timer" icon={Timer}>
          {i18n._('practice.overview.openTimer')}
        </LinkButton>
        <LinkButton href="/settings" icon={Settings} variant="outline">
          {i18n._('practice.overview.settings')}
        </LinkButton>
      </div>
    </div>
  );
}
