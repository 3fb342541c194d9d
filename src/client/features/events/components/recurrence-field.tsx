import { TextField } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useNamespace } from '@client/lib/i18n';
import { useId, useState } from 'react';
import { RRule } from 'rrule';

/**
 * How an event repeats, chosen the way a calendar app offers it (issue 36: a teacher should not
 * have to type `FREQ=WEEKLY;BYDAY=SU`): does not repeat, every N weeks on chosen days, or every N
 * months on the start's day of the month or its nth weekday; ending never, on a date, or after a
 * number of sessions. The choices write the RRULE the event keeps. A rule these choices cannot
 * show (typed or imported) opens as the rule itself, which stays editable as text.
 */

/* eslint-disable lingui/no-unlocalized-strings -- RRULE's own syntax up to the component, not words */

/** RRULE's weekday codes, Monday first (rrule's own weekday numbers are Monday = 0). */
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

export type Repeat = {
  freq: 'none' | 'weekly' | 'monthly';
  interval: number;
  /** Weekly: the days, as indexes into WEEKDAYS. */
  weekdays: number[];
  /** Monthly: on the start's day of the month, or on its nth weekday ("the first Friday"). */
  monthlyBy: 'day' | 'weekday';
  ends: 'never' | 'on' | 'after';
  /** YYYY-MM-DD, the last day a session may fall on. */
  until: string;
  count: number;
};

/** The start's wall date (a datetime-local value), or null while it is incomplete. */
function startDate(start: string): { year: number; month: number; day: number; weekday: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(start);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // getUTCDay: Sunday = 0; WEEKDAYS starts on Monday.
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return { year, month, day, weekday };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The choices as an RRULE (the rule alone, as the event stores it); '' for a single session. */
export function ruleOf(repeat: Repeat, start: string): string {
  if (repeat.freq === 'none') return '';
  const date = startDate(start);
  const parts = [`FREQ=${repeat.freq === 'weekly' ? 'WEEKLY' : 'MONTHLY'}`];
  if (repeat.interval > 1) parts.push(`INTERVAL=${repeat.interval}`);
  if (repeat.freq === 'weekly') {
    const days = repeat.weekdays.length > 0 ? repeat.weekdays : date ? [date.weekday] : [];
    if (days.length > 0)
      parts.push(
        `BYDAY=${[...days]
          .sort()
          .map((day) => WEEKDAYS[day])
          .join(',')}`,
      );
  } else if (date) {
    parts.push(
      repeat.monthlyBy === 'day'
        ? `BYMONTHDAY=${date.day}`
        : `BYDAY=${Math.ceil(date.day / 7)}${WEEKDAYS[date.weekday]}`,
    );
  }
  if (repeat.ends === 'on' && /^\d{4}-\d{2}-\d{2}$/.test(repeat.until)) {
    parts.push(`UNTIL=${repeat.until.replaceAll('-', '')}T235959Z`);
  } else if (repeat.ends === 'after' && repeat.count > 0) {
    parts.push(`COUNT=${repeat.count}`);
  }
  return parts.join(';');
}

/** The choices a rule was made from, or null when they cannot show it (it is then edited as text). */
export function repeatOf(rule: string, start: string): Repeat | null {
  const base: Repeat = {
    freq: 'none',
    interval: 1,
    weekdays: [],
    monthlyBy: 'day',
    ends: 'never',
    until: '',
    count: 10,
  };
  if (!rule.trim()) return base;
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(rule.trim().replace(/^RRULE:/i, ''));
  } catch {
    return null;
  }
  const known = new Set(['freq', 'interval', 'byweekday', 'bymonthday', 'until', 'count']);
  if (Object.keys(options).some((key) => !known.has(key))) return null;
  const repeat: Repeat = { ...base, interval: options.interval ?? 1 };
  if (options.until) {
    const until = options.until;
    repeat.ends = 'on';
    repeat.until = `${until.getUTCFullYear()}-${pad(until.getUTCMonth() + 1)}-${pad(until.getUTCDate())}`;
  } else if (options.count) {
    repeat.ends = 'after';
    repeat.count = options.count;
  }
  const weekdays = [options.byweekday ?? []]
    .flat()
    .map((day) =>
      typeof day === 'number'
        ? { weekday: day, n: undefined }
        : typeof day === 'string'
          ? { weekday: WEEKDAYS.indexOf(day), n: undefined }
          : { weekday: day.weekday, n: day.n },
    );
  const date = startDate(start);
  if (options.freq === RRule.WEEKLY) {
    if (options.bymonthday !== undefined || weekdays.some((day) => day.n)) return null;
    return { ...repeat, freq: 'weekly', weekdays: weekdays.map((day) => day.weekday) };
  }
  if (options.freq === RRule.MONTHLY) {
    const monthDays = [options.bymonthday ?? []].flat();
    // The choices follow the start's date: a rule for another day or weekday is kept as text.
    if (monthDays.length === 1 && weekdays.length === 0 && (!date || monthDays[0] === date.day)) {
      return { ...repeat, freq: 'monthly', monthlyBy: 'day' };
    }
    const [only] = weekdays;
    if (
      monthDays.length === 0 &&
      weekdays.length === 1 &&
      only?.n &&
      (!date || (only.weekday === date.weekday && only.n === Math.ceil(date.day / 7)))
    ) {
      return { ...repeat, freq: 'monthly', monthlyBy: 'weekday' };
    }
  }
  return null;
}

