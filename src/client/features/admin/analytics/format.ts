import { formatDate, formatNumber } from '@client/lib/format';

/**
 * The analytics figures in the admin's language (src/client/lib/format.ts); English keeps the forms
 * docs/product.md fixes ("12.5%", "1,280", "Nov 2026").
 */

/** -0.04 rounds to -0; that is no change at all. */
const roundedToOneDecimal = (value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
};

/** docs/product.md, "Constants and limits": percentages (given as 12.5 for 12.5%) are shown to one decimal. */
export function formatPercent(value: number): string {
  return formatNumber(roundedToOneDecimal(value) / 100, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

export type Trend = 'up' | 'down' | 'flat';

/** The direction of a growth figure, as shown (so -0.04% is flat, like the text says). */
export function trendOf(value: number): Trend {
  const rounded = roundedToOneDecimal(value);
  if (rounded > 0) return 'up';
  if (rounded < 0) return 'down';
  return 'flat';
}

/** docs/product.md, "Admin": growth vs last month, signed, one decimal: '+12.5%', '-3.0%', '0.0%'. */
export function formatSignedPercent(value: number): string {
  return formatNumber(roundedToOneDecimal(value) / 100, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
}

export function formatCount(value: number): string {
  return formatNumber(value);
}

/** "Nov 2026" for the server's "2026-11" (a calendar month, named as the server counted it). */
export const monthName = (month: string) =>
  formatDate(`${month}-01T00:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Nov 2" for the server's "2026-11-02" (the Monday a week starts on). */
export const weekName = (monday: string) =>
  formatDate(`${monday}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Minutes as shown: whole minutes with separators from 100 on, one decimal below. */
export function formatMinutes(value: number): string {
  return value >= 100 ? formatCount(Math.round(value)) : formatNumber(value, { maximumFractionDigits: 1 });
}
