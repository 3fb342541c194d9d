import { formatNumber } from '@client/lib/format';

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * 1536 → '1.5 KB' ('1,5 KB' in German); whole bytes below a kilobyte. Binary units, as file
 * managers show them; the number in the member's language.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024)
    return `${formatNumber(Math.max(0, Math.round(bytes || 0)))} B`;
  let value = bytes;
  let unit = -1;
  do {
    value /= 1024;
    unit += 1;
  } while (value >= 1024 && unit < UNITS.length - 1);
  const digits = value >= 100 ? 0 : 1;
  return `${formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${UNITS[unit]}`;
}
