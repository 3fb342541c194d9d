import { TEST_ANNUAL_PRICE_ID, TEST_PRICE_ID } from '@shared/schemas/subscription.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpStripeApp } from '../../../../tests/setup/fake-stripe.ts';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { offers } from '../../db/schema/index.ts';

/**
 * Offer codes: made by an admin, looked up by members (rate-limited, never listing other codes),
 * applied by the test checkout itself or by Stripe through a coupon and promotion code.
 */

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
let sequence = 0;
const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}`.toUpperCase();

const createOffer = (admin: Actor, body: object) =>
  admin.request({ method: 'POST', url: '/api/admin/offers', payload: body });
const lookUp = (actor: Actor, code: string, planId?: string) =>
  actor.request({
    method: 'GET',
    url: `/api/billing/offers/${encodeURIComponent(code)}${planId ? `?planId=${planId}` : ''}`,
  });
const checkout = (actor: Actor, payload: object) =>
  actor.request({ method: 'POST', url: '/api/create-checkout-session', payload });

describe('test mode', () => {
  const t = setUpTestApp({ PLAN_ANNUAL_AMOUNT: '10000' });
  const [admin] = setUpActors(t, 'admin');

  async function payTestCheckout(member: Actor, payload: object) {
    const started = await checkout(member, payload);
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = String(started.json().url).split('/checkout/test/')[1];
    const session = (await member.request({ method: 'GET', url: `/api/checkout/test/${sessionId}` })).json();
    const paid = await member.request({ method: 'POST', url: `/api/checkout/test/${sessionId}/complete` });
    return { session, paid };
  }

  it('an admin makes an offer; its code is kept in upper case and cannot be made twice', async () => {
    const code = uniqueCode('welcome');
    const made = await createOffer(admin, { code: code.toLowerCase(), percentOff: 20, duration: 'once' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      code,
      percentOff: 20,
      amountOffCents: null,
      currency: 'usd',
      duration: 'once',
      durationInMonths: null,
      maxRedemptions: null,
      redemptions: 0,
      planId: null,
      expiresAt: null,
    });
    const again = await createOffer(admin, { code, amountOffCents: 100, duration: 'forever' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An offer with this code already exists.');
    const list = await admin.request({ method: 'GET', url: '/api/admin/offers' });
    expect(list.json().map((offer: { code: string }) => offer.code)).toContain(code);
  });

  it.each([
    [{ percentOff: 20, amountOffCents: 100, duration: 'once' }, 'Give either percentOff or amountOffCents'],
    [{ duration: 'once' }, 'Give either percentOff or amountOffCents'],
    [{ percentOff: 120, duration: 'once' }, 'percentOff must be between 1 and 100'],
    [{ percentOff: 10, duration: 'repeating' }, 'durationInMonths is needed for a repeating offer'],
    [
      { percentOff: 10, duration: 'once', durationInMonths: 3 },
      'durationInMonths is only for a repeating offer',
    ],
    [
      { percentOff: 10, duration: 'once', expiresAt: '2020-01-01T00:00:00Z' },
      'expiresAt must be in the future',
    ],
    [
      { percentOff: 10, duration: 'once', planId: 'price_nobody' },
      'planId: this is not one of the Stillpoint plans.',
    ],
    [{ percentOff: 10, duration: 'sometimes' }, 'duration must be once, repeating or forever'],
  ])('refuses %j: %s', async (body, message) => {
    const response = await createOffer(admin, { code: uniqueCode('bad'), ...body });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('a member looks a code up in any case and learns what it gives, nothing more', async () => {
    const code = uniqueCode('spring');
    await createOffer(admin, {
      code,
      amountOffCents: 500,
      duration: 'repeating',
      durationInMonths: 3,
      maxRedemptions: 10,
    });
    const member = await createActor(t.app, 'member');
    const found = await lookUp(member, code.toLowerCase());
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      code,
      percentOff: null,
      amountOffCents: 500,
      currency: 'usd',
      duration: 'repeating',
      durationInMonths: 3,
      planId: null,
      expiresAt: null,
    });
    const unknown = await lookUp(member, uniqueCode('nothing'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no offer with this code.');
    expect((await lookUp(member, 'not a code!')).statusCode).toBe(404);
  });

  it('an annual checkout with a code charges the discounted amount and counts the redemption', async () => {
    const code = uniqueCode('annual');
    await createOffer(admin, { code, percentOff: 20, duration: 'once', planId: TEST_ANNUAL_PRICE_ID });
    const member = await createActor(t.app, 'member');
    expect((await lookUp(member, code, TEST_ANNUAL_PRICE_ID)).statusCode).toBe(200);
    // Only for the annual plan.
    const monthly = await checkout(member, { priceId: TEST_PRICE_ID, promotionCode: code });
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().message).toBe('promotionCode: This offer is for another plan.');
    expect((await lookUp(member, code, TEST_PRICE_ID)).json().message).toBe(
      'This offer is for another plan.',
    );

    const { session, paid } = await payTestCheckout(member, {
      priceId: TEST_ANNUAL_PRICE_ID,
      promotionCode: code.toLowerCase(),
    });
    expect(session).toMatchObject({
      planName: 'Stillpoint Annual',
      amountCents: 10000,
      firstChargeCents: 8000,
      offer: { code, percentOff: 20, duration: 'once' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await t.app.database.db.select().from(offers).where(eq(offers.code, code));
    expect(row!.redemptions).toBe(1);
  });

  it('a used-up, ended or withdrawn offer is refused at lookup and at checkout', async () => {
    const usedUp = uniqueCode('once');
    await createOffer(admin, { code: usedUp, percentOff: 50, duration: 'forever', maxRedemptions: 1 });
    const first = await createActor(t.app, 'member');
    const second = await createActor(t.app, 'member');
    // Both start a checkout while one redemption is left; only the first to pay gets it.
    const firstStarted = await checkout(first, { promotionCode: usedUp });
    const secondStarted = await checkout(second, { promotionCode: usedUp });
    expect(secondStarted.statusCode).toBe(200);
    const sessionOf = (response: { json: () => { url: string } }) =>
      response.json().url.split('/checkout/test/')[1];
    expect(
      (await first.request({ method: 'POST', url: `/api/checkout/test/${sessionOf(firstStarted)}/complete` }))
        .statusCode,
    ).toBe(200);
    const late = await second.request({
      method: 'POST',
      url: `/api/checkout/test/${sessionOf(secondStarted)}/complete`,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('promotionCode: This offer has been fully redeemed.');
    expect((await lookUp(second, usedUp)).json().message).toBe('This offer has been fully redeemed.');
    expect((await checkout(second, { promotionCode: usedUp })).statusCode).toBe(400);

    const ended = uniqueCode('ended');
    await createOffer(admin, { code: ended, percentOff: 10, duration: 'once', expiresAt: inAMonth() });
    await t.app.database.db
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.code, ended));
    expect((await lookUp(second, ended)).json().message).toBe('This offer has ended.');
    expect((await checkout(second, { promotionCode: ended })).json().message).toBe(
      'promotionCode: This offer has ended.',
    );

    const withdrawn = uniqueCode('gone');
    const made = (await createOffer(admin, { code: withdrawn, percentOff: 10, duration: 'once' })).json();
    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/offers/${made.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/offers/${made.id}` })).statusCode).toBe(
      404,
    );
    expect((await lookUp(second, withdrawn)).statusCode).toBe(404);
    expect((await checkout(second, { promotionCode: withdrawn })).statusCode).toBe(400);
    const list = (await admin.request({ method: 'GET', url: '/api/admin/offers' })).json();
    expect(list.map((offer: { code: string }) => offer.code)).not.toContain(withdrawn);
    // A withdrawn code may be made again.
    expect((await createOffer(admin, { code: withdrawn, percentOff: 15, duration: 'once' })).statusCode).toBe(
      200,
    );
  });

  it('looking codes up is rate-limited per member, so codes cannot be guessed by script', async () => {
    const member = await createActor(t.app, 'member');
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) answers.push((await lookUp(member, uniqueCode('guess'))).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 404));
    expect(answers[10]).toBe(429);
  });
});

