import { randomUUID } from 'node:crypto';
import { TEST_PRICE_ID } from '@shared/schemas/subscription.ts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPremiumItemAndForum } from '../../../../tests/setup/premium.ts';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { loadConfig } from '../../config.ts';
import { checkoutSessions, subscriptions, users } from '../../db/schema/index.ts';
import { reconcileSubscriptions } from './reconcile.ts';

/** The built-in test-mode checkout (no STRIPE_SECRET_KEY), through the HTTP API on a real database. */

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');
let premiumItemId: string;
let premiumForumSlug: string;

beforeAll(async () => {
  ({ premiumItemId, premiumForumSlug } = await insertPremiumItemAndForum(t.app.database.db, {
    videoUrl: 'https://media.example.test/deep-rest.mp3',
  }));
});

const checkout = (actor: Actor, payload: object = { priceId: TEST_PRICE_ID }) =>
  actor.request({ method: 'POST', url: '/api/create-checkout-session', payload });
const sessionIdOf = (url: string) => url.split('/checkout/test/')[1]!;
const complete = (actor: Actor, id: string) =>
  actor.request({ method: 'POST', url: `/api/checkout/test/${id}/complete` });
const details = async (actor: Actor) =>
  (await actor.request({ method: 'GET', url: '/api/subscription-details' })).json();
const status = async (actor: Actor) =>
  (await actor.request({ method: 'GET', url: '/api/auth/user' })).json().subscriptionStatus;

describe('plan', () => {
  it('tells anyone the plan and the test-mode price identifier', async () => {
    const visitor = await createActor(t.app, 'visitor');
    const response = await visitor.request({ method: 'GET', url: '/api/billing/plan' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      priceId: TEST_PRICE_ID,
      mode: 'test',
      name: 'Stillpoint Monthly',
      amountCents: 1200,
      currency: 'usd',
      interval: 'month',
      periodDays: 30,
    });
  });
});

describe('the whole test-mode cycle', () => {
  it('checkout, pay, premium opens, cancel, premium closes', async () => {
    const member = await createActor(t.app, 'member');
    expect(await details(member)).toMatchObject({
      hasSubscription: false,
      subscriptionStatus: null,
      currentPeriodEnd: null,
      mode: 'test',
      billingManagement: 'contact-support',
    });
    const premiumItem = () =>
      member.request({ method: 'GET', url: `/api/videos/${premiumItemId}/signed-url` });
    const premiumForum = () =>
      member.request({ method: 'GET', url: `/api/forums/${premiumForumSlug}/posts` });
    expect((await premiumItem()).statusCode).toBe(403);
    expect((await premiumForum()).statusCode).toBe(403);

    const started = await checkout(member);
    expect(started.statusCode, started.body).toBe(200);
    const { url } = started.json();
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/checkout/test/[0-9a-f-]{36}$`));
    const sessionId = sessionIdOf(url);

    const shown = await member.request({ method: 'GET', url: `/api/checkout/test/${sessionId}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      id: sessionId,
      status: 'open',
      email: member.email,
      amountCents: 1200,
      currency: 'usd',
      interval: 'month',
    });

    const before = Date.now();
    const paid = await complete(member, sessionId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ redirectUrl: '/subscribe?success=true' });
    expect(await status(member)).toBe('active');
    const active = await details(member);
    expect(active).toMatchObject({
      hasSubscription: true,
      subscriptionStatus: 'active',
      // No card renews it: it ends after 30 days.
      cancelAtPeriodEnd: true,
      billingManagement: 'test-cancel',
    });
    const days = (Date.parse(active.currentPeriodEnd) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect((await premiumItem()).statusCode).toBe(200);
    expect((await premiumForum()).statusCode).toBe(200);

    const synced = await member.request({ method: 'POST', url: '/api/sync-subscription-status' });
    expect(synced.json()).toMatchObject({ success: true, subscriptionStatus: 'active' });
    expect((await checkout(member)).statusCode).toBe(409);

    const cancelled = await member.request({ method: 'POST', url: '/api/checkout/test/cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ hasSubscription: false, subscriptionStatus: 'canceled' });
    expect(await status(member)).toBe('canceled');
    expect((await premiumItem()).statusCode).toBe(403);
    expect((await premiumForum()).statusCode).toBe(403);
    const again = await member.request({ method: 'POST', url: '/api/sync-subscription-status' });
    expect(again.json()).toMatchObject({ success: false, subscriptionStatus: 'canceled' });

    // A cancelled member may subscribe again with a new checkout.
    const second = await checkout(member);
    expect(second.statusCode).toBe(200);
    expect((await complete(member, sessionIdOf(second.json().url))).statusCode).toBe(200);
    expect(await status(member)).toBe('active');
  });

  it('a replayed completion changes nothing more', async () => {
    const member = await createActor(t.app, 'member');
    const sessionId = sessionIdOf((await checkout(member)).json().url);
    expect((await complete(member, sessionId)).statusCode).toBe(200);
    const first = await details(member);
    const replays = await Promise.all([complete(member, sessionId), complete(member, sessionId)]);
    for (const replay of replays) {
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ redirectUrl: '/subscribe?success=true' });
    }
    expect(await details(member)).toEqual(first);
    const rows = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, member.userId!));
    expect(rows).toHaveLength(1);
    // Even after a cancel, replaying the old session does not bring premium back.
    await member.request({ method: 'POST', url: '/api/checkout/test/cancel' });
    expect((await complete(member, sessionId)).statusCode).toBe(200);
    expect(await status(member)).toBe('canceled');
  });

  it('two sessions opened before paying: the second cannot pay again', async () => {
    const member = await createActor(t.app, 'member');
    const first = sessionIdOf((await checkout(member)).json().url);
    const second = sessionIdOf((await checkout(member)).json().url);
    expect(first).not.toBe(second);
    const [a, b] = await Promise.all([complete(member, first), complete(member, second)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await status(member)).toBe('active');
  });

  it('only the member who started a checkout can see or pay it', async () => {
    const owner = await createActor(t.app, 'member');
    const stranger = await createActor(t.app, 'member');
    const sessionId = sessionIdOf((await checkout(owner)).json().url);
    const peek = await stranger.request({ method: 'GET', url: `/api/checkout/test/${sessionId}` });
    expect(peek.statusCode).toBe(404);
    const paid = await complete(stranger, sessionId);
    expect(paid.statusCode).toBe(404);
    expect(paid.json()).toEqual({ message: 'Checkout session not found', code: 'NOT_FOUND' });
    expect(await status(stranger)).toBeNull();
    expect(await status(owner)).toBeNull();
    expect((await complete(admin, sessionId)).statusCode).toBe(404);
  });

  it('an expired session cannot be paid', async () => {
    const member = await createActor(t.app, 'member');
    const sessionId = sessionIdOf((await checkout(member)).json().url);
    await t.app.database.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, sessionId));
    expect(
      (await member.request({ method: 'GET', url: `/api/checkout/test/${sessionId}` })).json().status,
    ).toBe('expired');
    const paid = await complete(member, sessionId);
    expect(paid.statusCode).toBe(410);
    expect(await status(member)).toBeNull();
  });
});

