import { TEST_PRICE_ID } from '@shared/schemas/subscription.ts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpStripeApp } from '../../../../tests/setup/fake-stripe.ts';
import { insertPremiumItemAndForum } from '../../../../tests/setup/premium.ts';
import { type Actor, createActor, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { reconcileSubscriptions } from './reconcile.ts';

/**
 * Free trials (PLAN_TRIAL_DAYS): checkout starts a `trialing` subscription that opens premium
 * until the trial ends, then bills; a member who cancels keeps the trial and is never charged.
 * With no trial configured only `active` opens premium (stripe-billing.test.ts maps every status).
 */

const DAY_MS = 86_400_000;

describe('test mode with PLAN_TRIAL_DAYS=14', () => {
  const t = setUpTestApp({ PLAN_TRIAL_DAYS: '14' });
  let premiumForumSlug: string;
  beforeAll(async () => {
    ({ premiumForumSlug } = await insertPremiumItemAndForum(t.app.database.db, {
      videoUrl: 'https://media.example.test/deep-rest.mp3',
    }));
  });

  const forumAnswer = async (actor: Actor) =>
    (await actor.request({ method: 'GET', url: `/api/forums/${premiumForumSlug}/posts` })).statusCode;
  const details = async (actor: Actor) =>
    (await actor.request({ method: 'GET', url: '/api/subscription-details' })).json();
  /** The trial ends now (as if its days had passed): both the row and what premium checks read. */
  const endTrialNow = async (actor: Actor) => {
    const past = new Date(Date.now() - 1000);
    await t.app.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: past })
      .where(eq(subscriptions.userId, actor.userId!));
    await t.app.database.db
      .update(users)
      .set({ premiumAccessEndsAt: past })
      .where(eq(users.id, actor.userId!));
  };

  async function startTrial(): Promise<Actor> {
    const member = await createActor(t.app, 'member');
    const started = await member.request({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: { priceId: TEST_PRICE_ID },
    });
    const sessionId = String(started.json().url).split('/checkout/test/')[1];
    const session = await member.request({ method: 'GET', url: `/api/checkout/test/${sessionId}` });
    expect(session.json()).toMatchObject({ trialDays: 14, amountCents: 1200 });
    const paid = await member.request({ method: 'POST', url: `/api/checkout/test/${sessionId}/complete` });
    expect(paid.statusCode, paid.body).toBe(200);
    return member;
  }

  it('the plans say the trial', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(response.json()).toEqual([
      { id: TEST_PRICE_ID, interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 14 },
    ]);
  });

  it('checkout starts a trial that opens premium for its days', async () => {
    const member = await startTrial();
    const now = await details(member);
    expect(now).toMatchObject({
      subscriptionStatus: 'trialing',
      hasSubscription: true,
      cancelAtPeriodEnd: false,
    });
    const days = (new Date(now.currentPeriodEnd).getTime() - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    expect(await forumAnswer(member)).toBe(200);
    // The daily job converts the trial: premium stays open a day past its end, until it has run.
    const user = (await member.request({ method: 'GET', url: '/api/auth/user' })).json();
    expect(new Date(user.premiumAccessEndsAt).getTime()).toBe(
      new Date(now.currentPeriodEnd).getTime() + DAY_MS,
    );
    const sync = await member.request({ method: 'POST', url: '/api/sync-subscription-status' });
    expect(sync.json()).toEqual({
      success: true,
      message: 'Your free trial has started. Welcome to Stillpoint Premium.',
      subscriptionStatus: 'trialing',
    });
  });

  it('at the trial’s end the daily job bills the first period', async () => {
    const member = await startTrial();
    await endTrialNow(member);
    const result = await reconcileSubscriptions(t.app.billing);
    expect(result.convertedTestTrials).toBeGreaterThanOrEqual(1);
    const after = await details(member);
    expect(after).toMatchObject({ subscriptionStatus: 'active', hasSubscription: true });
    const days = (new Date(after.currentPeriodEnd).getTime() - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await forumAnswer(member)).toBe(200);
  });

  it('a member who cancels keeps the trial to its end, then access ends and nothing is billed', async () => {
    const member = await startTrial();
    const cancelled = await member.request({ method: 'POST', url: '/api/checkout/test/cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      subscriptionStatus: 'trialing',
      cancelAtPeriodEnd: true,
      hasSubscription: true,
      // Nothing left to cancel.
      billingManagement: 'contact-support',
    });
    expect(await forumAnswer(member)).toBe(200);
    const again = await member.request({ method: 'POST', url: '/api/checkout/test/cancel' });
    expect(again.statusCode).toBe(409);

    await endTrialNow(member);
    // Closed the moment the trial ends, before the job runs...
    expect(await forumAnswer(member)).toBe(403);
    await reconcileSubscriptions(t.app.billing);
    // ...and after it the subscription is over, not converted.
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, member.userId!));
    expect(row!.subscriptionStatus).toBe('canceled');
    expect(await forumAnswer(member)).toBe(403);
  });
});

describe('Stripe mode with PLAN_TRIAL_DAYS=7', () => {
  const { fake, t } = setUpStripeApp({}, { PLAN_TRIAL_DAYS: '7' });

  it('checkout asks Stripe for the trial, and a trialing subscription opens premium until it ends', async () => {
    const member = await createActor(t.app, 'member');
    const started = await member.request({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(fake.checkoutSessions.at(-1)!.params).toMatchObject({
      'line_items[0][price]': fake.priceId,
      'subscription_data[trial_period_days]': '7',
    });
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, member.userId!));
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    fake.setSubscription({
      id: 'sub_trial',
      customer: row!.stripeCustomerId!,
      priceId: fake.priceId,
      status: 'trialing',
      currentPeriodEnd: trialEnd,
    });
    const { payload, headers } = fake.signedEvent('customer.subscription.created', {
      id: 'sub_trial',
      object: 'subscription',
      customer: row!.stripeCustomerId,
    });
    await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
    const user = (await member.request({ method: 'GET', url: '/api/auth/user' })).json();
    expect(user.subscriptionStatus).toBe('trialing');
    // Stripe bills at the trial's end and says so by webhook; the usual day of grace covers a late one.
    expect(new Date(user.premiumAccessEndsAt).getTime()).toBe(trialEnd * 1000 + DAY_MS);
    const sync = await member.request({ method: 'POST', url: '/api/sync-subscription-status' });
    expect(sync.json()).toMatchObject({ success: true, subscriptionStatus: 'trialing' });
  });
});
