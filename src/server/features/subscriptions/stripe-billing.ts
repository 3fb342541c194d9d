import type { BillingPlan } from '@shared/schemas/subscription.ts';
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { checkoutSessions, stripeEvents, subscriptions, users } from '../../db/schema/index.ts';
import { badRequest, badSignature, conflict, notOffered } from '../../lib/errors.ts';
import { fromStripeTime, type Stripe, stripeId } from '../../lib/stripe.ts';
import { countOfferRedemption, OFFER_MESSAGES } from './offers.service.ts';
import {
  type BillingContext,
  CANCEL_URL_PATH,
  LIVE_STATUSES,
  providerUnavailable,
  readMemberBilling,
  SUCCESS_URL_PATH,
  type SubscriptionState,
  syncResult,
  trialOptions,
  writeSubscription,
} from './subscriptions.service.ts';
import { sendWelcomeOnce } from './welcome-email.tsx';

/**
 * Stripe mode. Stripe is the truth: every webhook, sync and reconciliation re-reads the
 * customer's subscriptions from Stripe (never the event's copy, which may be stale or out of
 * order) and stores the one that matters, under a per-customer lock so a slower, older read can
 * never overwrite a newer one.
 */

type StripeContext = BillingContext & { stripe: Stripe; webhookSecret: string };

function stripeMode(ctx: BillingContext): StripeContext {
  if (ctx.mode !== 'stripe' || !ctx.stripe || !ctx.webhookSecret) {
    throw notOffered('Stripe is not configured on this server.');
  }
  return ctx as StripeContext;
}

const lockKey = (kind: string, id: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:${id}`}, 0))`;

/** The member's Stripe customer: created once (the id is stored), reused for every checkout. */
async function ensureCustomer(
  ctx: StripeContext,
  user: { id: string; email: string; name: string },
): Promise<string> {
  const existing = await readMemberBilling(ctx.db, user.id);
  if (existing.customerId) return existing.customerId;
  return ctx.db.transaction(async (tx) => {
    // Two clicks at once must not create two customers: the second waits here, then reuses.
    await tx.execute(lockKey('stripe-customer', user.id));
    const current = await readMemberBilling(tx, user.id);
    if (current.customerId) return current.customerId;
    let customer: Stripe.Customer;
    try {
      customer = await ctx.stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey: `stillpoint-customer-${user.id}` },
      );
    } catch (error) {
      throw providerUnavailable(ctx.log, error, 'create customer');
    }
    await tx
      .update(users)
      .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return customer.id;
  });
}

