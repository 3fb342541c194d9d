/** docs/product.md, "Constants and limits": dates in en-US short form, 'Jan 5, 2026'. */
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** An ISO time as 'Mon D, YYYY', or null when there is none or it cannot be read. */
export function formatShortDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : SHORT_DATE.format(date);
}

export { formatPrice, perInterval, periodNote } from '@shared/plan-price';
