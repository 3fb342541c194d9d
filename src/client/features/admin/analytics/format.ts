/** docs/product.md, "Constants and limits": percentages are shown to one decimal. */
export function formatPercent(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  // -0.04 rounds to -0; that is no change at all.
  return `${(Object.is(rounded, -0) ? 0 : rounded).toFixed(1)}%`;
}

export type Trend = 'up' | 'down' | 'flat';

/** The direction of a growth figure, as shown (so -0.04% is flat, like the text says). */
export function trendOf(value: number): Trend {
  const rounded = Math.round(value * 10) / 10;
  if (rounded > 0) return 'up';
  if (rounded < 0) return 'down';
  return 'flat';
}

/** docs/product.md, "Admin": growth vs last month, signed, one decimal: '+12.5%', '-3.0%', '0.0%'. */
export function formatSignedPercent(value: number): string {
  const trend = trendOf(value);
  const text = formatPercent(Math.abs(value));
  if (trend === 'up') return `+${text}`;
  if (trend === 'down') return `-${text}`;
  return text;
}

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "Nov 2026" for the server's "2026-11" (a calendar month, named as the server counted it). */
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
export const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** "Nov 2" for the server's "2026-11-02" (the Monday a week starts on). */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const weekName = (monday: string) => dayFormat.format(new Date(`${monday}T00:00:00Z`));

/** Minutes as shown: whole minutes with separators from 100 on, one decimal below. */
export function formatMinutes(value: number): string {
  return value >= 100 ? formatCount(Math.round(value)) : String(Math.round(value * 10) / 10);
}