describe('Stripe mode', () => {
  const { fake, t } = setUpStripeApp();
  const [admin] = setUpActors(t, 'admin');

  it('an offer is a Stripe coupon on the product with a promotion code; checkout applies it; withdrawing turns it off', async () => {
    const code = uniqueCode('stripe');
    const expiresAt = inAMonth();
    const made = await createOffer(admin, {
      code,
      amountOffCents: 500,
      duration: 'repeating',
      durationInMonths: 3,
      maxRedemptions: 50,
      expiresAt,
    });
    expect(made.statusCode, made.body).toBe(200);
    const couponCall = fake.requests.filter((r) => r.path === '/v1/coupons').at(-1)!;
    expect(couponCall.params).toMatchObject({
      name: code,
      amount_off: '500',
      currency: 'usd',
      duration: 'repeating',
      duration_in_months: '3',
      'applies_to[products][0]': fake.productId,
    });
    const [promotion] = [...fake.promotionCodes.values()].filter((p) => p.code === code);
    expect(promotion).toBeDefined();
    const promotionCall = fake.requests.filter((r) => r.path === '/v1/promotion_codes').at(-1)!;
    expect(promotionCall.params).toMatchObject({
      'promotion[type]': 'coupon',
      'promotion[coupon]': promotion!.coupon,
      code,
      max_redemptions: '50',
      expires_at: String(Math.floor(new Date(expiresAt).getTime() / 1000)),
    });

    const member = await createActor(t.app, 'member');
    const started = await checkout(member, { priceId: fake.priceId, promotionCode: code });
    expect(started.statusCode, started.body).toBe(200);
    const session = fake.checkoutSessions.at(-1)!;
    expect(session.params).toMatchObject({ 'discounts[0][promotion_code]': promotion!.id });

    // Paid: the completed checkout counts the redemption, once however often Stripe says so.
    const completed = {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: session.customer,
      client_reference_id: member.userId,
    };
    for (const id of ['evt_offer_paid_1', 'evt_offer_paid_2']) {
      const { payload, headers } = fake.signedEvent('checkout.session.completed', completed, { id });
      const delivered = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    const listed = (await admin.request({ method: 'GET', url: '/api/admin/offers' })).json();
    expect(listed.find((offer: { code: string }) => offer.code === code).redemptions).toBe(1);

    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/offers/${made.json().id}` });
    expect(deleted.statusCode).toBe(204);
    expect(fake.promotionCodes.get(promotion!.id)!.active).toBe(false);
  });
});