export async function createStripeCheckout(
  base: BillingContext,
  user: { id: string; email: string; name: string },
  plan: BillingPlan,
  offer: { id: string; stripePromotionCodeId: string | null } | null,
): Promise<{ url: string }> {
  const ctx = stripeMode(base);
  // An offer made while the server ran in test mode has no Stripe promotion code to apply.
  if (offer && !offer.stripePromotionCodeId) throw badRequest(`promotionCode: ${OFFER_MESSAGES.unknown}`);
  const customer = await ensureCustomer(ctx, user);
  let session: Stripe.Checkout.Session;
  try {
    session = await ctx.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price: plan.id, quantity: 1 }],
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_data: {
        metadata: { userId: user.id },
        // Stripe bills at the trial's end, and its subscription is `trialing` until then.
        ...(plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}),
      },
      ...(offer ? { discounts: [{ promotion_code: offer.stripePromotionCodeId! }] } : {}),
      success_url: `${ctx.publicUrl}${SUCCESS_URL_PATH}`,
      cancel_url: `${ctx.publicUrl}${CANCEL_URL_PATH}`,
    });
  } catch (error) {
    throw providerUnavailable(ctx.log, error, 'create checkout session');
  }
  if (!session.url) throw providerUnavailable(ctx.log, new Error('no url'), 'checkout session without url');
  await ctx.db.insert(checkoutSessions).values({
    userId: user.id,
    provider: 'stripe',
    stripeSessionId: session.id,
    priceId: plan.id,
    offerId: offer?.id ?? null,
    expiresAt: fromStripeTime(session.expires_at) ?? new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { url: session.url };
}

export async function createBillingPortal(base: BillingContext, userId: string): Promise<{ url: string }> {
  if (base.mode !== 'stripe') {
    throw conflict('Manage Billing is not available in test mode: cancel the test subscription instead.');
  }
  const ctx = stripeMode(base);
  const billing = await readMemberBilling(ctx.db, userId);
  if (!billing.customerId) {
    throw conflict('There is no billing account for you yet: subscribe first.');
  }
  try {
    const portal = await ctx.stripe.billingPortal.sessions.create({
      customer: billing.customerId,
      return_url: `${ctx.publicUrl}${CANCEL_URL_PATH}`,
    });
    return { url: portal.url };
  } catch (error) {
    throw providerUnavailable(ctx.log, error, 'create billing portal session');
  }
}

// --- Reading the truth from Stripe -------------------------------------------------------------

const STATUS_RANK: Record<string, number> = {
  active: 0,
  trialing: 1,
  past_due: 2,
  unpaid: 3,
  paused: 4,
  incomplete: 5,
  canceled: 6,
};

/** Stripe's status as we store it: incomplete_expired never became a subscription. */
export function mapStripeStatus(status: Stripe.Subscription.Status): string {
  return status === 'incomplete_expired' ? 'canceled' : status;
}

/** Of a customer's subscriptions to our product, the one that decides access (best status, then newest). */
export function pickCurrentSubscription(list: Stripe.Subscription[]): Stripe.Subscription | null {
  const sorted = [...list].sort((a, b) => {
    const rank =
      (STATUS_RANK[mapStripeStatus(a.status)] ?? 9) - (STATUS_RANK[mapStripeStatus(b.status)] ?? 9);
    return rank !== 0 ? rank : b.created - a.created;
  });
  return sorted[0] ?? null;
}

/**
 * Whether a subscription item is to one of the operator's prices: any price of its product, so a
 * subscriber keeps access after the operator changes the price or adds an annual one.
 */
const isOurItem = (item: Stripe.SubscriptionItem, productId: string) =>
  stripeId(item.price.product) === productId;

function toState(subscription: Stripe.Subscription, productId: string): SubscriptionState {
  const items = subscription.items.data.filter((item) => isOurItem(item, productId));
  const periodEnds = items.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  const status = mapStripeStatus(subscription.status);
  const price = items[0]?.price;
  const stripeInterval = price?.recurring?.interval;
  const interval = stripeInterval === 'month' ? 'month' : stripeInterval === 'year' ? 'year' : null;
  return {
    provider: 'stripe',
    stripeSubscriptionId: subscription.id,
    priceId: price?.id ?? null,
    // What the subscriber pays per period (a retired price included), for the business figures.
    price:
      price && typeof price.unit_amount === 'number' && interval
        ? { amountCents: price.unit_amount, currency: price.currency, interval }
        : null,
    trialEndsAt: fromStripeTime(subscription.trial_end),
    status,
    currentPeriodEnd: fromStripeTime(periodEnds.length > 0 ? Math.max(...periodEnds) : null),
    cancelAtPeriodEnd:
      status !== 'canceled' && (subscription.cancel_at_period_end || subscription.cancel_at !== null),
    canceledAt: fromStripeTime(subscription.ended_at ?? subscription.canceled_at),
  };
}

type SyncOutcome = 'updated' | 'no-subscription' | 'unknown-customer' | 'kept-complimentary';

/**
 * Inside the caller's transaction: lock the customer, read its subscriptions to our price from
 * Stripe, and store the current one on the member who owns the customer (linking `userId` to
 * the customer when Checkout created it). Stripe failures throw, so the transaction rolls back.
 */
async function syncCustomerInTransaction(
  ctx: StripeContext,
  tx: Transaction,
  customerId: string,
  linkUserId: string | null,
): Promise<SyncOutcome> {
  const productId = await ctx.productId();
  await tx.execute(lockKey('stripe-sync', customerId));
  let list: Stripe.ApiList<Stripe.Subscription>;
  try {
    list = await ctx.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
  } catch (error) {
    throw providerUnavailable(ctx.log, error, 'list subscriptions');
  }
  const ours = list.data.filter((subscription) =>
    subscription.items.data.some((item) => isOurItem(item, productId)),
  );

  let [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
  if (!owner && linkUserId) {
    [owner] = await tx
      .update(users)
      .set({ stripeCustomerId: customerId, updatedAt: new Date() })
      .where(and(eq(users.id, linkUserId), isNull(users.stripeCustomerId)))
      .returning({ id: users.id });
  }
  if (!owner) return 'unknown-customer';
  const current = pickCurrentSubscription(ours);
  if (!current) return 'no-subscription';
  const state = toState(current, productId);

  // Access an admin granted is not taken away by a lapsed Stripe subscription.
  const [existing] = await tx
    .select({ provider: subscriptions.provider, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, owner.id));
  if (existing?.provider === 'complimentary' && existing.status === 'active' && state.status !== 'active') {
    return 'kept-complimentary';
  }
  await writeSubscription(tx, owner.id, state, trialOptions(ctx));
  await welcomeNewSubscription(ctx, tx, owner.id, current, state);
  return 'updated';
}

/** How recent a subscription must be to be welcomed: a lost webhook is repaired within a day. */
const WELCOME_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The "Welcome to premium" e-mail for a subscription that has just started and opens premium,
 * whichever path first sees it (checkout.session.completed, customer.subscription.created, a
 * later update of an `incomplete` one, the member's sync, the reconciliation); once per
 * subscription id (`sendWelcomeOnce`). A subscription older than the window is never welcomed, so
 * subscribers from before this e-mail existed are not written to.
 */
async function welcomeNewSubscription(
  ctx: StripeContext,
  tx: Transaction,
  userId: string,
  subscription: Stripe.Subscription,
  state: SubscriptionState,
) {
  const isNew = Date.now() - subscription.created * 1000 < WELCOME_WINDOW_MS;
  const opensPremium =
    state.status === 'active' || (state.status === 'trialing' && trialOptions(ctx).trialOpensPremium);
  if (!isNew || !opensPremium || !state.price) return;
  await sendWelcomeOnce(tx, ctx, userId, subscription.id, {
    ...state.price,
    trialEndsAt: state.status === 'trialing' ? (state.trialEndsAt ?? null) : null,
  });
}

/** POST /api/sync-subscription-status in Stripe mode. */
export async function syncStripeMember(base: BillingContext, userId: string) {
  const ctx = stripeMode(base);
  const billing = await readMemberBilling(ctx.db, userId);
  if (billing.customerId) {
    const customerId = billing.customerId;
    await ctx.db.transaction((tx) => syncCustomerInTransaction(ctx, tx, customerId, null));
  }
  return syncResult(await readMemberBilling(ctx.db, userId));
}

// --- Webhooks ----------------------------------------------------------------------------------

/** Verifies the signature on the raw body (and a timestamp within five minutes). */
export function verifyWebhook(
  base: BillingContext,
  rawBody: Buffer,
  signature: string | undefined,
): Stripe.Event {
  const ctx = stripeMode(base);
  if (!signature) throw badSignature('Missing Stripe-Signature header');
  try {
    return ctx.stripe.webhooks.constructEvent(rawBody, signature, ctx.webhookSecret, 300);
  } catch {
    throw badSignature('Invalid Stripe signature');
  }
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** The customer an event is about (and the member Checkout names), or null for events we ignore. */
function eventTarget(event: Stripe.Event): { customerId: string; userId: string | null } | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const customerId = stripeId(session.customer);
      if (session.mode !== 'subscription' || !customerId) return null;
      return { customerId, userId: session.client_reference_id ?? session.metadata?.userId ?? null };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const customerId = stripeId(event.data.object.customer);
      return customerId ? { customerId, userId: null } : null;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const customerId = stripeId(event.data.object.customer);
      return customerId ? { customerId, userId: null } : null;
    }
    default:
      return null;
  }
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | SyncOutcome;

/**
 * Applies an event once: its id is stored in the same transaction as its effect, so a retried
 * delivery after a crash is applied, and a duplicate one is not.
 */
export async function handleStripeEvent(base: BillingContext, event: Stripe.Event): Promise<WebhookOutcome> {
  const ctx = stripeMode(base);
  const target = eventTarget(event);
  const userId = target?.userId && /^[0-9a-f-]{36}$/i.test(target.userId) ? target.userId : null;
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return 'duplicate';
    if (!target) return 'ignored';
    if (event.type === 'checkout.session.completed') await recordCompletedCheckout(tx, event.data.object.id);
    return syncCustomerInTransaction(ctx, tx, target.customerId, userId);
  });
}

