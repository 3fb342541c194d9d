import { hasPremiumAccess, PREMIUM_STATUSES } from '@shared/entitlements.ts';
import {
  type BillingPlan,
  type CheckoutInput,
  PLAN,
  PLAN_INTERVALS,
  type Plan,
  type PlanPrice,
  type SubscriptionDetails,
  type SyncResult,
  TEST_ANNUAL_PRICE_ID,
  TEST_PRICE_ID,
} from '@shared/schemas/subscription.ts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { type AppError, badRequest, conflict, paymentProviderError, unauthorized } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { sharedResult } from '../../lib/shared-result.ts';
import { createStripeClient, type Stripe, stripeId } from '../../lib/stripe.ts';

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
  /**
   * The monthly plan's identifier (STRIPE_PRICE_ID, or the test-mode one): always accepted by
   * checkout, and what a checkout that names no plan buys.
   */
  priceId: string;
  /** Null in test mode. */
  stripe: Stripe | null;
  webhookSecret: string | null;
  /** The plan's price: STRIPE_PRICE_ID's price (read once, then cached), or PLAN_* in test mode. */
  planPrice: () => Promise<PlanPrice>;
  /**
   * The plans on sale, monthly first: PLAN_* in test mode; in Stripe mode the operator's
   * product's active recurring prices (read once, then cached).
   */
  plans: () => Promise<BillingPlan[]>;
  /**
   * Stripe mode: the operator's product (STRIPE_PRODUCT_ID, or STRIPE_PRICE_ID's product). A
   * subscription to any of its prices, current or archived, grants access.
   */
  productId: () => Promise<string>;
  /** Days of free trial a new subscription starts with (PLAN_TRIAL_DAYS; 0: none). */
  trialDays: number;
  /** Writes the "Welcome to premium" e-mail to the outbox when a subscription starts. */
  mailer: Mailer;
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

const SELLABLE_INTERVALS = ['month', 'year'] as const;

/**
 * The plans among a product's prices: per interval (month, then year), the configured price when
 * it is one of them, else the newest. Prices without a fixed amount, or billed every N months,
 * are not plans this app can show.
 */
export function plansFromPrices(
  prices: Stripe.Price[],
  configuredPriceId: string,
  trialDays: number,
): BillingPlan[] {
  const plans: BillingPlan[] = [];
  for (const interval of SELLABLE_INTERVALS) {
    const candidates = prices
      .filter(
        (price) =>
          price.active &&
          price.unit_amount !== null &&
          price.recurring?.interval === interval &&
          price.recurring.interval_count === 1,
      )
      .sort((a, b) => b.created - a.created);
    const chosen = candidates.find((price) => price.id === configuredPriceId) ?? candidates[0];
    if (chosen) {
      plans.push({
        id: chosen.id,
        interval,
        amountCents: chosen.unit_amount!,
        currency: chosen.currency.toLowerCase(),
        trialDays,
      });
    }
  }
  return plans;
}

/** The operator's product and its plans, each read once; a failure is not cached. */
function stripeCatalog(
  stripe: Stripe,
  settings: { priceId: string; productId: string | undefined },
  trialDays: number,
  log: FastifyBaseLogger,
) {
  const productId = sharedResult(Number.POSITIVE_INFINITY, async () => {
    if (settings.productId) return settings.productId;
    let price: Stripe.Price;
    try {
      price = await stripe.prices.retrieve(settings.priceId);
    } catch (error) {
      throw providerUnavailable(log, error, `read price ${settings.priceId}`);
    }
    return stripeId(price.product)!;
  });
  const plans = sharedResult(Number.POSITIVE_INFINITY, async () => {
    const product = await productId();
    let list: Stripe.ApiList<Stripe.Price>;
    try {
      list = await stripe.prices.list({ product, active: true, type: 'recurring', limit: 100 });
    } catch (error) {
      throw providerUnavailable(log, error, `list the prices of ${product}`);
    }
    return plansFromPrices(list.data, settings.priceId, trialDays);
  });
  return { productId, plans };
}

