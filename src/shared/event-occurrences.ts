import { RRule } from './rrule.ts';
import { instantOfWallTime, type WallTime, wallAsUtc, wallTimeIn } from './zoned-time.ts';

export { instantOfWallTime, localDateKey, wallTimeIn } from './zoned-time.ts';

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
