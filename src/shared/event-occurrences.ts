import { RRule } from 'rrule';

/**
 * Expanding an event's recurrence into occurrences (server: `GET /api/events`; client: the admin
 * form's preview). The rule is expanded in the organiser's wall-clock time and each wall time is
 * then turned into an instant in their zone: "every Sunday at 19:00 Europe/Berlin" is 18:00 UTC
 * in winter and 17:00 UTC in summer. rrule's own `tzid` option returns "local time as UTC" dates
 * that are easy to misread, so the library only ever sees floating (zone-less) times here.
 */

export type EventTiming = {
  startsAt: Date;
  timeZone: string;
  durationMinutes: number;
  /** An RRULE without DTSTART (FREQ=WEEKLY;BYDAY=SU), or null for a single occurrence. */
  recurrence: string | null;
  /** Local dates (YYYY-MM-DD, in `timeZone`) skipped by the recurrence. */
  exceptionDates: readonly string[];
};

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of an instant in a zone. */
export function wallTimeIn(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const wallAsUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** The zone's offset from UTC at an instant, in milliseconds (Berlin in summer: +2 h). */
function offsetAt(instantMs: number, timeZone: string): number {
  return wallAsUtc(wallTimeIn(new Date(instantMs), timeZone)) - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a zone. A time skipped by a spring-forward change
 * (02:30 on the night clocks jump to 03:00) lands just after the jump; a time that happens twice
 * in autumn takes the first.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const asUtc = wallAsUtc(wall);
  // Zone changes are months apart: the offsets a day either side are the only two candidates.
  const offsetBefore = offsetAt(asUtc - 86_400_000, timeZone);
  const offsetAfter = offsetAt(asUtc + 86_400_000, timeZone);
  const candidates = [asUtc - offsetBefore, asUtc - offsetAfter].filter(
    (instant) => wallAsUtc(wallTimeIn(new Date(instant), timeZone)) === asUtc,
  );
  // None: the time was skipped; read with the offset before the jump, it lands just after it.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : asUtc - offsetBefore);
}

/** `YYYY-MM-DD` of an instant in a zone: the local day it falls on. */
export function localDateKey(instant: Date, timeZone: string): string {
  const wall = wallTimeIn(instant, timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

const floatingToWall = (date: Date): WallTime => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
  hour: date.getUTCHours(),
  minute: date.getUTCMinutes(),
  second: date.getUTCSeconds(),
});

/** A day either side of the window covers any zone's offset when comparing floating times. */
const ZONE_MARGIN_MS = 36 * 60 * 60 * 1000;

/**
 * The starts of the occurrences that overlap [from, to) (one that began before `from` and is still
 * running counts), in order.
 */
export function expandOccurrences(event: EventTiming, from: Date, to: Date): Date[] {
  const durationMs = event.durationMinutes * 60_000;
  const overlaps = (start: Date) =>
    start.getTime() < to.getTime() && start.getTime() + durationMs > from.getTime();
  if (!event.recurrence) return overlaps(event.startsAt) ? [event.startsAt] : [];

  const startWall = wallTimeIn(event.startsAt, event.timeZone);
  const rule = new RRule({
    ...RRule.parseString(event.recurrence),
    dtstart: new Date(wallAsUtc(startWall)),
  });
  const skipped = new Set(event.exceptionDates);
  const floating = rule.between(
    new Date(from.getTime() - durationMs - ZONE_MARGIN_MS),
    new Date(to.getTime() + ZONE_MARGIN_MS),
    true,
  );
  const starts: Date[] = [];
  for (const date of floating) {
    const wall = floatingToWall(date);
    const key = `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
    if (skipped.has(key)) continue;
    const start = instantOfWallTime(wall, event.timeZone);
    if (overlaps(start)) starts.push(start);
  }
  return starts;
}

/** The next `count` occurrences that have not ended at `now` (the admin preview, the event page). */
export function nextOccurrences(event: EventTiming, now: Date, count: number): Date[] {
  // Weekly or monthly: a year holds at least a dozen occurrences; look further only if needed.
  for (const days of [62, 400, 3700]) {
    const found = expandOccurrences(event, now, new Date(now.getTime() + days * 86_400_000));
    if (found.length >= count || days === 3700) return found.slice(0, count);
  }
  return [];
}
