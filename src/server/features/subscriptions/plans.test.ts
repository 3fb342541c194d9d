import { TEST_ANNUAL_PRICE_ID, TEST_PRICE_ID } from '@shared/schemas/subscription.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpStripeApp } from '../../../../tests/setup/fake-stripe.ts';
import { insertPremiumItemAndForum } from '../../../../tests/setup/premium.ts';
import { type Actor, createActor, setUpTestApp, TEST_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { buildApp } from '../../app.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { reconcileSubscriptions } from './reconcile.ts';

/**
 * The plans the operator chooses: a monthly plan and an optional annual one (PLAN_* in test mode,
 * the product's active prices in Stripe mode), and the rule that any price of the operator's
 * product grants access, so a price change strands nobody.
 */

const DAY_MS = 86_400_000;
const checkout = (actor: Actor, payload?: object) =>
  actor.request({ method: 'POST', url: '/api/create-checkout-session', ...(payload ? { payload } : {}) });
const sessionIdOf = (url: string) => url.split('/checkout/test/')[1]!;

describe('test mode with an annual plan (PLAN_ANNUAL_AMOUNT=10000)', () => {
  const t = setUpTestApp({ PLAN_ANNUAL_AMOUNT: '10000' });

  it('lists the monthly plan first, then the annual one', async () => {
    const visitor = await createActor(t.app, 'visitor');
    const response = await visitor.request({ method: 'GET', url: '/api/billing/plans' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: TEST_PRICE_ID, interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 0 },
      { id: TEST_ANNUAL_PRICE_ID, interval: 'year', amountCents: 10000, currency: 'usd', trialDays: 0 },
    ]);
  });

  it('an annual checkout shows the annual plan and pays for a year', async () => {
    const member = await createActor(t.app, 'member');
    const started = await checkout(member, { priceId: TEST_ANNUAL_PRICE_ID });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = sessionIdOf(started.json().url);
    const session = await member.request({ method: 'GET', url: `/api/checkout/test/${sessionId}` });
    expect(session.json()).toMatchObject({
      planName: 'Stillpoint Annual',
      amountCents: 10000,
      currency: 'usd',
      interval: 'year',
      periodDays: 365,
      trialDays: 0,
    });
    await member.request({ method: 'POST', url: `/api/checkout/test/${sessionId}/complete` });
    const details = (await member.request({ method: 'GET', url: '/api/subscription-details' })).json();
    expect(details).toMatchObject({ subscriptionStatus: 'active', priceId: TEST_ANNUAL_PRICE_ID });
    const days = (new Date(details.currentPeriodEnd).getTime() - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    // What the business figures read: a year's price, per year.
    const [stored] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, member.userId!));
    expect(stored).toMatchObject({
      amountCents: 10000,
      currency: 'usd',
      billingInterval: 'year',
      trialEndsAt: null,
    });
  });

  it('a checkout that names no plan buys the monthly one; an unknown plan is refused', async () => {
    const member = await createActor(t.app, 'member');
    const started = await checkout(member);
    expect(started.statusCode, started.body).toBe(200);
    const session = await member.request({
      method: 'GET',
      url: `/api/checkout/test/${sessionIdOf(started.json().url)}`,
    });
    expect(session.json()).toMatchObject({
      planName: 'Stillpoint Monthly',
      amountCents: 1200,
      periodDays: 30,
    });
    const wrong = await checkout(member, { priceId: 'price_not_a_plan' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('priceId: this is not one of the Stillpoint plans.');
  });
});

describe('test mode by default', () => {
  const t = setUpTestApp();

  it('offers the monthly plan alone, without a trial', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(response.json()).toEqual([
      { id: TEST_PRICE_ID, interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 0 },
    ]);
  });
});

