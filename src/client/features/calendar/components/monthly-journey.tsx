import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { SkeletonLines } from '@client/components/ui/skeleton';
import { formatEventTime, useEventsBetween } from '@client/features/events';
import { CardSkeletons, ContentList, EmptyNote } from '@client/features/library';
import { usePracticeDays } from '@client/features/practice';
import { cn } from '@client/lib/cn';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { ContentItem } from '@shared/schemas/content';
import type { EventOccurrence } from '@shared/schemas/events';
import type { JourneyDay } from '@shared/schemas/journeys';
import { localDateKey } from '@shared/zoned-time';
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { Check, ChevronLeft, ChevronRight, type LucideIcon, Radio } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useCalendarMonth } from '../api/calendar-month';
import { useJourneyMonth } from '../api/journey-month';

// eslint-disable-next-line lingui/no-unlocalized-strings -- date-fns patterns for keys, not words
const DATE_KEY = 'yyyy-MM-dd';
// eslint-disable-next-line lingui/no-unlocalized-strings -- date-fns patterns for keys, not words
const MONTH_KEY = 'yyyy-MM';
/** A week from Sunday (1 January 2023 was one), named in the member's language by Intl. */
const WEEK = Array.from({ length: 7 }, (_, index) => new Date(2023, 0, 1 + index));
/** Days a key moves the focus; Home and End step past the month's edge, to stop on its first or last day. */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -7,
  ArrowDown: 7,
  Home: -31,
  End: 31,
};

/** Items by day (`YYYY-MM-DD`) for the days of one month. */
export function groupByDate(items: ContentItem[], monthKey: string): Map<string, ContentItem[]> {
  const byDate = new Map<string, ContentItem[]>();
  for (const item of items) {
    for (const date of item.calendarDates) {
      if (!date.startsWith(`${monthKey}-`)) continue;
      const list = byDate.get(date) ?? [];
      if (!list.some((existing) => existing.id === item.id)) list.push(item);
      byDate.set(date, list);
    }
  }
  return byDate;
}

/**
 * The items by day with the scheduled journeys' days added (the server placed each on the member's
 * own date); an item typed on a date and also on that journey day shows once.
 */
export function addJourneyDays(
  byDate: Map<string, ContentItem[]>,
  days: readonly JourneyDay[],
): Map<string, ContentItem[]> {
  const merged = new Map(byDate);
  for (const day of days) {
    const list = merged.get(day.date) ?? [];
    if (!list.some((existing) => existing.id === day.item.id)) merged.set(day.date, [...list, day.item]);
  }
  return merged;
}

/** "Day 3 of Thirty days of calm": each journey's day number on a date, once per journey. */
function journeyDayLabels(days: readonly JourneyDay[], dateKey: string, i18n: I18n): string[] {
  const labels = days
    .filter((day) => day.date === dateKey)
    .map((day) => i18n._('calendar.journeyDay', { day: day.dayIndex, title: day.journey.title }));
  return [...new Set(labels)];
}

/**
 * Event occurrences by the member's local day (`YYYY-MM-DD` in `timeZone`, the browser's own by
 * default) for the days of one month: a Sunday 19:00 London sit is on Sunday in London and Los
 * Angeles, and on Monday in Auckland.
 */
export function groupEventsByLocalDate(
  occurrences: readonly EventOccurrence[],
  monthKey: string,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): Map<string, EventOccurrence[]> {
  const byDate = new Map<string, EventOccurrence[]>();
  for (const occurrence of occurrences) {
    const date = localDateKey(new Date(occurrence.startsAt), timeZone);
    if (!date.startsWith(`${monthKey}-`)) continue;
    byDate.set(date, [...(byDate.get(date) ?? []), occurrence]);
  }
  return byDate;
}

/** Today when it has items, else the month's first day with items, else nothing. */
export function defaultSelection(byDate: Map<string, unknown[]>, today: Date): string | null {
  const todayKey = format(today, DATE_KEY);
  if (byDate.has(todayKey)) return todayKey;
  const [first] = [...byDate.keys()].sort();
  return first ?? null;
}

/** Sunday-first weeks (en-US), `null` for the days outside the month. */
function monthWeeks(month: Date): (Date | null)[][] {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month)),
    end: endOfWeek(endOfMonth(month)),
  });
  const weeks: (Date | null)[][] = [];
  for (let index = 0; index < days.length; index += 7) {
    weeks.push(days.slice(index, index + 7).map((day) => (isSameMonth(day, month) ? day : null)));
  }
  return weeks;
}

type MonthGridProps = {
  month: Date;
  /** Items and event occurrences of each day: the grid shows how many. */
  byDate: Map<string, unknown[]>;
  selected: string | null;
  todayKey: string;
  onSelect: (dateKey: string) => void;
  labelledBy: string;
  /** Days the member practised (YYYY-MM-DD): marked done. */
  practisedDays: ReadonlySet<string>;
};

/**
 * The month as a table of day buttons. Tab reaches one day; the arrow keys move between days
 * (a week up or down), Home and End go to the first and last day, Enter or Space selects.
 */