/**
 * Marks our row of a paid Stripe Checkout complete, once, and counts its offer's redemption
 * (Stripe enforces the offer's limit itself; this count is what the admin list shows).
 */
async function recordCompletedCheckout(tx: Transaction, stripeSessionId: string) {
  const now = new Date();
  const [completed] = await tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: now, updatedAt: now })
    .where(
      and(eq(checkoutSessions.stripeSessionId, stripeSessionId), ne(checkoutSessions.status, 'complete')),
    )
    .returning({ offerId: checkoutSessions.offerId });
  if (completed?.offerId) await countOfferRedemption(tx, completed.offerId);
}

// --- Reconciliation ----------------------------------------------------------------------------

const RECONCILE_PAGE = 100;
const RECONCILE_CONCURRENCY = 4;
/** Members who started a checkout recently but have no status yet (a webhook may have been lost). */
const RECENT_CHECKOUT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Re-syncs every member whose subscription is not final (live, incomplete, or a checkout started
 * in the last week without a status), a page at a time. Returns counts; one member's failure is
 * logged and does not stop the rest.
 */
export async function reconcileStripeMembers(
  base: BillingContext,
): Promise<{ synced: number; failed: number }> {
  const ctx = stripeMode(base);
  let synced = 0;
  let failed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  const recent = new Date(Date.now() - RECENT_CHECKOUT_MS);
  for (;;) {
    const page = await ctx.db
      .select({ id: users.id, customerId: users.stripeCustomerId })
      .from(users)
      .where(
        and(
          gt(users.id, after),
          sql`${users.stripeCustomerId} is not null`,
          or(
            inArray(users.subscriptionStatus, [...LIVE_STATUSES, 'incomplete']),
            and(
              isNull(users.subscriptionStatus),
              sql`exists (select 1 from ${checkoutSessions} where ${checkoutSessions.userId} = ${users.id} and ${checkoutSessions.createdAt} > ${recent})`,
            ),
          ),
        ),
      )
      .orderBy(users.id)
      .limit(RECONCILE_PAGE);
    for (let index = 0; index < page.length; index += RECONCILE_CONCURRENCY) {
      const batch = page.slice(index, index + RECONCILE_CONCURRENCY);
      const results = await Promise.allSettled(
        batch.map((member) =>
          ctx.db.transaction((tx) => syncCustomerInTransaction(ctx, tx, member.customerId!, null)),
        ),
      );
      for (const [position, result] of results.entries()) {
        if (result.status === 'fulfilled') synced += 1;
        else {
          failed += 1;
          ctx.log.warn(
            { err: result.reason, userId: batch[position]?.id },
            'subscription reconciliation failed',
          );
        }
      }
    }
    if (page.length < RECONCILE_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  return { synced, failed };
}
