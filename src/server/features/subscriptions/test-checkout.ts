import { PLAN, type SubscriptionDetails, type TestCheckoutSession } from '@shared/schemas/subscription.ts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkoutSessions, subscriptions, users } from '../../db/schema/index.ts';
import { checkoutExpired, conflict, notFound, notOffered } from '../../lib/errors.ts';
import {
  type BillingContext,
  getSubscriptionDetails,
  isPaidAccessOpen,
  MESSAGES,
  readMemberBilling,
  SUCCESS_URL_PATH,
  writeSubscription,
} from './subscriptions.service.ts';

/**
 * The built-in test-mode checkout (docs/architecture.md, "Contracts"): used when no STRIPE_SECRET_KEY is set, so the
 * whole cycle can be tried offline. It behaves like Stripe's hosted checkout for the plan (PLAN_AMOUNT, default $12):
 * a session per click, only its member can pay it, paying it twice does nothing more.
 */

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const sessionNotFound = () => notFound('Checkout session');
export const TEST_MODE_ONLY =
  'The test-mode checkout is not enabled: this server takes payments through Stripe.';

function assertTestMode(ctx: BillingContext) {
  if (ctx.mode !== 'test') throw notOffered(TEST_MODE_ONLY);
}

export async function createTestCheckout(ctx: BillingContext, userId: string): Promise<{ url: string }> {
  assertTestMode(ctx);
  const [session] = await ctx.db
    .insert(checkoutSessions)
    .values({
      userId,
      provider: 'test',
      priceId: ctx.priceId,
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
  return {
    id: session.id,
    status: expired ? 'expired' : (session.status as TestCheckoutSession['status']),
    email: user.email,
    planName: PLAN.name,
    ...(await ctx.planPrice()),
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
    await writeSubscription(tx, userId, {
      provider: 'test',
      stripeSubscriptionId: null,
      priceId: ctx.priceId,
      status: 'active',
      currentPeriodEnd: new Date(now.getTime() + (await ctx.planPrice()).periodDays * DAY_MS),
      // There is no card to renew it: a test subscription ends after its 30 days.
      cancelAtPeriodEnd: true,
      canceledAt: null,
    });
    return { redirectUrl: SUCCESS_URL_PATH };
  });
}

/** Cancels the member's test subscription at once (status canceled), so premium closes now. */
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
 * Test subscriptions end after their 30 days (there is no card to renew them), and unpaid
 * sessions expire. One statement each, however many rows.
 */
export async function expireTestSubscriptions(
  db: Database,
): Promise<{ subscriptions: number; sessions: number }> {
  const ended = await db.execute<{ user_id: string }>(sql`
    with ended as (
      update ${subscriptions}
         set status = 'canceled', canceled_at = now(), updated_at = now()
       where provider = 'test' and status = 'active' and current_period_end <= now()
      returning user_id
    )
    update ${users} set subscription_status = 'canceled', updated_at = now()
      from ended where ${users.id} = ended.user_id
    returning ${users.id}`);
  const sessions = await db
    .update(checkoutSessions)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(checkoutSessions.status, 'open'), lt(checkoutSessions.expiresAt, new Date())))
    .returning({ id: checkoutSessions.id });
  return { subscriptions: ended.rowCount ?? ended.rows.length, sessions: sessions.length };
}
