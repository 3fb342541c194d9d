import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { formatPercent as formatShare } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import {
  CONTENT_ANALYTICS_WINDOWS,
  type ContentAnalytics,
  type ContentAnalyticsWindow,
} from '@shared/schemas/admin';
import { useState } from 'react';
import { useContentAnalytics } from '../api/content-analytics';
import { formatCount, formatMinutes, formatPercent, monthName, weekName } from '../format';
import { Figure } from './business-section';

// English, for the tests that read them (the section shows admin.analytics.content.noPlays and .loadError).
// eslint-disable-next-line lingui/no-unlocalized-strings
export const NO_PLAYS_TITLE = 'No plays yet';
// eslint-disable-next-line lingui/no-unlocalized-strings
export const CONTENT_LOAD_ERROR = 'The content figures could not be loaded.';
const NO_VALUE = '–';

const rate = (value: number | null) => (value === null ? NO_VALUE : formatPercent(value));

type Bar = { key: string; label: string; value: number | null; text: string };

/**
 * A plain bar chart for the eye; the numbers are in the table beside it (`<details>`), which is
 * what a screen reader is pointed to. Bars are drawn in a stretched box, so the chart fills the
 * card at any width; labels stay in HTML, where they keep their size. In a right-to-left language
 * the bars run from the right, like the labels under them.
 */
