/** SPEC.md section 9: dates in en-US short form, 'Jan 5, 2026'. */
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** An ISO time as 'Mon D, YYYY', or null when there is none or it cannot be read. */
export function formatShortDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : SHORT_DATE.format(date);
}

/**
 * Money from integer cents: '$12' on the plan card (whole amounts), '$12.00' on the checkout,
 * where an amount is always shown with its cents.
 */
export function formatPrice(
  amountCents: number,
  currency: string,
  { withCents = false }: { withCents?: boolean } = {},
): string {
  const showCents = withCents || amountCents % 100 !== 0;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: showCents ? 2 : 0,
      maximumFractionDigits: showCents ? 2 : 0,
    }).format(amountCents / 100);
  } catch {
    // An unknown currency code: the number and the code, still readable.
    return `${(amountCents / 100).toFixed(showCents ? 2 : 0)} ${currency.toUpperCase()}`;
  }
}

/** 'month' -> 'per month'. */
export function perInterval(interval: string): string {
  return `per ${interval}`;
}
