const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago `value` was, in whole units rounded down (docs/product.md, "Constants and limits"):
 * days from a day on, else hours, else null ("Less than an hour ago"); a time in the future counts
 * as now. The words come from the member's language (src/client/lib/format.ts).
 */
export function elapsedSince(
  value: Date | string | number,
  now: Date = new Date(),
): { count: number; unit: 'day' | 'hour' } | null {
  const elapsed = now.getTime() - new Date(value).getTime();
  if (!Number.isFinite(elapsed) || elapsed < HOUR_MS) return null;
  const days = Math.floor(elapsed / DAY_MS);
  if (days >= 1) return { count: days, unit: 'day' };
  return { count: Math.floor(elapsed / HOUR_MS), unit: 'hour' };
}
