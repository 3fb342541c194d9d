import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type FakeSubscriptionInput, setUpStripeApp } from '../../../../tests/setup/fake-stripe.ts';
import { type Actor, createActor } from '../../../../tests/setup/test-app.ts';
import { startTestJobs } from '../../../../tests/setup/test-jobs.ts';
import { stripeEvents, subscriptions, users } from '../../db/schema/index.ts';
import { RECONCILE_JOB } from './reconcile.ts';

/**
 * Stripe mode against a fake Stripe API (the real SDK, pointed at it with STRIPE_API_BASE), with
 * webhooks signed by the SDK's own test-header helper.
 */

const { fake, t } = setUpStripeApp();

const DAY = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);
let sequence = 0;
const uniqueId = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${(sequence++).toString(36)}`;

const checkout = (actor: Actor, payload: object = { priceId: fake.priceId }) =>
  actor.request({ method: 'POST', url: '/api/create-checkout-session', payload });

async function deliver(
  type: string,
  object: unknown,
  options: { id?: string; timestamp?: number; secret?: string } = {},
) {
  const { payload, headers } = fake.signedEvent(type, object, options);
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
}

/** Stripe holds this subscription to our price for the customer from now on (as its dashboard would). */
const stripeHolds = (
  customer: string,
  id: string,
  status: Stripe.Subscription.Status,
  extra: Partial<FakeSubscriptionInput> = {},
) => fake.setSubscription({ id, customer, priceId: fake.priceId, status, ...extra });

/** A webhook about a subscription; the app re-reads the subscription itself from Stripe. */
const deliverSubscription = (type: string, id: string, customer: string) =>
  deliver(type, { id, object: 'subscription', customer });

async function userRow(userId: string) {
  const [row] = await t.app.database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}
async function subscriptionRow(userId: string) {
  const [row] = await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** A member with a Stripe customer (made by a first checkout click). */
async function customerMember(): Promise<{ actor: Actor; customerId: string }> {
  const actor = await createActor(t.app, 'member');
  expect((await checkout(actor)).statusCode).toBe(200);
  const { stripeCustomerId } = await userRow(actor.userId!);
  return { actor, customerId: stripeCustomerId! };
}

describe('checkout', () => {
  it('creates the customer once, then one subscription-mode session per click', async () => {
    const member = await createActor(t.app, 'member');
    const customersBefore = fake.customers.size;
    const sessionsBefore = fake.checkoutSessions.length;
    const first = await checkout(member);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const clicks = await Promise.all([checkout(member), checkout(member), checkout(member)]);
    for (const click of clicks) expect(click.statusCode).toBe(200);
    await checkout(member);
    expect(fake.customers.size - customersBefore).toBe(1);
    expect(fake.checkoutSessions.length - sessionsBefore).toBe(5);

    const customerId = (await userRow(member.userId!)).stripeCustomerId!;
    expect(fake.customers.get(customerId)).toMatchObject({
      email: member.email,
      metadata: { userId: member.userId },
    });
    const session = fake.checkoutSessions.at(-1)!;
    expect(session.customer).toBe(customerId);
    expect(session.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: member.userId,
      'metadata[userId]': member.userId,
      'subscription_data[metadata][userId]': member.userId,
      'line_items[0][price]': fake.priceId,
      'line_items[0][quantity]': '1',
      success_url: `${t.config.publicUrl}/subscribe?success=true`,
      cancel_url: `${t.config.publicUrl}/subscribe`,
    });
  });

  it('answers 409 to an active member, 400 to another price, 401 to a visitor', async () => {
    const premium = await createActor(t.app, 'premium');
    expect((await checkout(premium)).statusCode).toBe(409);
    const member = await createActor(t.app, 'member');
    const wrong = await checkout(member, { priceId: 'price_not_ours' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/priceId/);
    const visitor = await createActor(t.app, 'visitor');
    expect((await checkout(visitor)).statusCode).toBe(401);
  });

  it('says plainly when Stripe cannot be reached, and keeps nothing half-made', async () => {
    const member = await createActor(t.app, 'member');
    fake.failNext(3); // the first try and the SDK's two retries
    const response = await checkout(member);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: 'The payment provider could not be reached. Please try again in a moment.',
      code: 'PAYMENT_PROVIDER_ERROR',
    });
    expect((await userRow(member.userId!)).stripeCustomerId).toBeNull();
    expect((await checkout(member)).statusCode).toBe(200);
  }, 20_000);

  it('the plan names the configured price', async () => {
    const plan = await t.app.inject({ method: 'GET', url: '/api/billing/plan' });
    expect(plan.json()).toMatchObject({ priceId: fake.priceId, mode: 'stripe', amountCents: 1200 });
  });
});

describe('webhook security', () => {
  const object = () => ({ id: uniqueId('sub'), object: 'subscription', customer: 'cus_nobody' });

  it('refuses a missing, forged or stale signature with 400 and stores nothing', async () => {
    const id = uniqueId('evt');
    const forged = await deliver('customer.subscription.updated', object(), { id, secret: 'whsec_forged' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid Stripe signature', code: 'BAD_SIGNATURE' });
    const stale = await deliver('customer.subscription.updated', object(), { id, timestamp: now() - 3600 });
    expect(stale.statusCode).toBe(400);
    const { payload } = fake.signedEvent('customer.subscription.updated', object(), { id });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    // A signed body changed in transit no longer matches its signature.
    const signed = fake.signedEvent('customer.subscription.updated', object(), { id });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: signed.payload.replace('cus_nobody', 'cus_somebody'),
      headers: signed.headers,
    });
    expect(tampered.statusCode).toBe(400);
    const stored = await t.app.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
    expect(stored).toHaveLength(0);
  });

  it('needs no Origin (Stripe sends none) and ignores event types it does not handle', async () => {
    const response = await deliver('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('webhook effects', () => {
  it('checkout.session.completed activates the member (re-read from Stripe, not from the event)', async () => {
    const { actor, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    stripeHolds(customerId, subscriptionId, 'active');
    const response = await deliver('checkout.session.completed', {
      id: uniqueId('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      customer: customerId,
      subscription: subscriptionId,
      client_reference_id: actor.userId,
      // The event's copy says nothing is paid yet; Stripe's truth says active.
      payment_status: 'unpaid',
    });
    expect(response.json()).toEqual({ received: true, outcome: 'updated' });
    expect((await userRow(actor.userId!)).subscriptionStatus).toBe('active');
    expect(await subscriptionRow(actor.userId!)).toMatchObject({
      provider: 'stripe',
      stripeSubscriptionId: subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    const premium = await actor.request({ method: 'GET', url: '/api/subscription-details' });
    expect(premium.json()).toMatchObject({
      hasSubscription: true,
      billingManagement: 'portal',
      mode: 'stripe',
    });
  });

  it('links the customer named by Checkout to its member when the app had none stored', async () => {
    const actor = await createActor(t.app, 'member');
    const customerId = uniqueId('cus');
    stripeHolds(customerId, uniqueId('sub'), 'active');
    await deliver('checkout.session.completed', {
      id: uniqueId('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      customer: customerId,
      client_reference_id: actor.userId,
    });
    const row = await userRow(actor.userId!);
    expect(row.stripeCustomerId).toBe(customerId);
    expect(row.subscriptionStatus).toBe('active');
  });

  it('applies a duplicate event once', async () => {
    const { actor, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    stripeHolds(customerId, subscriptionId, 'active');
    const eventId = uniqueId('evt');
    const object = { id: subscriptionId, object: 'subscription', customer: customerId, status: 'active' };
    expect((await deliver('customer.subscription.updated', object, { id: eventId })).json().outcome).toBe(
      'updated',
    );
    // Stripe changes; the same event delivered again must not re-apply anything.
    stripeHolds(customerId, subscriptionId, 'past_due');
    const again = await deliver('customer.subscription.updated', object, { id: eventId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await userRow(actor.userId!)).subscriptionStatus).toBe('active');
  });

  it('a failed re-read answers 502 and stores no event, so Stripe retries and the retry applies', async () => {
    const { actor, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    stripeHolds(customerId, subscriptionId, 'active');
    const eventId = uniqueId('evt');
    const object = { id: subscriptionId, object: 'subscription', customer: customerId };
    fake.failNext(3);
    const failed = await deliver('customer.subscription.created', object, { id: eventId });
    expect(failed.statusCode).toBe(502);
    expect((await userRow(actor.userId!)).subscriptionStatus).toBeNull();
    const retried = await deliver('customer.subscription.created', object, { id: eventId });
    expect(retried.json().outcome).toBe('updated');
    expect((await userRow(actor.userId!)).subscriptionStatus).toBe('active');
  }, 20_000);

  it('maps every Stripe status; only active opens premium', async () => {
    const { actor, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    const cases: Array<[Stripe.Subscription.Status, string, number]> = [
      ['incomplete', 'incomplete', 403],
      ['trialing', 'trialing', 403],
      ['active', 'active', 200],
      ['past_due', 'past_due', 403],
      ['unpaid', 'unpaid', 403],
      ['paused', 'paused', 403],
      ['incomplete_expired', 'canceled', 403],
      ['canceled', 'canceled', 403],
    ];
    const [forum] = await t.app.database.db
      .execute<{ slug: string }>(
        // A premium forum to knock on.
        (await import('drizzle-orm')).sql`insert into forums (title, description, slug, is_premium)
        values ('Inner room', 'Premium', ${uniqueId('inner-room').replaceAll('_', '-')}, true) returning slug`,
      )
      .then((result) => result.rows);
    for (const [stripeStatus, stored, premiumAnswer] of cases) {
      stripeHolds(customerId, subscriptionId, stripeStatus);
      await deliverSubscription('customer.subscription.updated', subscriptionId, customerId);
      expect((await userRow(actor.userId!)).subscriptionStatus, stripeStatus).toBe(stored);
      const posts = await actor.request({ method: 'GET', url: `/api/forums/${forum!.slug}/posts` });
      expect(posts.statusCode, stripeStatus).toBe(premiumAnswer);
    }
  });

  it('cancel at period end keeps access until Stripe ends the subscription', async () => {
    const { actor, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    const periodEnd = now() + 12 * DAY;
    const object = { id: subscriptionId, object: 'subscription', customer: customerId };
    stripeHolds(customerId, subscriptionId, 'active', {
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
    });
    await deliver('customer.subscription.updated', object);
    const details = (await actor.request({ method: 'GET', url: '/api/subscription-details' })).json();
    expect(details).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      hasSubscription: true,
    });
    expect(details.currentPeriodEnd).toBe(new Date(periodEnd * 1000).toISOString());
    const user = await actor.request({ method: 'GET', url: '/api/auth/user' });
    expect(user.json().subscriptionStatus).toBe('active');

    stripeHolds(customerId, subscriptionId, 'canceled', { currentPeriodEnd: periodEnd });
    await deliver('customer.subscription.deleted', object);
    const ended = (await actor.request({ method: 'GET', url: '/api/subscription-details' })).json();
    expect(ended).toMatchObject({
      subscriptionStatus: 'canceled',
      hasSubscription: false,
      cancelAtPeriodEnd: false,
    });
  });

  it('ignores subscriptions to a price that is not ours', async () => {
    const { actor, customerId } = await customerMember();
    const foreign = uniqueId('sub');
    fake.setSubscription({
      id: foreign,
      customer: customerId,
      priceId: 'price_someone_elses_product',
      status: 'active',
    });
    const response = await deliverSubscription('customer.subscription.created', foreign, customerId);
    expect(response.json().outcome).toBe('no-subscription');
    expect((await userRow(actor.userId!)).subscriptionStatus).toBeNull();
    expect(await subscriptionRow(actor.userId!)).toBeUndefined();
  });

  it('an event about a customer no member owns changes nothing', async () => {
    const response = await deliver('invoice.paid', {
      id: uniqueId('in'),
      object: 'invoice',
      customer: uniqueId('cus'),
    });
    expect(response.json().outcome).toBe('unknown-customer');
  });
});

/** A seeded generator, so a failing order can be replayed. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe('a 30-event lifecycle replayed in 20 random orders', () => {
  it('always ends in the state Stripe holds', async () => {
    const { actor, customerId } = await customerMember();
    const first = uniqueId('sub');
    const second = uniqueId('sub');
    const start = now() - 120 * DAY;
    const sub = (id: string, status: string, extra: object = {}) => ({
      id,
      object: 'subscription',
      customer: customerId,
      status,
      ...extra,
    });
    const invoice = (status: string) => ({
      id: uniqueId('in'),
      object: 'invoice',
      customer: customerId,
      status,
    });
    const checkout = (): [string, object] => [
      'checkout.session.completed',
      {
        id: uniqueId('cs'),
        object: 'checkout.session',
        mode: 'subscription',
        customer: customerId,
        client_reference_id: actor.userId,
      },
    ];
    // A subscription's first weeks: checkout, a failed first payment, paid, renewed, then past due.
    const firstWeeks = (id: string): Array<[string, object]> => [
      checkout(),
      ['customer.subscription.created', sub(id, 'incomplete')],
      ['invoice.payment_failed', invoice('open')],
      ['customer.subscription.updated', sub(id, 'incomplete')],
      ['invoice.paid', invoice('paid')],
      ['customer.subscription.updated', sub(id, 'active')],
      ['invoice.paid', invoice('paid')],
      ['customer.subscription.updated', sub(id, 'active')],
      ['invoice.payment_failed', invoice('open')],
      ['customer.subscription.updated', sub(id, 'past_due')],
    ];
    // What happened, with each event's (by now stale) copy of the object.
    const lifecycle: Array<[string, object]> = [
      ...firstWeeks(first),
      ['invoice.payment_failed', invoice('open')],
      ['customer.subscription.updated', sub(first, 'past_due')],
      ['invoice.paid', invoice('paid')],
      ['customer.subscription.updated', sub(first, 'active')],
      ['customer.subscription.updated', sub(first, 'active', { cancel_at_period_end: true })],
      ['customer.subscription.updated', sub(first, 'active', { cancel_at_period_end: false })],
      ['invoice.paid', invoice('paid')],
      ['customer.subscription.updated', sub(first, 'active')],
      ['customer.subscription.updated', sub(first, 'active', { cancel_at_period_end: true })],
      ['customer.subscription.deleted', sub(first, 'canceled')],
      ...firstWeeks(second),
    ];
    expect(lifecycle).toHaveLength(30);
    // Stripe's state after all of it: the first subscription ended, the second is past due.
    const secondPeriodEnd = now() + 9 * DAY;
    stripeHolds(customerId, first, 'canceled', { created: start });
    stripeHolds(customerId, second, 'past_due', {
      created: start + 60 * DAY,
      currentPeriodEnd: secondPeriodEnd,
    });

    const random = mulberry32(20261122);
    const finals = [];
    for (let order = 0; order < 20; order += 1) {
      await t.app.database.db.delete(subscriptions).where(eq(subscriptions.userId, actor.userId!));
      await t.app.database.db
        .update(users)
        .set({ subscriptionStatus: null })
        .where(eq(users.id, actor.userId!));
      const shuffled = lifecycle.map((event, index) => ({ event, index, key: random() }));
      shuffled.sort((a, b) => a.key - b.key);
      for (const { event, index } of shuffled) {
        const response = await deliver(event[0], event[1], { id: `evt_${order}_${index}_${customerId}` });
        expect(response.statusCode, response.body).toBe(200);
      }
      const row = await subscriptionRow(actor.userId!);
      finals.push({
        status: (await userRow(actor.userId!)).subscriptionStatus,
        subscription: row?.stripeSubscriptionId,
        periodEnd: row?.currentPeriodEnd?.toISOString(),
      });
    }
    const expected = {
      status: 'past_due',
      subscription: second,
      periodEnd: new Date(secondPeriodEnd * 1000).toISOString(),
    };
    expect(finals).toEqual(Array.from({ length: 20 }, () => expected));
  }, 60_000);
});

describe('sync, portal and reconciliation', () => {
  it('sync finds a payment whose webhook has not arrived', async () => {
    const { actor, customerId } = await customerMember();
    const sync = () => actor.request({ method: 'POST', url: '/api/sync-subscription-status' });
    const before = await sync();
    expect(before.json()).toMatchObject({ success: false, subscriptionStatus: null });
    expect(before.json().message).toMatch(/wait a moment/);
    stripeHolds(customerId, uniqueId('sub'), 'active');
    const after = await sync();
    expect(after.json()).toEqual({
      success: true,
      message: 'Your subscription is active. Welcome to Stillpoint Premium.',
      subscriptionStatus: 'active',
    });
  });

  it('sync for a member who never checked out reports no subscription', async () => {
    const member = await createActor(t.app, 'member');
    const response = await member.request({ method: 'POST', url: '/api/sync-subscription-status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: false, subscriptionStatus: null });
  });

  it('Manage Billing opens the Customer Portal for the member’s customer, returning to /subscribe', async () => {
    const { actor, customerId } = await customerMember();
    const response = await actor.request({ method: 'POST', url: '/api/billing-portal' });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const call = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(call.params).toEqual({ customer: customerId, return_url: `${t.config.publicUrl}/subscribe` });
    const stranger = await createActor(t.app, 'member');
    expect((await stranger.request({ method: 'POST', url: '/api/billing-portal' })).statusCode).toBe(409);
  });

  it('the daily job (pg-boss) fixes a status changed behind the app’s back', async () => {
    const { actor, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    stripeHolds(customerId, subscriptionId, 'active');
    await deliverSubscription('customer.subscription.created', subscriptionId, customerId);
    expect((await userRow(actor.userId!)).subscriptionStatus).toBe('active');
    // Cancelled in the Stripe dashboard; the webhook never arrives.
    stripeHolds(customerId, subscriptionId, 'canceled');
    // A member whose checkout is paid but whose webhooks were all lost.
    const lost = await customerMember();
    stripeHolds(lost.customerId, uniqueId('sub'), 'active');

    const runner = await startTestJobs(t);
    try {
      const jobId = await runner.send(RECONCILE_JOB.name);
      expect(jobId).toBeTruthy();
      expect(await runner.waitFor(RECONCILE_JOB.name, jobId!, 30_000)).toBe('completed');
    } finally {
      await runner.stop();
    }
    expect((await userRow(actor.userId!)).subscriptionStatus).toBe('canceled');
    expect((await userRow(lost.actor.userId!)).subscriptionStatus).toBe('active');
  }, 60_000);
});
