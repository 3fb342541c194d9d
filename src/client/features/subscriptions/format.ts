import { formatDate, formatNumber } from '@client/lib/format';
import { formatPrice } from '@shared/plan-price';

/**
 * An ISO time as a short date in the member's language (docs/product.md, "Constants and limits":
 * 'Jan 5, 2026' in English), or null when there is none or it cannot be read.
 */
export function formatShortDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDate(date);
}

/**
 * `formatPrice` in the member's language: '$12' in English (whole amounts without cents, as on the
 * plan card), '12 $' in German; `withCents` always shows them (the checkout). The landing page keeps
 * `formatPrice`, which the server also writes into the pre-rendered page.
 */
export function formatPlanPrice(
  amountCents: number,
  currency: string,
  { withCents = false }: { withCents?: boolean } = {},
): string {
  try {
    const code = currency.toUpperCase();
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    const showCents = digits > 0 && (withCents || amountCents % 10 ** digits !== 0);
    return formatNumber(amountCents / 10 ** digits, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: showCents ? digits : 0,
      maximumFractionDigits: showCents ? digits : 0,
    });
  } catch {
    return formatPrice(amountCents, currency, { withCents });
  }
}

export { formatPrice } from '@shared/plan-price';
