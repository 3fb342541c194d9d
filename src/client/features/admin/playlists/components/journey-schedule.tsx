import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ChoiceLabel } from '@client/components/ui/choice-label';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { getErrorMessage } from '@client/lib/api';
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

const monthName = (month: string) => format(parseISO(`${month}-01`), 'MMMM yyyy');

/** "March 2027" or "Every month from March 2027". */
export function describeSchedule(schedule: Pick<JourneySchedule, 'startMonth' | 'repeatsMonthly'>): string {
  return schedule.repeatsMonthly
    ? `Every month from ${monthName(schedule.startMonth)}`
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
  const headingId = useId();
  const { landing, leftOut } = previewMonth(month, dayIndexes);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h4 id={headingId} className="font-medium text-sm">
        {monthName(month)}
      </h4>
      {landing.length === 0 ? (
        <p className="text-muted-foreground text-sm">No day of the journey has an item yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
          {landing.map(({ dayIndex, date }) => (
            <li key={dayIndex}>
              Day {dayIndex}: <time dateTime={date}>{format(parseISO(date), 'EEE, MMM d')}</time>
            </li>
          ))}
        </ul>
      )}
      {leftOut.length > 0 && (
        <p className="text-muted-foreground text-sm">
          {monthName(month)} has {daysInMonth(month)} days: {leftOut.map((day) => `day ${day}`).join(', ')}{' '}
          {leftOut.length === 1 ? 'is' : 'are'} not shown.
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
  const headingId = useId();
  const schedules = useJourneySchedules(playlistId);
  const addSchedule = useAddJourneySchedule(playlistId);
  const deleteSchedule = useDeleteJourneySchedule(playlistId);
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
      onSuccess: (schedule) => setAnnouncement(`Scheduled ${title}: ${describeSchedule(schedule)}.`),
      onError: (failure) => setError(getErrorMessage(failure) ?? 'The schedule could not be saved.'),
    });
  };

  const remove = (schedule: JourneySchedule) =>
    deleteSchedule.mutate(schedule.id, {
      onSuccess: () => setAnnouncement(`Removed the schedule ${describeSchedule(schedule)}.`),
      onError: (failure) => setError(getErrorMessage(failure) ?? 'The schedule could not be removed.'),
    });

  return (
    <Card role="region" aria-labelledby={headingId} className="grid gap-5 p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-display font-medium text-xl tracking-tight">
          Schedule
        </h2>
        <p className="max-w-2xl text-muted-foreground text-sm">
          Day 1 falls on the 1st of each scheduled month, day 2 on the 2nd, on each member&rsquo;s own
          calendar. Days a month does not have (day 30 in February) are not shown that month.
        </p>
      </div>

      {schedules.isPending ? (
        <p className="text-muted-foreground text-sm">Loading the schedule…</p>
      ) : schedules.isError ? (
        <p className="text-destructive text-sm">The schedule could not be loaded.</p>
      ) : schedules.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Not scheduled yet: members do not see it on the calendar.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Scheduled months">
          {schedules.data.map((schedule) => (
            <li
              key={schedule.id}
              className="flex items-center justify-between gap-3 rounded-xl border p-2.5 pl-4"
            >
              <span className="text-sm">{describeSchedule(schedule)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-9 text-destructive hover:bg-destructive/10"
                onClick={() => remove(schedule)}
                disabled={deleteSchedule.isPending}
                aria-label={`Remove the schedule ${describeSchedule(schedule)}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
        <Field label="Month" error={error} className="w-52">
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
          Every month from then
        </ChoiceLabel>
        <Button type="submit" isPending={addSchedule.isPending} pendingText="Scheduling…">
          <CalendarPlus aria-hidden="true" />
          Schedule
        </Button>
      </form>

      {parsed.success && (
        <div className="grid gap-4">
          <h3 className="font-medium text-muted-foreground text-sm uppercase tracking-wide">Preview</h3>
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