/* eslint-enable lingui/no-unlocalized-strings */

/** YYYY-MM-DD three months after the start's date (or after today, before there is a start). */
function threeMonthsAfter(start: string): string {
  const date = startDate(start);
  const from = date ? new Date(Date.UTC(date.year, date.month - 1, date.day)) : new Date();
  from.setUTCMonth(from.getUTCMonth() + 3);
  return from.toISOString().slice(0, 10);
}

/** Weekday names in the admin's language, Monday first (2024-01-01 was a Monday). */
function weekdayNames(locale: string, width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  return WEEKDAYS.map((_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

/** Every 1 to 12 weeks or months. */
const INTERVALS = Array.from({ length: 12 }, (_, index) => index + 1);

const SELECT_CLASS =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function RecurrenceField({
  value,
  start,
  onChange,
  error,
}: {
  /** The RRULE the event keeps ('' for a single session). */
  value: string;
  /** The start, as its datetime-local value: monthly choices follow its date. */
  start: string;
  onChange: (rule: string) => void;
  error?: string | undefined;
}) {
  const i18n = useNamespace('events');
  const ids = {
    freq: useId(),
    interval: useId(),
    ends: useId(),
    until: useId(),
    count: useId(),
  };
  const parsed = repeatOf(value, start);
  const [isText, setIsText] = useState(parsed === null);
  const repeat = parsed ?? repeatOf('', start)!;
  const [countText, setCountText] = useState(String(repeat.count));
  const update = (change: Partial<Repeat>) => onChange(ruleOf({ ...repeat, ...change }, start));
  const date = startDate(start);
  const shortNames = weekdayNames(i18n.locale, 'short');
  const longNames = weekdayNames(i18n.locale, 'long');

  if (isText || parsed === null) {
    return (
      <div className="grid gap-2 sm:col-span-2">
        <TextField
          label={i18n._('events.editor.recurrence')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          hint={i18n._('events.editor.recurrenceHint')}
          autoComplete="off"
        />
        {repeatOf(value, start) !== null && (
          <button
            type="button"
            className="justify-self-start text-primary text-sm underline-offset-4 hover:underline"
            onClick={() => setIsText(false)}
          >
            {i18n._('events.editor.repeat.useChoices')}
          </button>
        )}
      </div>
    );
  }

  return (
    <fieldset className="grid gap-3 rounded-xl border p-3 sm:col-span-2">
      <legend className="px-1 font-medium text-sm">{i18n._('events.editor.repeat.legend')}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={ids.freq}>{i18n._('events.editor.repeat.repeats')}</Label>
          <select
            id={ids.freq}
            className={SELECT_CLASS}
            value={repeat.freq}
            onChange={(event) => update({ freq: event.target.value as Repeat['freq'] })}
          >
            <option value="none">{i18n._('events.editor.repeat.none')}</option>
            <option value="weekly">{i18n._('events.editor.repeat.weekly')}</option>
            <option value="monthly">{i18n._('events.editor.repeat.monthly')}</option>
          </select>
        </div>
        {repeat.freq !== 'none' && (
          <div className="grid gap-1">
            <Label htmlFor={ids.interval}>
              {repeat.freq === 'weekly'
                ? i18n._('events.editor.repeat.everyWeeks')
                : i18n._('events.editor.repeat.everyMonths')}
            </Label>
            <select
              id={ids.interval}
              className={SELECT_CLASS}
              value={repeat.interval}
              onChange={(event) => update({ interval: Number(event.target.value) })}
            >
              {INTERVALS.map((interval) => (
                <option key={interval} value={interval}>
                  {i18n.number(interval)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {repeat.freq === 'weekly' && (
        <fieldset className="grid gap-1">
          <legend className="text-sm">{i18n._('events.editor.repeat.onDays')}</legend>
          <div className="flex flex-wrap gap-2">
            {shortNames.map((name, index) => {
              const days = repeat.weekdays.length > 0 ? repeat.weekdays : date ? [date.weekday] : [];
              const isOn = days.includes(index);
              return (
                <label
                  key={WEEKDAYS[index]}
                  className="flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-sage-soft"
                >
                  <input
                    type="checkbox"
                    checked={isOn}
                    aria-label={longNames[index]}
                    onChange={() =>
                      update({
                        weekdays: isOn ? days.filter((day) => day !== index) : [...days, index],
                      })
                    }
                  />
                  <span aria-hidden="true">{name}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {repeat.freq === 'monthly' && (
        <fieldset className="grid gap-1">
          <legend className="text-sm">{i18n._('events.editor.repeat.onMonthly')}</legend>
          {date ? (
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${ids.freq}-monthly`}
                  checked={repeat.monthlyBy === 'day'}
                  onChange={() => update({ monthlyBy: 'day' })}
                />
                {i18n._('events.editor.repeat.onDay', { day: date.day })}
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${ids.freq}-monthly`}
                  checked={repeat.monthlyBy === 'weekday'}
                  onChange={() => update({ monthlyBy: 'weekday' })}
                />
                {i18n._('events.editor.repeat.onWeekday', {
                  nth: String(Math.ceil(date.day / 7)),
                  weekday: longNames[date.weekday] ?? '',
                })}
              </label>
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">{i18n._('events.editor.repeat.needsStart')}</p>
          )}
        </fieldset>
      )}
      {repeat.freq !== 'none' && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={ids.ends}>{i18n._('events.editor.repeat.ends')}</Label>
            <select
              id={ids.ends}
              className={SELECT_CLASS}
              value={repeat.ends}
              onChange={(event) => {
                const ends = event.target.value as Repeat['ends'];
                // A rule holds an end date or a count, never an empty one: a date is offered to
                // change, three months after the start.
                update(ends === 'on' && !repeat.until ? { ends, until: threeMonthsAfter(start) } : { ends });
              }}
            >
              <option value="never">{i18n._('events.editor.repeat.never')}</option>
              <option value="on">{i18n._('events.editor.repeat.onDate')}</option>
              <option value="after">{i18n._('events.editor.repeat.afterCount')}</option>
            </select>
          </div>
          {repeat.ends === 'on' && (
            <div className="grid gap-1">
              <Label htmlFor={ids.until}>{i18n._('events.editor.repeat.lastDay')}</Label>
              <Input
                id={ids.until}
                type="date"
                value={repeat.until}
                onChange={(event) => update({ until: event.target.value })}
              />
            </div>
          )}
          {repeat.ends === 'after' && (
            <div className="grid gap-1">
              <Label htmlFor={ids.count}>{i18n._('events.editor.repeat.sessions')}</Label>
              <Input
                id={ids.count}
                type="number"
                min={1}
                max={500}
                className="w-24"
                value={countText}
                onChange={(event) => {
                  // Kept as typed while it is being written (empty, say); the rule takes whole numbers.
                  setCountText(event.target.value);
                  const count = Number(event.target.value);
                  if (Number.isInteger(count) && count >= 1) update({ count });
                }}
              />
            </div>
          )}
        </div>
      )}
      {error && <p className="text-destructive text-sm">{error}</p>}
      <button
        type="button"
        className="justify-self-start text-muted-foreground text-sm underline-offset-4 hover:underline"
        onClick={() => setIsText(true)}
      >
        {i18n._('events.editor.repeat.asRule')}
      </button>
    </fieldset>
  );
}
