import { reconcileStripeMembers } from './stripe-billing.ts';
import type { BillingContext } from './subscriptions.service.ts';
import { expireTestSubscriptions } from './test-checkout.ts';

/** The daily job (pg-boss, see lib/jobs.ts): at 03:17 UTC, once across all instances. */
export const RECONCILE_JOB = { name: 'reconcile-subscriptions', cron: '17 3 * * *' } as const;

/**
 * Puts every member's access back in line with the truth: converts ended test-mode trials to
 * paid periods, ends test-mode subscriptions past their days and expires unpaid checkouts; in Stripe mode re-reads every member whose
 * subscription is not final, catching changes whose webhooks never arrived.
 */
export async function reconcileSubscriptions(ctx: BillingContext) {
  const expired = await expireTestSubscriptions(ctx);
  const stripe = ctx.mode === 'stripe' ? await reconcileStripeMembers(ctx) : { synced: 0, failed: 0 };
  const result = {
    expiredTestSubscriptions: expired.subscriptions,
    convertedTestTrials: expired.convertedTrials,
    expiredCheckoutSessions: expired.sessions,
    ...stripe,
  };
  ctx.log.info(result, 'subscriptions reconciled');
  return result;
}