describe('Stripe mode: the product’s active recurring prices are the plans', () => {
  const { fake, t } = setUpStripeApp({
    prices: [
      { id: 'price_annual', unitAmount: 12000, currency: 'usd', interval: 'year' },
      // Archived: no longer on sale.
      { id: 'price_monthly_2024', unitAmount: 900, currency: 'usd', interval: 'month', active: false },
      // Another product's price is never a plan.
      { id: 'price_other', unitAmount: 100, currency: 'usd', interval: 'month', product: 'prod_other' },
    ],
  });
  const priceListReads = () => fake.requests.filter((r) => r.path === '/v1/prices').length;

  it('answers the configured monthly price, then the annual one, read once', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/billing/plans' });
      expect(response.json()).toEqual([
        { id: fake.priceId, interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 0 },
        { id: 'price_annual', interval: 'year', amountCents: 12000, currency: 'usd', trialDays: 0 },
      ]);
    }
    expect(priceListReads()).toBe(1);
    expect(fake.requests.find((r) => r.path === '/v1/prices')!.params).toMatchObject({
      product: fake.productId,
      active: 'true',
      type: 'recurring',
    });
  });

  it('checks out the annual price when it is chosen; refuses a price that is not a plan', async () => {
    const member = await createActor(t.app, 'member');
    const annual = await checkout(member, { priceId: 'price_annual' });
    expect(annual.statusCode, annual.body).toBe(200);
    expect(fake.checkoutSessions.at(-1)!.params).toMatchObject({ 'line_items[0][price]': 'price_annual' });
    expect(fake.checkoutSessions.at(-1)!.params).not.toHaveProperty('subscription_data[trial_period_days]');
    for (const priceId of ['price_monthly_2024', 'price_other']) {
      const refused = await checkout(member, { priceId });
      expect(refused.statusCode, priceId).toBe(400);
    }
  });
});

describe('Stripe mode with STRIPE_PRODUCT_ID set: that product’s prices are the plans', () => {
  const CHOSEN = 'prod_chosen_by_operator';
  const { fake, t } = setUpStripeApp(
    {
      prices: [
        { id: 'price_chosen_month', unitAmount: 1500, currency: 'usd', interval: 'month', product: CHOSEN },
        { id: 'price_chosen_year', unitAmount: 15000, currency: 'usd', interval: 'year', product: CHOSEN },
      ],
    },
    // STRIPE_PRICE_ID (fake.priceId) belongs to the fake's default product: the setting wins.
    { STRIPE_PRODUCT_ID: CHOSEN },
  );

  it('lists the product’s prices, without reading STRIPE_PRICE_ID’s product', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(response.json()).toEqual([
      { id: 'price_chosen_month', interval: 'month', amountCents: 1500, currency: 'usd', trialDays: 0 },
      { id: 'price_chosen_year', interval: 'year', amountCents: 15000, currency: 'usd', trialDays: 0 },
    ]);
    expect(fake.requests.find((r) => r.path === '/v1/prices')!.params).toMatchObject({ product: CHOSEN });
    expect(fake.requests.some((r) => r.path === `/v1/prices/${fake.priceId}`)).toBe(false);
  });

  it('a subscription to one of its prices opens premium; one to another product’s does not', async () => {
    const member = await createActor(t.app, 'member');
    expect((await checkout(member, { priceId: 'price_chosen_year' })).statusCode).toBe(200);
    expect(fake.checkoutSessions.at(-1)!.params).toMatchObject({
      'line_items[0][price]': 'price_chosen_year',
    });
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, member.userId!));
    const customer = row!.stripeCustomerId!;
    const deliver = async (id: string) => {
      const { payload, headers } = fake.signedEvent('customer.subscription.created', {
        id,
        object: 'subscription',
        customer,
      });
      return (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).json();
    };
    fake.setSubscription({ id: 'sub_other_product', customer, priceId: fake.priceId, status: 'active' });
    expect(await deliver('sub_other_product')).toEqual({ received: true, outcome: 'no-subscription' });
    fake.setSubscription({ id: 'sub_chosen', customer, priceId: 'price_chosen_year', status: 'active' });
    expect(await deliver('sub_chosen')).toEqual({ received: true, outcome: 'updated' });
    const user = (await member.request({ method: 'GET', url: '/api/auth/user' })).json();
    expect(user.subscriptionStatus).toBe('active');
  });
});

