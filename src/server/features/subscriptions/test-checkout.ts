import { discountedAmount, type OfferDuration } from '@shared/schemas/offers.ts';
import {
  type BillingPlan,
  PLAN,
  type SubscriptionDetails,
  type TestCheckoutSession,
} from '@shared/schemas/subscription.ts';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { checkoutSessions, offers, subscriptions, users } from '../../db/schema/index.ts';
import { checkoutExpired, conflict, notFound, notOffered } from '../../lib/errors.ts';
import { redeemOffer } from './offers.service.ts';
import {
  type BillingContext,
  getSubscriptionDetails,
  isPaidAccessOpen,
  MESSAGES,
  planPriceOf,
  readMemberBilling,
  resolveCheckoutPlan,
  SUCCESS_URL_PATH,
  trialOptions,
  writeSubscription,
} from './subscriptions.service.ts';
import { sendWelcomeOnce } from './welcome-email.tsx';

/**
 * The built-in test-mode checkout (docs/architecture.md, "Contracts"): used when no STRIPE_SECRET_KEY is set, so the
 * whole cycle can be tried offline. It behaves like Stripe's hosted checkout for the plan (PLAN_AMOUNT, default $12):
 * a session per click, only its member can pay it, paying it twice does nothing more. With a trial
 * (PLAN_TRIAL_DAYS) paying starts a `trialing` subscription; the daily job converts it to a paid
 * period at the trial's end, unless the member cancelled, when access ends there.
 */

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const sessionNotFound = () => notFound('Checkout session');
export const TEST_MODE_ONLY =
  'The test-mode checkout is not enabled: this server takes payments through Stripe.';

function assertTestMode(ctx: BillingContext) {
  if (ctx.mode !== 'test') throw notOffered(TEST_MODE_ONLY);
}

/** 'Stillpoint Monthly', 'Stillpoint Annual': the plan's name on the checkout. */
export const planName = (plan: BillingPlan) => (plan.interval === 'year' ? 'Stillpoint Annual' : PLAN.name);

/** The plan a stored session bought; a plan since withdrawn falls back to the monthly one. */
async function sessionPlan(ctx: BillingContext, priceId: string): Promise<BillingPlan> {
  const plans = await ctx.plans();
  return plans.find((plan) => plan.id === priceId) ?? resolveCheckoutPlan(ctx, undefined);
}

export async function createTestCheckout(
  ctx: BillingContext,
  userId: string,
  plan: BillingPlan,
  offer: { id: string } | null,
): Promise<{ url: string }> {
  assertTestMode(ctx);
  const [session] = await ctx.db
    .insert(checkoutSessions)
    .values({
      userId,
      provider: 'test',
      priceId: plan.id,
      offerId: offer?.id ?? null,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    })
    .returning({ id: checkoutSessions.id });
  return { url: `${ctx.publicUrl}/checkout/test/${session!.id}` };
}

export async function getTestCheckout(
  ctx: BillingContext,
  user: { id: string; email: string },
  sessionId: string,
): Promise<TestCheckoutSession> {
  assertTestMode(ctx);
  const [session] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, sessionId),
        eq(checkoutSessions.userId, user.id),
        eq(checkoutSessions.provider, 'test'),
      ),
    );
  // Another member's session is answered exactly like a missing one.
  if (!session) throw sessionNotFound();
  const expired = session.status === 'open' && session.expiresAt.getTime() <= Date.now();
  const plan = await sessionPlan(ctx, session.priceId);
  const [offer] = session.offerId
    ? await ctx.db.select().from(offers).where(eq(offers.id, session.offerId))
    : [];
  const preview = offer
    ? {
        code: offer.code,
        percentOff: offer.percentOff,
        amountOffCents: offer.amountOffCents,
        duration: offer.duration as OfferDuration,
        durationInMonths: offer.durationInMonths,
      }
    : null;
  return {
    id: session.id,
    status: expired ? 'expired' : (session.status as TestCheckoutSession['status']),
    email: user.email,
    planName: planName(plan),
    ...planPriceOf(plan),
    trialDays: plan.trialDays,
    offer: preview,
    firstChargeCents: preview ? discountedAmount(plan.amountCents, preview) : plan.amountCents,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/**
 * Pays a test session: a 30-day active subscription, once. Paying it again answers the same
 * redirect and changes nothing; another member's session is not found.
 */
export async function completeTestCheckout(
  ctx: BillingContext,
  userId: string,
  sessionId: string,
): Promise<{ redirectUrl: string }> {
  assertTestMode(ctx);
  return ctx.db.transaction(async (tx) => {
    // The member's row first, then the session: concurrent completions of two sessions queue here.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.id, sessionId),
          eq(checkoutSessions.userId, userId),
          eq(checkoutSessions.provider, 'test'),
        ),
      )
      .for('update');
    if (!session) throw sessionNotFound();
    if (session.status === 'complete') return { redirectUrl: SUCCESS_URL_PATH };
    if (session.status === 'expired' || session.expiresAt.getTime() <= Date.now()) {
      throw checkoutExpired();
    }
    const billing = await readMemberBilling(tx, userId);
    if (isPaidAccessOpen(billing)) {
      await tx
        .update(checkoutSessions)
        .set({ status: 'expired', updatedAt: new Date() })
        .where(eq(checkoutSessions.id, sessionId));
      throw conflict(MESSAGES.alreadyActive);
    }
    const now = new Date();
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: now, updatedAt: now })
      .where(eq(checkoutSessions.id, sessionId));
    if (session.offerId) {
      const refused = await redeemOffer(tx, session.offerId);
      if (refused) throw refused;
    }
    const plan = await sessionPlan(ctx, session.priceId);
    const isTrial = plan.trialDays > 0;
    const trialEndsAt = isTrial ? new Date(now.getTime() + plan.trialDays * DAY_MS) : null;
    await writeSubscription(
      tx,
      userId,
      {
        provider: 'test',
        stripeSubscriptionId: null,
        priceId: plan.id,
        status: isTrial ? 'trialing' : 'active',
        currentPeriodEnd: new Date(
          now.getTime() + (isTrial ? plan.trialDays : planPriceOf(plan).periodDays) * DAY_MS,
        ),
        // A trial bills at its end (the daily job); a paid test period has no card to renew it,
        // so it ends after its days.
        cancelAtPeriodEnd: !isTrial,
        canceledAt: null,
        price: { amountCents: plan.amountCents, currency: plan.currency, interval: plan.interval },
        trialEndsAt,
      },
      trialOptions(ctx),
    );
    // Keyed by the session: paying it again returned above, so this is its one welcome.
    await sendWelcomeOnce(tx, ctx, userId, `test:${session.id}`, {
      interval: plan.interval,
      amountCents: plan.amountCents,
      currency: plan.currency,
      trialEndsAt,
    });
    return { redirectUrl: SUCCESS_URL_PATH };
  });
}

