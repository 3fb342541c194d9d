/**
 * Wall-clock times in IANA zones through Intl alone (no rrule, no zod): the calendar screen reads
 * `localDateKey` on its first render; the recurrence code (event-occurrences.ts) builds on these.
 */

export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

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

export const wallAsUtc = (wall: WallTime) =>
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
