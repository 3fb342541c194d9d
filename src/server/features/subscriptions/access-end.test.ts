import { randomUUID } from 'node:crypto';
import { hasPremiumAccess } from '@shared/entitlements.ts';
import { TEST_PRICE_ID } from '@shared/schemas/subscription.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPremiumItemAndForum } from '../../../../tests/setup/premium.ts';
import { type Actor, createActor, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import {
  STRIPE_RENEWAL_GRACE_MS,
  type SubscriptionState,
  writeSubscription,
} from './subscriptions.service.ts';

/**
 * Access ends with the paid period: a subscription still marked active whose period is over opens
 * nothing, from the moment it ends, without waiting for a sync or the daily reconciliation.
 */

const MINUTE = 60_000;
const t = setUpTestApp();
let premiumItemId: string;
let premiumForumSlug: string;

beforeAll(async () => {
  await t.app.storage.write('access-end/rest.mp3', Buffer.from('ID3 calm'), 'audio/mpeg');
  ({ premiumItemId, premiumForumSlug } = await insertPremiumItemAndForum(t.app.database.db, {
    videoFileUrl: '/objects/access-end/rest.mp3',
  }));
});

async function memberWith(state: Partial<SubscriptionState> & Pick<SubscriptionState, 'provider'>) {
  const actor = await createActor(t.app, 'member');
  await t.app.database.db.transaction((tx) =>
    writeSubscription(tx, actor.userId!, {
      stripeSubscriptionId: state.provider === 'stripe' ? `sub_${randomUUID()}` : null,
      priceId: state.provider === 'complimentary' ? null : TEST_PRICE_ID,
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      ...state,
    }),
  );
  return actor;
}

async function premiumDoors(actor: Actor) {
  const signed = await actor.request({ method: 'GET', url: `/api/videos/${premiumItemId}/signed-url` });
  const forum = await actor.request({ method: 'GET', url: `/api/forums/${premiumForumSlug}/posts` });
  return { signed, forum };
}

async function expectClosed(actor: Actor) {
  const { signed, forum } = await premiumDoors(actor);
  expect(signed.statusCode).toBe(403);
  expect(signed.json().code).toBe('PREMIUM_REQUIRED');
  expect(signed.body).not.toContain('/media/');
  expect(forum.statusCode).toBe(403);
  expect(forum.json().code).toBe('PREMIUM_REQUIRED');
}

async function expectOpen(actor: Actor) {
  const { signed, forum } = await premiumDoors(actor);
  expect(signed.statusCode, signed.body).toBe(200);
  expect(signed.json().signedUrl).toMatch(/^\/media\/access-end\/rest\.mp3\?/);
  expect(forum.statusCode, forum.body).toBe(200);
}

describe('premium access ends with the paid period', () => {
  it('a test-mode subscription still marked active whose period ended a minute ago opens nothing', async () => {
    const current = await memberWith({
      provider: 'test',
      currentPeriodEnd: new Date(Date.now() + 29 * 24 * 60 * MINUTE),
      cancelAtPeriodEnd: true,
    });
    await expectOpen(current);

    const lapsed = await memberWith({
      provider: 'test',
      currentPeriodEnd: new Date(Date.now() - MINUTE),
      cancelAtPeriodEnd: true,
    });
    await expectClosed(lapsed);
    const user = (await lapsed.request({ method: 'GET', url: '/api/auth/user' })).json();
    expect(user.subscriptionStatus).toBe('active');
    expect(new Date(user.premiumAccessEndsAt).getTime()).toBeLessThan(Date.now());
  });

  // A renewing subscription waits a day (STRIPE_RENEWAL_GRACE_MS) for the renewal webhook.
  it.each([
    ['cancelled at period end, ended a minute ago', 'closed', -MINUTE, true],
    ['cancelled at period end, five minutes left', 'open', 5 * MINUTE, true],
    ['renewing, ended a minute ago', 'open', -MINUTE, false],
    ['renewing, ended a day and a minute ago', 'closed', -STRIPE_RENEWAL_GRACE_MS - MINUTE, false],
  ] as const)(
    'a Stripe subscription %s: premium is %s',
    async (_label, expected, fromNow, cancelAtPeriodEnd) => {
      const member = await memberWith({
        provider: 'stripe',
        currentPeriodEnd: new Date(Date.now() + fromNow),
        cancelAtPeriodEnd,
      });
      await (expected === 'open' ? expectOpen(member) : expectClosed(member));
    },
  );

  it('complimentary access has no end', async () => {
    const granted = await memberWith({ provider: 'complimentary' });
    await expectOpen(granted);
    const user = (await granted.request({ method: 'GET', url: '/api/auth/user' })).json();
    expect(user.premiumAccessEndsAt).toBeNull();
  });

  it('a member whose period is over may check out again', async () => {
    const lapsed = await memberWith({
      provider: 'test',
      currentPeriodEnd: new Date(Date.now() - MINUTE),
      cancelAtPeriodEnd: true,
    });
    const checkout = await lapsed.request({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: { priceId: TEST_PRICE_ID },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const details = (await lapsed.request({ method: 'GET', url: '/api/subscription-details' })).json();
    expect(details.hasSubscription).toBe(false);
    const sessionId = String(checkout.json().url).split('/checkout/test/')[1];
    const paid = await lapsed.request({ method: 'POST', url: `/api/checkout/test/${sessionId}/complete` });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectOpen(lapsed);
  });
});

describe('hasPremiumAccess', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    [{ subscriptionStatus: 'active' }, true],
    [{ subscriptionStatus: 'active', premiumAccessEndsAt: null }, true],
    [{ subscriptionStatus: 'active', premiumAccessEndsAt: new Date('2026-11-23T12:00:01Z') }, true],
    [{ subscriptionStatus: 'active', premiumAccessEndsAt: '2026-11-23T12:00:00.000Z' }, false],
    [{ subscriptionStatus: 'active', premiumAccessEndsAt: '2026-11-23T11:59:00.000Z' }, false],
    [{ subscriptionStatus: 'canceled', premiumAccessEndsAt: null }, false],
    [{ subscriptionStatus: 'trialing' }, false],
    [{ subscriptionStatus: 'trialing', premiumAccessEndsAt: '2026-11-30T12:00:00.000Z' }, true],
    [{ subscriptionStatus: 'trialing', premiumAccessEndsAt: '2026-11-23T11:00:00.000Z' }, false],
    [{ isAdmin: true, subscriptionStatus: 'canceled', premiumAccessEndsAt: '2020-01-01T00:00:00Z' }, true],
    [null, false],
  ])('%j → %s', (subject, expected) => {
    expect(hasPremiumAccess(subject, now)).toBe(expected);
  });
});