/**
 * Cancels the member's test subscription at once (status canceled), so premium closes now; a
 * trial is cancelled at its end instead, as Stripe does, so the member keeps the days they were
 * promised and is never charged.
 */
export async function cancelTestSubscription(
  ctx: BillingContext,
  userId: string,
): Promise<SubscriptionDetails> {
  assertTestMode(ctx);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'test')))
      .for('update');
    if (!current || current.status === 'canceled') {
      throw conflict('You have no test-mode subscription to cancel.');
    }
    if (current.status === 'trialing') {
      if (current.cancelAtPeriodEnd) throw conflict(MESSAGES.trialAlreadyCancelled);
      await writeSubscription(
        tx,
        userId,
        {
          provider: 'test',
          stripeSubscriptionId: null,
          priceId: current.priceId,
          status: 'trialing',
          currentPeriodEnd: current.currentPeriodEnd,
          cancelAtPeriodEnd: true,
          canceledAt: new Date(),
        },
        trialOptions(ctx),
      );
      return;
    }
    const now = new Date();
    await writeSubscription(tx, userId, {
      provider: 'test',
      stripeSubscriptionId: null,
      priceId: current.priceId,
      status: 'canceled',
      currentPeriodEnd: now,
      cancelAtPeriodEnd: false,
      canceledAt: now,
    });
  });
  return getSubscriptionDetails(ctx, userId);
}

/**
 * Trials that reached their end without being cancelled become paid: the plan's first period
 * starts where the trial ended (test mode has no card, so that period does not renew).
 */
async function convertEndedTestTrials(ctx: BillingContext): Promise<number> {
  const ended = await ctx.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        eq(subscriptions.status, 'trialing'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        lte(subscriptions.currentPeriodEnd, new Date()),
      ),
    );
  let converted = 0;
  for (const { userId } of ended) {
    const didConvert = await ctx.db.transaction(async (tx) => {
      // Read again under the lock: the member may have cancelled since.
      const [trial] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.status, 'trialing'),
            eq(subscriptions.cancelAtPeriodEnd, false),
          ),
        )
        .for('update');
      if (!trial?.currentPeriodEnd) return false;
      const plan = await sessionPlan(ctx, trial.priceId ?? ctx.priceId);
      await writeSubscription(tx, userId, {
        provider: 'test',
        stripeSubscriptionId: null,
        priceId: plan.id,
        status: 'active',
        currentPeriodEnd: new Date(trial.currentPeriodEnd.getTime() + planPriceOf(plan).periodDays * DAY_MS),
        cancelAtPeriodEnd: true,
        canceledAt: null,
        price: { amountCents: plan.amountCents, currency: plan.currency, interval: plan.interval },
        trialEndsAt: trial.currentPeriodEnd,
      });
      return true;
    });
    if (didConvert) converted += 1;
  }
  return converted;
}

/**
 * Ended trials are converted to paid periods; test subscriptions end after their days (there is
 * no card to renew them), cancelled trials at their end; unpaid sessions expire. One statement
 * each, however many rows, but the conversion.
 */
export async function expireTestSubscriptions(
  ctx: BillingContext,
): Promise<{ subscriptions: number; sessions: number; convertedTrials: number }> {
  const convertedTrials = await convertEndedTestTrials(ctx);
  const ended = await ctx.db.execute<{ user_id: string }>(sql`
    with ended as (
      update ${subscriptions}
         set status = 'canceled', canceled_at = coalesce(canceled_at, now()), updated_at = now()
       where provider = 'test' and status in ('active', 'trialing') and current_period_end <= now()
      returning user_id
    )
    update ${users} set subscription_status = 'canceled', updated_at = now()
      from ended where ${users.id} = ended.user_id
    returning ${users.id}`);
  const sessions = await ctx.db
    .update(checkoutSessions)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(checkoutSessions.status, 'open'), lt(checkoutSessions.expiresAt, new Date())))
    .returning({ id: checkoutSessions.id });
  return { subscriptions: ended.rowCount ?? ended.rows.length, sessions: sessions.length, convertedTrials };
}
