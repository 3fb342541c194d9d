import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ChoiceLabel } from '@client/components/ui/choice-label';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { getErrorMessage } from '@client/lib/api';
import { formatDate, formatList } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { daysInMonth, journeyDate, nextMonth } from '@shared/journey-dates';
import { type JourneySchedule, JourneyScheduleInputSchema } from '@shared/schemas/journeys';
import { format, parseISO } from 'date-fns';
import { CalendarPlus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  useAddJourneySchedule,
  useDeleteJourneySchedule,
  useJourneySchedules,
} from '../api/journey-schedules';

/** "March 2027", "März 2027". */
const monthName = (month: string) => formatDate(parseISO(`${month}-01`), { month: 'long', year: 'numeric' });

/** "March 2027" or "Every month from March 2027". */
export function describeSchedule(
  i18n: I18n,
  schedule: Pick<JourneySchedule, 'startMonth' | 'repeatsMonthly'>,
): string {
  return schedule.repeatsMonthly
    ? i18n._('admin.playlists.schedule.everyMonthFrom', { month: monthName(schedule.startMonth) })
    : monthName(schedule.startMonth);
}

/**
 * Which dates a journey's days land on in one month, and which days that month leaves out
 * (journey-dates.ts, as the server places them for members).
 */
export function previewMonth(month: string, dayIndexes: readonly number[]) {
  const days = [...new Set(dayIndexes)].sort((a, b) => a - b);
  const landing = days.flatMap((dayIndex) => {
    const date = journeyDate(month, dayIndex);
    return date ? [{ dayIndex, date }] : [];
  });
  const leftOut = days.filter((dayIndex) => dayIndex > daysInMonth(month));
  return { landing, leftOut };
}

function MonthPreview({ month, dayIndexes }: { month: string; dayIndexes: readonly number[] }) {
  const i18n = useNamespace('admin');
  const headingId = useId();
  const { landing, leftOut } = previewMonth(month, dayIndexes);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h4 id={headingId} className="font-medium text-sm">
        {monthName(month)}
      </h4>
      {landing.length === 0 ? (
        <p className="text-muted-foreground text-sm">{i18n._('admin.playlists.schedule.noDays')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
          {landing.map(({ dayIndex, date }) => (
            <li key={dayIndex}>
              {i18n._('admin.playlists.schedule.dayPrefix', { day: dayIndex })}{' '}
              <time dateTime={date}>
                {formatDate(parseISO(date), { weekday: 'short', month: 'short', day: 'numeric' })}
              </time>
            </li>
          ))}
        </ul>
      )}
      {leftOut.length > 0 && (
        <p className="text-muted-foreground text-sm">
          {i18n._('admin.playlists.schedule.leftOut', {
            month: monthName(month),
            days: daysInMonth(month),
            leftOut: formatList(
              leftOut.map((day) => i18n._('admin.playlists.schedule.dayLower', { day })),
              'unit',
            ),
            count: leftOut.length,
          })}
        </p>
      )}
    </section>
  );
}

/**
 * Schedules a calendar playlist (a monthly journey) for one month or every month, with a preview of
 * the dates its days land on. Members read those dates on their own calendar, in their own zone.
 */
export function JourneySchedulePanel({
  playlistId,
  title,
  dayIndexes,
  today = new Date(),
}: {
  playlistId: string;
  title: string;
  /** The days the journey's items are on (the editor's list, saved or not). */
  dayIndexes: readonly number[];
  today?: Date;
}) {
  const i18n = useNamespace('admin');
  const headingId = useId();
  const schedules = useJourneySchedules(playlistId);
  const addSchedule = useAddJourneySchedule(playlistId);
  const deleteSchedule = useDeleteJourneySchedule(playlistId);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a date pattern: the month input's value
  const [month, setMonth] = useState(() => format(today, 'yyyy-MM'));
  const [repeatsMonthly, setRepeatsMonthly] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const parsed = JourneyScheduleInputSchema.safeParse({ startMonth: month, repeatsMonthly });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    addSchedule.mutate(parsed.data, {
      onSuccess: (schedule) =>
        setAnnouncement(
          i18n._('admin.playlists.schedule.scheduled', { title, schedule: describeSchedule(i18n, schedule) }),
        ),
      onError: (failure) =>
        setError(getErrorMessage(failure) ?? i18n._('admin.playlists.schedule.saveFailed')),
    });
  };

  const remove = (schedule: JourneySchedule) =>
    deleteSchedule.mutate(schedule.id, {
      onSuccess: () =>
        setAnnouncement(
          i18n._('admin.playlists.schedule.removed', { schedule: describeSchedule(i18n, schedule) }),
        ),
      onError: (failure) =>
        setError(getErrorMessage(failure) ?? i18n._('admin.playlists.schedule.removeFailed')),
    });

  return (
    <Card role="region" aria-labelledby={headingId} className="grid gap-5 p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-display font-medium text-xl tracking-tight">
          {i18n._('admin.playlists.schedule.heading')}
        </h2>
        <p className="max-w-2xl text-muted-foreground text-sm">{i18n._('admin.playlists.schedule.lead')}</p>
      </div>

      {schedules.isPending ? (
        <p className="text-muted-foreground text-sm">{i18n._('admin.playlists.schedule.loading')}</p>
      ) : schedules.isError ? (
        <p className="text-destructive text-sm">{i18n._('admin.playlists.schedule.loadFailed')}</p>
      ) : schedules.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{i18n._('admin.playlists.schedule.none')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={i18n._('admin.playlists.schedule.list')}>
          {schedules.data.map((schedule) => (
            <li
              key={schedule.id}
              className="flex items-center justify-between gap-3 rounded-xl border p-2.5 ps-4"
            >
              <span className="text-sm">{describeSchedule(i18n, schedule)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-9 text-destructive hover:bg-destructive/10"
                onClick={() => remove(schedule)}
                disabled={deleteSchedule.isPending}
                aria-label={i18n._('admin.playlists.schedule.remove', {
                  schedule: describeSchedule(i18n, schedule),
                })}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
        <Field label={i18n._('admin.playlists.schedule.month')} error={error} className="w-52">
          <Input
            type="month"
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <ChoiceLabel className="rounded-xl px-3">
          <input
            type="checkbox"
            checked={repeatsMonthly}
            onChange={(event) => setRepeatsMonthly(event.target.checked)}
            className="size-4 accent-primary"
          />
          {i18n._('admin.playlists.schedule.everyMonth')}
        </ChoiceLabel>
        <Button
          type="submit"
          isPending={addSchedule.isPending}
          pendingText={i18n._('admin.playlists.schedule.scheduling')}
        >
          <CalendarPlus aria-hidden="true" />
          {i18n._('admin.playlists.schedule.submit')}
        </Button>
      </form>

      {parsed.success && (
        <div className="grid gap-4">
          <h3 className="font-medium text-muted-foreground text-sm uppercase tracking-wide">
            {i18n._('admin.playlists.schedule.preview')}
          </h3>
          <MonthPreview month={month} dayIndexes={dayIndexes} />
          {repeatsMonthly && <MonthPreview month={nextMonth(month)} dayIndexes={dayIndexes} />}
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </Card>
  );
}