function BarChart({ label, bars }: { label: string; bars: Bar[] }) {
  const i18n = useNamespace('admin');
  const largest = Math.max(1, ...bars.map((bar) => bar.value ?? 0));
  const height = 50;
  return (
    <figure className="grid gap-1">
      <svg
        viewBox={`0 0 ${bars.length * 10} ${height}`}
        preserveAspectRatio="none"
        className="h-28 w-full rtl:-scale-x-100"
        role="img"
        aria-label={i18n._('admin.analytics.content.chartLabel', { label })}
      >
        <line
          x1="0"
          x2={bars.length * 10}
          y1={height - 0.25}
          y2={height - 0.25}
          className="stroke-border"
          strokeWidth="0.5"
        />
        {bars.map((bar, index) => {
          const barHeight = bar.value ? Math.max(1, (bar.value / largest) * (height - 2)) : 0;
          return barHeight === 0 ? null : (
            <rect
              key={bar.key}
              x={index * 10 + 1.5}
              width="7"
              y={height - barHeight}
              height={barHeight}
              rx="1"
              className="fill-primary/70"
            >
              <title>
                {i18n._('admin.analytics.content.barTitle', { label: bar.label, value: bar.text })}
              </title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="flex justify-between gap-2 text-muted-foreground text-xs">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </figcaption>
    </figure>
  );
}

/** The figures as a table, folded under the chart ("Show … as a table"). */
function TableAlternative({
  name,
  showLabel,
  headers,
  rows,
}: {
  name: string;
  /** "Show … as a table", one message per chart (a title cannot be lowered into a sentence in every language). */
  showLabel: string;
  headers: string[];
  rows: Array<{ key: string; cells: string[] }>;
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded-md text-muted-foreground hover:text-foreground">
        {showLabel}
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full">
          <caption className="sr-only">{name}</caption>
          <thead>
            <tr className="border-b text-start text-muted-foreground">
              {headers.map((header, index) => (
                <th
                  key={header}
                  scope="col"
                  className={cn('px-2 py-1.5 font-medium', index > 0 && 'text-end')}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b last:border-0">
                <th scope="row" className="px-2 py-1.5 text-start font-normal">
                  {row.cells[0]}
                </th>
                {row.cells.slice(1).map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells have no identity but their column
                  <td key={index} className="px-2 py-1.5 text-end tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function ChartCard({
  title,
  showLabel,
  note,
  empty,
  bars,
  headers,
  rows,
}: {
  title: string;
  showLabel: string;
  note: string;
  /** Said instead of a chart with no bar at all. */
  empty: string;
  bars: Bar[];
  headers: string[];
  rows: Array<{ key: string; cells: string[] }>;
}) {
  const hasBars = bars.some((bar) => (bar.value ?? 0) > 0);
  return (
    <Card className="grid content-start gap-3 p-4 sm:p-5">
      <div>
        <h3 className="font-medium">{title}</h3>
        <p className="text-muted-foreground text-sm">{note}</p>
      </div>
      {hasBars ? (
        <BarChart label={title} bars={bars} />
      ) : (
        <p className="text-muted-foreground text-sm">{empty}</p>
      )}
      <TableAlternative name={title} showLabel={showLabel} headers={headers} rows={rows} />
    </Card>
  );
}

/** Fits a phone without scrolling sideways: narrow padding there, and long titles wrap. */
function TopItems({ data }: { data: ContentAnalytics }) {
  const i18n = useNamespace('admin');
  return (
    <Card className="p-0">
      <table className="w-full text-sm">
        <caption className="px-4 pt-4 text-start font-medium">
          {i18n._('admin.analytics.content.mostPlayed', { days: data.days })}
        </caption>
        <thead>
          <tr className="border-b text-start text-muted-foreground">
            <th scope="col" className="px-2 py-2 sm:px-4 font-medium">
              {i18n._('admin.analytics.content.item')}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-4 text-end font-medium">
              {i18n._('admin.analytics.content.plays')}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-4 text-end font-medium">
              {i18n._('admin.analytics.content.minutes')}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-4 text-end font-medium">
              {i18n._('admin.analytics.content.completed')}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-4 text-end font-medium">
              {i18n._('admin.analytics.content.members')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.topItems.map((item) => (
            <tr key={item.id} className="border-b last:border-0">
              <th scope="row" className="px-2 py-2 text-start font-normal wrap-anywhere sm:px-4">
                {item.title}
              </th>
              <td className="px-2 py-2 sm:px-4 text-end tabular-nums">{formatCount(item.plays)}</td>
              <td className="px-2 py-2 sm:px-4 text-end tabular-nums">
                {formatMinutes(item.minutesListened)}
              </td>
              <td className="px-2 py-2 sm:px-4 text-end tabular-nums">{rate(item.completionRate)}</td>
              <td className="px-2 py-2 sm:px-4 text-end tabular-nums">{formatCount(item.listeners)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function ContentFigures({ data }: { data: ContentAnalytics }) {
  const i18n = useNamespace('admin');
  const { totals, questionnaire } = data;
  const lastDays = i18n._('admin.analytics.content.lastDays', { days: data.days });
  const weekOf = i18n._('admin.analytics.content.weekOf');
  const members = i18n._('admin.analytics.content.members');
  return (
    <div className="grid gap-4">
      {totals.plays === 0 ? (
        <Card className="grid gap-1 p-4 sm:p-5">
          <h3 className="font-medium">{i18n._('admin.analytics.content.noPlays')}</h3>
          <p className="text-muted-foreground text-sm">{i18n._('admin.analytics.content.noPlaysText')}</p>
        </Card>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <Figure
              label={i18n._('admin.analytics.content.plays')}
              value={formatCount(totals.plays)}
              note={lastDays}
            />
            <Figure
              label={i18n._('admin.analytics.content.minutesListened')}
              value={formatMinutes(totals.minutesListened)}
              note={lastDays}
            />
            <Figure
              label={i18n._('admin.analytics.content.completionRate')}
              value={rate(totals.completionRate)}
              note={i18n._('admin.analytics.content.completionNote', { share: formatShare(0.9) })}
            />
            <Figure
              label={i18n._('admin.analytics.content.listening')}
              value={formatCount(totals.listeners)}
              note={i18n._('admin.analytics.content.listeningNote')}
            />
          </div>
          <TopItems data={data} />
        </>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={i18n._('admin.analytics.content.weekly')}
          showLabel={i18n._('admin.analytics.content.weeklyTable')}
          note={i18n._('admin.analytics.content.weeklyNote')}
          empty={i18n._('admin.analytics.content.weeklyEmpty')}
          bars={data.weeklyActiveMembers.map((week) => ({
            key: week.week,
            label: weekName(week.week),
            value: week.members,
            text: formatCount(week.members),
          }))}
          headers={[weekOf, members]}
          rows={data.weeklyActiveMembers.map((week) => ({
            key: week.week,
            cells: [weekName(week.week), formatCount(week.members)],
          }))}
        />
        <ChartCard
          title={i18n._('admin.analytics.content.retention')}
          showLabel={i18n._('admin.analytics.content.retentionTable')}
          note={i18n._('admin.analytics.content.retentionNote')}
          empty={i18n._('admin.analytics.content.retentionEmpty')}
          bars={data.retention.map((cohort) => ({
            key: cohort.month,
            label: monthName(cohort.month),
            value: cohort.rate,
            text: rate(cohort.rate),
          }))}
          headers={[
            i18n._('admin.analytics.content.signedUp'),
            members,
            i18n._('admin.analytics.content.measured'),
            i18n._('admin.analytics.content.retained'),
            i18n._('admin.analytics.content.rate'),
          ]}
          rows={data.retention.map((cohort) => ({
            key: cohort.month,
            cells: [
              monthName(cohort.month),
              formatCount(cohort.members),
              formatCount(cohort.measured),
              formatCount(cohort.retained),
              rate(cohort.rate),
            ],
          }))}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
        <div className="grid grid-cols-2 content-start gap-3 sm:gap-4 lg:grid-cols-1">
          <Figure
            label={i18n._('admin.analytics.content.questionnaires')}
            value={formatCount(questionnaire.submissions)}
            note={lastDays}
          />
          <Figure
            label={i18n._('admin.analytics.content.answered')}
            value={formatCount(questionnaire.members)}
            note={i18n._('admin.analytics.content.answeredNote')}
          />
        </div>
        <ChartCard
          title={i18n._('admin.analytics.content.byWeek')}
          showLabel={i18n._('admin.analytics.content.byWeekTable')}
          note={i18n._('admin.analytics.content.byWeekNote')}
          empty={i18n._('admin.analytics.content.byWeekEmpty')}
          bars={questionnaire.weeks.map((week) => ({
            key: week.week,
            label: weekName(week.week),
            value: week.submissions,
            text: formatCount(week.submissions),
          }))}
          headers={[weekOf, i18n._('admin.analytics.content.completed'), members]}
          rows={questionnaire.weeks.map((week) => ({
            key: week.week,
            cells: [weekName(week.week), formatCount(week.submissions), formatCount(week.members)],
          }))}
        />
      </div>
    </div>
  );
}

function WindowSwitcher({
  days,
  onChange,
}: {
  days: ContentAnalyticsWindow;
  onChange: (days: ContentAnalyticsWindow) => void;
}) {
  const i18n = useNamespace('admin');
  return (
    <fieldset className="flex gap-1 rounded-full border bg-card p-1">
      <legend className="sr-only">{i18n._('admin.analytics.content.window')}</legend>
      {CONTENT_ANALYTICS_WINDOWS.map((window) => (
        <Button
          key={window}
          type="button"
          size="sm"
          variant={window === days ? 'default' : 'ghost'}
          aria-pressed={window === days}
          onClick={() => onChange(window)}
        >
          {i18n._('admin.analytics.content.days', { days: window })}
        </Button>
      ))}
    </fieldset>
  );
}

/**
 * What members do, for the teacher (docs/product.md, "Admin", /admin/analytics, "Content"): its
 * own request, so the rest of the screen shows while these figures load or fail, and switching
 * the window reloads only them.
 */
export function ContentSection() {
  const i18n = useNamespace('admin');
  const [days, setDays] = useState<ContentAnalyticsWindow>(30);
  const query = useContentAnalytics(days);
  return (
    <section aria-labelledby="analytics-members" className="grid gap-4" aria-busy={query.isFetching}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="analytics-members" className="font-display font-medium text-2xl tracking-tight">
            {i18n._('admin.analytics.content.title')}
          </h2>
          <p className="text-muted-foreground">{i18n._('admin.analytics.content.lede')}</p>
          {query.data && (
            <p className="text-muted-foreground text-sm">
              {i18n._('admin.analytics.content.asOf', {
                time: i18n.date(new Date(query.data.computedAt), { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </p>
          )}
        </div>
        <WindowSwitcher days={days} onChange={setDays} />
      </div>
      {query.isError ? (
        <Card className="grid justify-items-start gap-3 p-4 sm:p-5">
          <p role="alert">{i18n._('admin.analytics.content.loadError')}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => query.refetch()}>
            {i18n._('admin.analytics.content.tryAgain')}
          </Button>
        </Card>
      ) : query.data ? (
        <ContentFigures data={query.data} />
      ) : (
        <div role="status" aria-label={i18n._('admin.analytics.content.loading')} className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {['plays', 'minutes', 'completion', 'members'].map((key) => (
              <Skeleton key={key} className="h-28" data-testid="content-skeleton" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      )}
    </section>
  );
}