describe('bad input', () => {
  it('a visitor gets 401 everywhere', async () => {
    const visitor = await createActor(t.app, 'visitor');
    for (const [method, url] of [
      ['GET', '/api/subscription-details'],
      ['POST', '/api/create-checkout-session'],
      ['POST', '/api/sync-subscription-status'],
      ['POST', '/api/billing-portal'],
      ['GET', `/api/checkout/test/${randomUUID()}`],
      ['POST', `/api/checkout/test/${randomUUID()}/complete`],
      ['POST', '/api/checkout/test/cancel'],
    ] as const) {
      const response = await visitor.request({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('refuses a priceId that is not the plan, and a malformed one', async () => {
    const member = await createActor(t.app, 'member');
    const wrong = await checkout(member, { priceId: 'price_somebody_else' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/priceId/);
    const malformed = await checkout(member, { priceId: 42 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/priceId/);
    // No body at all is the plan.
    const empty = await member.request({ method: 'POST', url: '/api/create-checkout-session' });
    expect(empty.statusCode, empty.body).toBe(200);
  });

  it('an already active member gets 409; a malformed session id 400; an unknown one 404', async () => {
    const premium = await createActor(t.app, 'premium');
    const response = await checkout(premium);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You already have an active subscription.');
    expect((await complete(premium, 'not-a-uuid')).statusCode).toBe(400);
    expect((await complete(premium, randomUUID())).statusCode).toBe(404);
  });

  it('cancel without a test subscription is 409; Manage Billing is 409 in test mode', async () => {
    const member = await createActor(t.app, 'member');
    expect((await member.request({ method: 'POST', url: '/api/checkout/test/cancel' })).statusCode).toBe(409);
    const portal = await member.request({ method: 'POST', url: '/api/billing-portal' });
    expect(portal.statusCode).toBe(409);
    expect(portal.json().message).toMatch(/test mode/);
  });

  it('the Stripe webhook is not served in test mode', async () => {
    const visitor = await createActor(t.app, 'visitor');
    const response = await visitor.request({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('expiry', () => {
  it('reconciliation ends test subscriptions past their 30 days and expires unpaid sessions', async () => {
    const member = await createActor(t.app, 'member');
    const sessionId = sessionIdOf((await checkout(member)).json().url);
    await complete(member, sessionId);
    const stale = await createActor(t.app, 'member');
    const staleSession = sessionIdOf((await checkout(stale)).json().url);
    const { db } = t.app.database;
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, member.userId!));
    await db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkoutSessions.id, staleSession));
    const result = await reconcileSubscriptions(t.app.billing);
    expect(result.expiredTestSubscriptions).toBeGreaterThanOrEqual(1);
    expect(result.expiredCheckoutSessions).toBeGreaterThanOrEqual(1);
    expect(await status(member)).toBe('canceled');
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, staleSession));
    expect(session?.status).toBe('expired');
    const [user] = await db.select().from(users).where(eq(users.id, member.userId!));
    expect(user?.subscriptionStatus).toBe('canceled');
  });
});

describe('configuration', () => {
  it('production refuses the test-mode checkout unless ALLOW_TEST_CHECKOUT=true', () => {
    const base = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://calm.example' };
    expect(() => loadConfig(base)).toThrow(/ALLOW_TEST_CHECKOUT/);
    expect(loadConfig({ ...base, ALLOW_TEST_CHECKOUT: 'true' }).stripe.mode).toBe('test');
  });
});