describe('Stripe mode: a price change strands nobody', () => {
  const { fake, t } = setUpStripeApp();
  const NEW_PRICE = 'price_monthly_2027';
  let after: FastifyInstance;
  let premiumForumSlug: string;

  beforeAll(async () => {
    ({ premiumForumSlug } = await insertPremiumItemAndForum(t.app.database.db, {
      videoUrl: 'https://media.example.test/deep-rest.mp3',
    }));
  });
  afterAll(async () => after?.close());

  /** The same member's request to the app after the change (same database, same sessions). */
  const askAfter = (actor: Actor, method: 'GET' | 'POST', url: string) =>
    after.inject({ method, url, headers: { cookie: actor.cookie!, origin: TEST_ORIGIN } });
  const deliverAfter = (type: string, object: unknown) => {
    const { payload, headers } = fake.signedEvent(type, object);
    return after.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
  };
  const accessEndOf = async (userId: string) => {
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, userId));
    return row!;
  };

  it('a subscriber on the old price keeps access and renewals after the operator moves to a new one', async () => {
    // Subscribed on price A (the configured one) through the app as it was.
    const member = await createActor(t.app, 'member');
    expect((await checkout(member, { priceId: fake.priceId })).statusCode).toBe(200);
    const customerId = (await accessEndOf(member.userId!)).stripeCustomerId!;
    const subscriptionId = 'sub_on_old_price';
    const firstPeriodEnd = Math.floor(Date.now() / 1000) + 2 * 86_400;
    fake.setSubscription({
      id: subscriptionId,
      customer: customerId,
      priceId: fake.priceId,
      status: 'active',
      currentPeriodEnd: firstPeriodEnd,
    });
    const { payload, headers } = fake.signedEvent('customer.subscription.created', {
      id: subscriptionId,
      object: 'subscription',
      customer: customerId,
    });
    await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
    expect((await accessEndOf(member.userId!)).subscriptionStatus).toBe('active');

    // The operator raises the price: a new price B on the product, A archived, STRIPE_PRICE_ID=B.
    fake.setPrice({ id: NEW_PRICE, unitAmount: 1500, currency: 'usd', interval: 'month' });
    fake.setPrice({
      id: fake.priceId,
      unitAmount: 1200,
      currency: 'usd',
      interval: 'month',
      active: false,
      created: Math.floor(Date.now() / 1000) - 3600,
    });
    after = await buildApp({
      config: {
        ...t.config,
        stripe: { ...(t.config.stripe as object), priceId: NEW_PRICE } as typeof t.config.stripe,
      },
      databaseUrl: t.databaseUrl,
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    await after.ready();
    const plans = await after.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(plans.json()).toEqual([
      { id: NEW_PRICE, interval: 'month', amountCents: 1500, currency: 'usd', trialDays: 0 },
    ]);

    // Stripe renews the subscription, still on A: the webhooks are recognised and access moves on.
    const renewedPeriodEnd = firstPeriodEnd + 30 * 86_400;
    fake.setSubscription({
      id: subscriptionId,
      customer: customerId,
      priceId: fake.priceId,
      status: 'active',
      currentPeriodEnd: renewedPeriodEnd,
    });
    const paid = await deliverAfter('invoice.paid', {
      id: 'in_renewal',
      object: 'invoice',
      customer: customerId,
    });
    expect(paid.json()).toEqual({ received: true, outcome: 'updated' });
    const updated = await deliverAfter('customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      customer: customerId,
    });
    expect(updated.json().outcome).toBe('updated');
    const row = await accessEndOf(member.userId!);
    expect(row.subscriptionStatus).toBe('active');
    expect(row.premiumAccessEndsAt!.getTime()).toBeGreaterThan(renewedPeriodEnd * 1000);

    // The member's own sync and the daily reconciliation agree.
    const sync = await askAfter(member, 'POST', '/api/sync-subscription-status');
    expect(sync.json()).toMatchObject({ success: true, subscriptionStatus: 'active' });
    const reconciled = await reconcileSubscriptions(after.billing);
    expect(reconciled.failed).toBe(0);
    expect((await accessEndOf(member.userId!)).subscriptionStatus).toBe('active');
    // The business figures count the retired price at what this subscriber still pays.
    const [stored] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, member.userId!));
    expect(stored).toMatchObject({ amountCents: 1200, currency: 'usd', billingInterval: 'month' });
    const forum = await askAfter(member, 'GET', `/api/forums/${premiumForumSlug}/posts`);
    expect(forum.statusCode).toBe(200);
  });
});