export function createBillingContext(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  mailer: Mailer,
): BillingContext {
  const base = { db, log, mailer, publicUrl: config.publicUrl, trialDays: config.plan.trialDays };
  if (config.stripe.mode === 'stripe') {
    const stripe = createStripeClient({ secretKey: config.stripe.secretKey, apiBase: config.stripe.apiBase });
    return {
      ...base,
      mode: 'stripe',
      priceId: config.stripe.priceId,
      stripe,
      webhookSecret: config.stripe.webhookSecret,
      planPrice: stripePlanPrice(stripe, config.stripe.priceId, log),
      ...stripeCatalog(stripe, config.stripe, config.plan.trialDays, log),
    };
  }
  const { amount, currency, interval, annualAmount, trialDays } = config.plan;
  const price = priceFor(amount, currency, interval);
  const plans: BillingPlan[] = [{ id: TEST_PRICE_ID, interval, amountCents: amount, currency, trialDays }];
  if (annualAmount !== undefined) {
    plans.push({
      id: TEST_ANNUAL_PRICE_ID,
      interval: 'year',
      amountCents: annualAmount,
      currency,
      trialDays,
    });
  }
  return {
    ...base,
    mode: 'test',
    priceId: TEST_PRICE_ID,
    stripe: null,
    webhookSecret: null,
    planPrice: async () => price,
    plans: async () => plans,
    productId: async () => {
      throw new Error('test mode has no Stripe product');
    },
  };
}

/** A plan's price as the checkout and the test-mode subscription count it. */
export function planPriceOf(plan: BillingPlan): PlanPrice {
  return priceFor(plan.amountCents, plan.currency, plan.interval);
}

/** A subscription that still exists (it may need the member's attention, like past_due). */
export const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

export const SUCCESS_URL_PATH = '/subscribe?success=true';
export const CANCEL_URL_PATH = '/subscribe';

export const MESSAGES = {
  alreadyActive: 'You already have an active subscription.',
  wrongPrice: 'priceId: this is not one of the Stillpoint plans.',
  providerDown: 'The payment provider could not be reached. Please try again in a moment.',
  synced: 'Your subscription is active. Welcome to Stillpoint Premium.',
  trialStarted: 'Your free trial has started. Welcome to Stillpoint Premium.',
  trialAlreadyCancelled: 'Your trial is already cancelled: your access ends when the trial does.',
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
  /**
   * What one period costs and how long it is, when the writer knows (Stripe's price, the test
   * checkout's plan); left out, the stored figures stay as they were. The business analytics read
   * them.
   */
  price?: { amountCents: number; currency: string; interval: (typeof PLAN_INTERVALS)[number] } | null;
  /** When the free trial ended or ends; left out, the stored date stays. */
  trialEndsAt?: Date | null;
};

/** The subscription row's columns for a state (`price` spread into its three columns). */
function subscriptionColumns({ price, ...state }: SubscriptionState) {
  if (price === undefined) return state;
  return {
    ...state,
    amountCents: price?.amountCents ?? null,
    currency: price?.currency ?? null,
    billingInterval: price?.interval ?? null,
  };
}

/**
 * How long a Stripe subscription that renews by itself keeps access past its stored period end:
 * Stripe moves the period forward at renewal and tells us by webhook, and a failed renewal
 * arrives as `past_due` the same way. The grace only covers a late or lost webhook until the
 * daily reconciliation re-reads Stripe (docs/decisions/017-write-limits-and-access-end.md).
 */
export const STRIPE_RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * A trial the operator does not offer opens nothing: its access ended before it began. (Stripe
 * only starts trials our checkout asks for, but a dashboard can start one by hand.) Decision 084.
 */
const ACCESS_CLOSED = new Date(0);

/**
 * When the access a subscription gives ends: its period end, for a subscription that will not
 * renew (cancel at period end, the test-mode checkout); a day later for a renewing Stripe one
 * and for a trial that will convert; never for complimentary access or a subscription without a
 * period. A trial's period is the trial itself, and it opens premium only while the operator
 * offers trials.
 */
export function premiumAccessEnd(state: SubscriptionState, options: WriteOptions = {}): Date | null {
  if (state.status === 'trialing' && !options.trialOpensPremium) return ACCESS_CLOSED;
  if (state.provider === 'complimentary' || !state.currentPeriodEnd) return null;
  // A test-mode trial that will convert waits for the daily job like a Stripe renewal waits for
  // its webhook: the same day of grace, so premium does not blink off at the trial's end.
  const willRenew = !state.cancelAtPeriodEnd && (state.provider === 'stripe' || state.status === 'trialing');
  if (willRenew) return new Date(state.currentPeriodEnd.getTime() + STRIPE_RENEWAL_GRACE_MS);
  return state.currentPeriodEnd;
}

