/** How the plan's price reads, on the client and in the server's pre-rendered landing page. */

/**
 * Money from an integer amount in the currency's minor units (cents for usd, yen for jpy, as
 * Stripe counts them): '$12' on the plan card (whole amounts), '$12.00' on the checkout, where an
 * amount is always shown with its minor units.
 */
export function formatPrice(
  amountCents: number,
  currency: string,
  { withCents = false }: { withCents?: boolean } = {},
): string {
  try {
    const code = currency.toUpperCase();
    const digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    const scale = 10 ** digits;
    const showCents = digits > 0 && (withCents || amountCents % scale !== 0);
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: showCents ? digits : 0,
      maximumFractionDigits: showCents ? digits : 0,
    }).format(amountCents / scale);
  } catch {
    // An unknown currency code: the number and the code, still readable.
    return `${(amountCents / 100).toFixed(amountCents % 100 === 0 && !withCents ? 0 : 2)} ${currency.toUpperCase()}`;
  }
}
