/**
 * Subscriptions (docs/product.md, "Account, subscription", "States and transitions", "The HTTP calls", "Errors shown" and "Constants and limits"): one plan, $12 a month. Kept apart from
 * the zod schemas (schemas/subscription.ts re-exports it) so the landing page's plan card does not
 * load zod with the first page (docs/decisions/051).
 */
export const PLAN = {
  name: 'Stillpoint Monthly',
  amountCents: 1200,
  currency: 'usd',
  interval: 'month',
  periodDays: 30,
  /** docs/product.md, "Constants and limits": the benefits listed on the plan card. */
  benefits: [
    'Unlimited meditation access',
    'Monthly calendars and playlists',
    'Progress tracking',
    'Offline downloads',
  ],
} as const;

/** What `PlanPrice` (schemas/subscription.ts) holds. */
export type PlanPriceFields = { amountCents: number; currency: string; interval: string; periodDays: number };

/**
 * Whether a value is a plan price as `PlanPriceSchema` (schemas/subscription.ts) accepts it: the
 * check the landing page runs on the price hint in its HTML before its first render, without zod.
 * plan.test.ts holds it to the schema.
 */
export function isPlanPrice(value: unknown): value is PlanPriceFields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const price = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(price.amountCents) &&
    typeof price.currency === 'string' &&
    typeof price.interval === 'string' &&
    Number.isSafeInteger(price.periodDays)
  );
}