type WriteOptions = {
  /** True while the operator offers a trial (PLAN_TRIAL_DAYS > 0); see `trialOptions`. */
  trialOpensPremium?: boolean;
};

/** The write options a billing context implies. */
export const trialOptions = (ctx: BillingContext): WriteOptions => ({ trialOpensPremium: ctx.trialDays > 0 });

/**
 * The member's subscription row and what premium checks read (status and access end), changed
 * together.
 */
export async function writeSubscription(
  tx: Transaction,
  userId: string,
  state: SubscriptionState,
  options: WriteOptions = {},
) {
  const now = new Date();
  const columns = subscriptionColumns(state);
  await tx
    .insert(subscriptions)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...columns, updatedAt: now } });
  await tx
    .update(users)
    .set({
      subscriptionStatus: state.status,
      premiumAccessEndsAt: premiumAccessEnd(state, options),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

type MemberBilling = {
  status: string | null;
  premiumAccessEndsAt: Date | null;
  customerId: string | null;
  provider: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
  priceId: string | null;
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
      priceId: subscriptions.priceId,
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
  // A trial already cancelled (it runs to its end) has nothing left to cancel.
  const isCancelledTrial = status === 'trialing' && billing.cancelAtPeriodEnd === true;
  if (ctx.mode === 'test' && billing.provider === 'test' && live && !isCancelledTrial) {
    billingManagement = 'test-cancel';
  }
  return {
    hasSubscription: live,
    subscriptionStatus: status,
    currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: billing.cancelAtPeriodEnd ?? false,
    mode: ctx.mode,
    billingManagement,
    priceId: billing.priceId,
  };
}

/**
 * The plan a checkout buys: the one its priceId names, or the monthly one. The configured
 * monthly identifier stays valid even when the plans list shows another monthly price.
 */
export async function resolveCheckoutPlan(
  ctx: BillingContext,
  priceId: string | undefined,
): Promise<BillingPlan> {
  const plans = await ctx.plans();
  const named = priceId ? plans.find((plan) => plan.id === priceId) : plans[0];
  if (named) return named;
  if (priceId && priceId !== ctx.priceId) throw badRequest(MESSAGES.wrongPrice);
  const price = await ctx.planPrice();
  const interval = (PLAN_INTERVALS as readonly string[]).includes(price.interval)
    ? (price.interval as BillingPlan['interval'])
    : 'month';
  return {
    id: ctx.priceId,
    interval,
    amountCents: price.amountCents,
    currency: price.currency,
    trialDays: ctx.trialDays,
  };
}

/** The checks every checkout makes before it reaches a provider; answers the plan it buys. */
export async function assertCanCheckout(
  ctx: BillingContext,
  userId: string,
  input: CheckoutInput,
): Promise<BillingPlan> {
  const plan = await resolveCheckoutPlan(ctx, input?.priceId || undefined);
  const billing = await readMemberBilling(ctx.db, userId);
  if (isPaidAccessOpen(billing)) throw conflict(MESSAGES.alreadyActive);
  return plan;
}

export function syncResult(billing: MemberBilling): SyncResult {
  const status = billing.status;
  if (status && isPaidAccessOpen(billing)) {
    const message = status === 'trialing' ? MESSAGES.trialStarted : MESSAGES.synced;
    return { success: true, message, subscriptionStatus: status };
  }
  if (status === 'past_due' || status === 'unpaid') {
    return { success: false, message: MESSAGES.pastDue, subscriptionStatus: status };
  }
  return { success: false, message: MESSAGES.notFoundYet, subscriptionStatus: status };
}

/** A payment-provider failure the member can only retry: logged in full, answered plainly. */
export function providerUnavailable(log: FastifyBaseLogger, error: unknown, action: string): AppError {
  log.error({ err: error }, `Stripe call failed: ${action}`);
  // Stripe's error stays as the cause, for a caller that says why (the member import's line errors).
  return Object.assign(paymentProviderError(MESSAGES.providerDown), { cause: error });
}