function MonthGrid({
  month,
  byDate,
  selected,
  todayKey,
  onSelect,
  labelledBy,
  practisedDays,
}: MonthGridProps) {
  const i18n = useNamespace('calendar');
  const tableRef = useRef<HTMLTableElement>(null);
  const monthKey = format(month, MONTH_KEY);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const firstKey = format(startOfMonth(month), DATE_KEY);
  const lastKey = format(endOfMonth(month), DATE_KEY);
  const inMonth = (key: string | null): key is string => Boolean(key?.startsWith(`${monthKey}-`));
  const tabStop = [focusKey, selected, todayKey].find(inMonth) ?? firstKey;

  const moveFocus = (key: string) => {
    setFocusKey(key);
    tableRef.current?.querySelector<HTMLButtonElement>(`[data-date="${key}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const step = KEY_STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = format(addDays(day, step), DATE_KEY);
    moveFocus(next < firstKey ? firstKey : next > lastKey ? lastKey : next);
  };

  return (
    <table ref={tableRef} aria-labelledby={labelledBy} className="w-full table-fixed border-collapse">
      <thead>
        <tr>
          {WEEK.map((weekday) => (
            <th
              key={weekday.getDay()}
              scope="col"
              abbr={formatDate(weekday, { weekday: 'long' })}
              className="pb-2 font-medium text-muted-foreground text-xs uppercase tracking-wide"
            >
              {formatDate(weekday, { weekday: 'short' })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean)?.toISOString()}>
            {week.map((day, index) => {
              if (!day) {
                // biome-ignore lint/suspicious/noArrayIndexKey: empty cells of one week keep their place
                return <td key={index} aria-hidden="true" />;
              }
              const key = format(day, DATE_KEY);
              const count = byDate.get(key)?.length ?? 0;
              const isSelected = key === selected;
              const isToday = key === todayKey;
              const isPractised = practisedDays.has(key);
              const label = i18n._('calendar.day.label', {
                date: formatDate(day, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
                count,
                practised: isPractised ? 'yes' : 'no',
              });
              return (
                <td key={key} className="p-0.5 text-center sm:p-1">
                  <button
                    type="button"
                    data-date={key}
                    tabIndex={key === tabStop ? 0 : -1}
                    aria-label={label}
                    aria-pressed={isSelected}
                    aria-current={isToday ? 'date' : undefined}
                    onClick={() => {
                      setFocusKey(key);
                      onSelect(key);
                    }}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    className={cn(
                      'relative mx-auto grid aspect-square w-full max-w-12 place-items-center rounded-full text-sm tabular-nums transition-colors duration-150',
                      isSelected
                        ? 'bg-primary font-semibold text-primary-foreground'
                        : count
                          ? 'font-medium text-foreground hover:bg-sage-soft'
                          : 'text-muted-foreground hover:bg-accent',
                      isToday && !isSelected && 'ring-2 ring-primary/70 ring-inset',
                    )}
                  >
                    {formatDate(day, { day: 'numeric' })}
                    {isPractised && (
                      <Check
                        aria-hidden="true"
                        data-testid="practised-mark"
                        strokeWidth={2.5}
                        className={cn(
                          'absolute end-[6%] top-[6%] size-3.5 rounded-full p-0.5',
                          isSelected
                            ? 'bg-primary-foreground text-primary'
                            : 'bg-primary text-primary-foreground',
                        )}
                      />
                    )}
                    {count > 0 && (
                      <span
                        aria-hidden="true"
                        className={cn(
                          '-translate-x-1/2 absolute bottom-[14%] left-1/2 size-1.5 rounded-full',
                          isSelected ? 'bg-primary-foreground' : 'bg-clay',
                        )}
                      />
                    )}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayEvents({ events }: { events: EventOccurrence[] }) {
  const i18n = useNamespace('calendar');
  return (
    <ul className="grid gap-2" aria-label={i18n._('calendar.day.events')}>
      {events.map((occurrence) => (
        <li key={`${occurrence.eventId}-${occurrence.startsAt}`}>
          <Link
            href={`/video/${occurrence.eventId}`}
            className="flex items-center gap-3 rounded-xl border bg-card p-3 hover:bg-sage-soft"
          >
            <Radio className="size-4 shrink-0 text-primary" strokeWidth={1.5} aria-hidden="true" />
            <span className="grid">
              <span className="font-medium">{occurrence.title}</span>
              <time dateTime={occurrence.startsAt} className="text-muted-foreground text-sm">
                {formatEventTime(occurrence.startsAt)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function DayItems({
  dateKey,
  items,
  events,
  journeyLabels,
}: {
  dateKey: string;
  items: ContentItem[];
  events: EventOccurrence[];
  /** "Day 3 of …" for each journey scheduled on this day. */
  journeyLabels: string[];
}) {
  const i18n = useNamespace('calendar');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-display font-medium text-2xl tracking-tight">
          {formatDate(parseISO(dateKey), { weekday: 'long', month: 'long', day: 'numeric' })}
        </h3>
        {journeyLabels.map((label) => (
          <p key={label} className="text-muted-foreground text-sm">
            {label}
          </p>
        ))}
      </div>
      {events.length > 0 && <DayEvents events={events} />}
      {items.length ? (
        <ContentList
          items={items}
          headingLevel="h4"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5"
        />
      ) : (
        events.length === 0 && <EmptyNote>{i18n._('calendar.day.nothing')}</EmptyNote>
      )}
    </section>
  );
}

function MonthStep({ label, icon: Icon, onClick }: { label: string; icon: LucideIcon; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} onClick={onClick}>
      <Icon strokeWidth={1.5} aria-hidden="true" />
    </Button>
  );
}

/** /calendar: the month's journey, one day at a time (docs/product.md, "Playlists and the calendar"). */
export function MonthlyJourney({ today = new Date() }: { today?: Date }) {
  const i18n = useNamespace('calendar');
  const titleId = useId();
  const [month, setMonth] = useState(() => startOfMonth(today));
  const monthKey = format(month, MONTH_KEY);
  const todayKey = format(today, DATE_KEY);
  const query = useCalendarMonth(monthKey);
  // Scheduled journeys: day k on the month's k-th day, for any month, with nothing typed.
  const journey = useJourneyMonth(monthKey);
  const journeyDays = journey.data?.days ?? [];
  const itemsByDate = useMemo(
    () => addJourneyDays(groupByDate(query.data ?? [], monthKey), journey.data?.days ?? []),
    [query.data, journey.data, monthKey],
  );
  // The month's edges in the member's own zone: an event shows on their local day.
  const events = useEventsBetween(month, addMonths(month, 1));
  const eventsByDate = useMemo(
    () => groupEventsByLocalDate(events.data ?? [], monthKey),
    [events.data, monthKey],
  );
  const byDate = useMemo(() => {
    const merged = new Map<string, unknown[]>(itemsByDate);
    for (const [date, list] of eventsByDate) merged.set(date, [...(merged.get(date) ?? []), ...list]);
    return merged;
  }, [itemsByDate, eventsByDate]);
  const [selection, setSelection] = useState<{ month: string; date: string } | null>(null);
  const selected = selection?.month === monthKey ? selection.date : defaultSelection(byDate, today);
  const isCurrentMonth = isSameMonth(month, today);
  const practice = usePracticeDays(format(month, DATE_KEY), format(endOfMonth(month), DATE_KEY));
  const practisedDays = useMemo(() => new Set((practice.data ?? []).map((day) => day.date)), [practice.data]);

  const goTo = (next: Date) => {
    setMonth(startOfMonth(next));
    setSelection(null);
  };

  let dayPanel: ReactNode;
  const isPending = query.isPending || journey.isPending;
  if (isPending) dayPanel = <CardSkeletons count={2} label={i18n._('calendar.month.loading')} />;
  else if (query.isError || journey.isError) {
    dayPanel = <QueryError title={i18n._('calendar.month.error')} query={query.isError ? query : journey} />;
  } else if (byDate.size === 0) {
    dayPanel = (
      <MessageCard
        title={i18n._('calendar.empty.title')}
        description={i18n._('calendar.empty.description')}
      />
    );
  } else if (selected) {
    dayPanel = (
      <DayItems
        dateKey={selected}
        items={itemsByDate.get(selected) ?? []}
        events={eventsByDate.get(selected) ?? []}
        journeyLabels={journeyDayLabels(journeyDays, selected, i18n)}
      />
    );
  }

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-10">
      <Card className="grid gap-4 p-4 sm:p-5 lg:sticky lg:top-24">
        <div className="flex items-center justify-between gap-2">
          <MonthStep
            label={i18n._('calendar.month.previous')}
            icon={ChevronLeft}
            onClick={() => goTo(addMonths(month, -1))}
          />
          <div className="grid justify-items-center">
            <h2 id={titleId} aria-live="polite" className="font-display font-medium text-xl tracking-tight">
              {formatDate(month, { month: 'long', year: 'numeric' })}
            </h2>
            {!isCurrentMonth && (
              <button
                type="button"
                onClick={() => goTo(today)}
                className="rounded-md text-primary text-xs underline-offset-4 hover:underline"
              >
                {i18n._('calendar.month.backToThisMonth')}
              </button>
            )}
          </div>
          <MonthStep
            label={i18n._('calendar.month.next')}
            icon={ChevronRight}
            onClick={() => goTo(addMonths(month, 1))}
          />
        </div>
        {isPending ? (
          <SkeletonLines
            className="grid grid-cols-7 gap-2"
            lines={Array<string>(35).fill('mx-auto aspect-square w-full max-w-12 rounded-full')}
          />
        ) : (
          <MonthGrid
            month={month}
            byDate={byDate}
            selected={selected}
            todayKey={todayKey}
            onSelect={(date) => setSelection({ month: monthKey, date })}
            labelledBy={titleId}
            practisedDays={practisedDays}
          />
        )}
      </Card>
      <div className="min-w-0">{dayPanel}</div>
    </div>
  );
}
