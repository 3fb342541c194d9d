import { hasPremiumAccess, PREMIUM_STATUSES } from '@shared/entitlements.ts';
import {
  type CheckoutInput,
  PLAN,
  type Plan,
  type PlanPrice,
  type SubscriptionDetails,
  type SyncResult,
  TEST_PRICE_ID,
} from '@shared/schemas/subscription.ts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { type AppError, badRequest, conflict, paymentProviderError, unauthorized } from '../../lib/errors.ts';
import { sharedResult } from '../../lib/shared-result.ts';
import { createStripeClient, type Stripe } from '../../lib/stripe.ts';

/**
 * Subscriptions: what every mode shares. `users.subscription_status` and
 * `users.premium_access_ends_at` are what premium checks read (through `hasPremiumAccess`);
 * `writeSubscription` changes them together with the subscription row, in the caller's transaction. Stripe mode lives in stripe-billing.ts, the
 * built-in test-mode checkout in test-checkout.ts.
 */

export type BillingContext = {
  db: Database;
  log: FastifyBaseLogger;
  publicUrl: string;
  mode: 'stripe' | 'test';
  /** The one price identifier checkout accepts (STRIPE_PRICE_ID, or the test-mode one). */
  priceId: string;
  /** Null in test mode. */
  stripe: Stripe | null;
  webhookSecret: string | null;
  /** The plan's price: STRIPE_PRICE_ID's price (read once, then cached), or PLAN_* in test mode. */
  planPrice: () => Promise<PlanPrice>;
};

const PERIOD_DAYS: Record<string, number> = { day: 1, week: 7, month: PLAN.periodDays, year: 365 };

function priceFor(amountCents: number, currency: string, interval: string, count = 1): PlanPrice {
  return {
    amountCents,
    currency: currency.toLowerCase(),
    interval,
    periodDays: (PERIOD_DAYS[interval] ?? PLAN.periodDays) * count,
  };
}

/** Reads the operator's Stripe price; a failure is not cached, so the next request tries again. */
function stripePlanPrice(stripe: Stripe, priceId: string, log: FastifyBaseLogger) {
  return sharedResult(Number.POSITIVE_INFINITY, async () => {
    let price: Stripe.Price;
    try {
      price = await stripe.prices.retrieve(priceId);
    } catch (error) {
      throw providerUnavailable(log, error, `read price ${priceId}`);
    }
    if (price.unit_amount === null || !price.recurring) {
      log.error({ priceId }, 'STRIPE_PRICE_ID is not a recurring price with a fixed amount');
      throw paymentProviderError(MESSAGES.providerDown);
    }
    return priceFor(
      price.unit_amount,
      price.currency,
      price.recurring.interval,
      price.recurring.interval_count,
    );
  });
}

export function createBillingContext(config: Config, db: Database, log: FastifyBaseLogger): BillingContext {
  const base = { db, log, publicUrl: config.publicUrl };
  if (config.stripe.mode === 'stripe') {
    const stripe = createStripeClient({ secretKey: config.stripe.secretKey, apiBase: config.stripe.apiBase });
    return {
      ...base,
      mode: 'stripe',
      priceId: config.stripe.priceId,
      stripe,
      webhookSecret: config.stripe.webhookSecret,
      planPrice: stripePlanPrice(stripe, config.stripe.priceId, log),
    };
  }
  const price = priceFor(config.plan.amount, config.plan.currency, config.plan.interval);
  return {
    ...base,
    mode: 'test',
    priceId: TEST_PRICE_ID,
    stripe: null,
    webhookSecret: null,
    planPrice: async () => price,
  };
}

/** A subscription that still exists (it may need the member's attention, like past_due). */
export const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

export const SUCCESS_URL_PATH = '/subscribe?success=true';
export const CANCEL_URL_PATH = '/subscribe';

export const MESSAGES = {
  alreadyActive: 'You already have an active subscription.',
  wrongPrice: 'priceId: this is not the Stillpoint monthly plan.',
  providerDown: 'The payment provider could not be reached. Please try again in a moment.',
  synced: 'Your subscription is active. Welcome to Stillpoint Premium.',
  pastDue: 'Your last payment did not go through. Update your card to keep your premium access.',
  notFoundYet:
    'We could not find an active subscription yet. If you have just paid, wait a moment and try again.',
} as const;

export async function getPlan(ctx: BillingContext): Promise<Plan> {
  return { priceId: ctx.priceId, mode: ctx.mode, name: PLAN.name, ...(await ctx.planPrice()) };
}

export type SubscriptionState = {
  provider: 'stripe' | 'test' | 'complimentary';
  stripeSubscriptionId: string | null;
  priceId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
};

