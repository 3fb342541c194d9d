const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * 'N day(s) ago', 'N hour(s) ago' or 'Less than an hour ago' (docs/product.md, "Constants and limits"). Whole units,
 * rounded down; a time in the future counts as now.
 */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(value).getTime();
  if (!Number.isFinite(elapsed) || elapsed < HOUR_MS) return 'Less than an hour ago';
  const days = Math.floor(elapsed / DAY_MS);
  if (days >= 1) return plural(days, 'day');
  return plural(Math.floor(elapsed / HOUR_MS), 'hour');
}