/**
 * How long a Stripe subscription that renews by itself keeps access past its stored period end:
 * Stripe moves the period forward at renewal and tells us by webhook, and a failed renewal
 * arrives as `past_due` the same way. The grace only covers a late or lost webhook until the
 * daily reconciliation re-reads Stripe (docs/decisions/017-write-limits-and-access-end.md).
 */
export const STRIPE_RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * When the access a subscription gives ends: its period end, for a subscription that will not
 * renew (cancel at period end, the test-mode checkout); a day later for a renewing Stripe one;
 * never for complimentary access or a subscription without a period.
 */
export function premiumAccessEnd(state: SubscriptionState): Date | null {
  if (state.provider === 'complimentary' || !state.currentPeriodEnd) return null;
  if (state.provider === 'stripe' && !state.cancelAtPeriodEnd) {
    return new Date(state.currentPeriodEnd.getTime() + STRIPE_RENEWAL_GRACE_MS);
  }
  return state.currentPeriodEnd;
}

/**
 * The member's subscription row and what premium checks read (status and access end), changed
 * together.
 */
export async function writeSubscription(tx: Transaction, userId: string, state: SubscriptionState) {
  const now = new Date();
  await tx
    .insert(subscriptions)
    .values({ userId, ...state })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...state, updatedAt: now } });
  await tx
    .update(users)
    .set({ subscriptionStatus: state.status, premiumAccessEndsAt: premiumAccessEnd(state), updatedAt: now })
    .where(eq(users.id, userId));
}

type MemberBilling = {
  status: string | null;
  premiumAccessEndsAt: Date | null;
  customerId: string | null;
  provider: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
};

export async function readMemberBilling(db: Database | Transaction, userId: string): Promise<MemberBilling> {
  const [row] = await db
    .select({
      status: users.subscriptionStatus,
      premiumAccessEndsAt: users.premiumAccessEndsAt,
      customerId: users.stripeCustomerId,
      provider: subscriptions.provider,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  // The session was valid a moment ago; the account has just been deleted.
  if (!row) throw unauthorized();
  return row;
}

/** Whether the member's own subscription opens premium now (admin rights aside). */
export function isPaidAccessOpen(billing: MemberBilling, now = new Date()): boolean {
  return hasPremiumAccess(
    { subscriptionStatus: billing.status, premiumAccessEndsAt: billing.premiumAccessEndsAt },
    now,
  );
}

export async function getSubscriptionDetails(
  ctx: BillingContext,
  userId: string,
): Promise<SubscriptionDetails> {
  const billing = await readMemberBilling(ctx.db, userId);
  const status = billing.status;
  // An active subscription whose paid period is over is over, even before Stripe or the daily
  // job says so: the member may subscribe again.
  const hasLapsed = status !== null && PREMIUM_STATUSES.includes(status) && !isPaidAccessOpen(billing);
  const live = status !== null && LIVE_STATUSES.includes(status) && !hasLapsed;
  let billingManagement: SubscriptionDetails['billingManagement'] = 'contact-support';
  if (ctx.mode === 'stripe' && billing.customerId && billing.provider === 'stripe')
    billingManagement = 'portal';
  if (ctx.mode === 'test' && billing.provider === 'test' && live) billingManagement = 'test-cancel';
  return {
    hasSubscription: live,
    subscriptionStatus: status,
    currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: billing.cancelAtPeriodEnd ?? false,
    mode: ctx.mode,
    billingManagement,
  };
}

/** The checks every checkout makes before it reaches a provider. */
export async function assertCanCheckout(ctx: BillingContext, userId: string, input: CheckoutInput) {
  if (input?.priceId && input.priceId !== ctx.priceId) throw badRequest(MESSAGES.wrongPrice);
  const billing = await readMemberBilling(ctx.db, userId);
  if (isPaidAccessOpen(billing)) throw conflict(MESSAGES.alreadyActive);
}

export function syncResult(status: string | null): SyncResult {
  if (status && PREMIUM_STATUSES.includes(status)) {
    return { success: true, message: MESSAGES.synced, subscriptionStatus: status };
  }
  if (status === 'past_due' || status === 'unpaid') {
    return { success: false, message: MESSAGES.pastDue, subscriptionStatus: status };
  }
  return { success: false, message: MESSAGES.notFoundYet, subscriptionStatus: status };
}

/** A payment-provider failure the member can only retry: logged in full, answered plainly. */
export function providerUnavailable(log: FastifyBaseLogger, error: unknown, action: string): AppError {
  log.error({ err: error }, `Stripe call failed: ${action}`);
  return paymentProviderError(MESSAGES.providerDown);
}
