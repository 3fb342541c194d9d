import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FakeFailure, setUpStripeApp } from '../../../../tests/setup/fake-stripe.ts';
import { type Actor, createActor } from '../../../../tests/setup/test-app.ts';
import { subscriptions, users } from '../../db/schema/index.ts';

/**
 * The member import in Stripe mode, against the fake Stripe API (the real SDK pointed at it): a
 * line with a Stripe customer id is linked to that customer, and the status comes from Stripe,
 * not from the file.
 */

const { fake, t } = setUpStripeApp();
let admin: Actor;

const importCsv = async (csv: string, dryRun = false) => {
  admin ??= await createActor(t.app, 'admin');
  const response = await admin.request({
    method: 'POST',
    url: '/api/admin/members/import',
    payload: { csv, dryRun },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function member(email: string) {
  const [row] = await t.app.database.db
    .select({
      status: users.subscriptionStatus,
      customerId: users.stripeCustomerId,
      provider: subscriptions.provider,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.email, email));
  return row;
}

describe('Stripe mode', () => {
  it("links a paid line to its Stripe customer and takes the status from Stripe; the file's status is not trusted", async () => {
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 24 * 3600;
    fake.setSubscription({
      id: 'sub_imported_active',
      customer: 'cus_ImportActive1',
      priceId: fake.priceId,
      status: 'active',
      currentPeriodEnd: periodEnd,
    });
    fake.setSubscription({
      id: 'sub_imported_canceled',
      customer: 'cus_ImportCanceled1',
      priceId: fake.priceId,
      status: 'canceled',
      currentPeriodEnd: periodEnd,
    });
    const csv = [
      'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
      'a1,payer@stripe.example,Pat Payer,,true,false,cus_ImportActive1,2022-01-01T00:00:00.000Z,,,Premium',
      'a2,lapsed@stripe.example,Lee Lapsed,,true,false,cus_ImportCanceled1,2022-01-01T00:00:00.000Z,,,Premium',
      'a3,nocustomer@stripe.example,No Customer,,true,false,,2022-01-01T00:00:00.000Z,,,',
    ].join('\n');

    const listsBefore = fake.requests.filter((request) => request.path === '/v1/subscriptions').length;
    const dry = await importCsv(csv, true);
    expect(dry).toMatchObject({ rows: 3, created: 3, errors: [] });
    // A dry run asks Stripe nothing and stores nothing.
    expect(fake.requests.filter((request) => request.path === '/v1/subscriptions').length).toBe(listsBefore);
    expect(await member('payer@stripe.example')).toBeUndefined();

    const result = await importCsv(csv);
    // Paid lines are linked to Stripe, never reported as made complimentary by test mode.
    expect(result).toMatchObject({ rows: 3, created: 3, errors: [], paidAsComplimentary: 0 });
    expect(await member('payer@stripe.example')).toMatchObject({
      status: 'active',
      provider: 'stripe',
      customerId: 'cus_ImportActive1',
      stripeSubscriptionId: 'sub_imported_active',
    });
    // Ghost called them paid; Stripe says the subscription ended.
    expect(await member('lapsed@stripe.example')).toMatchObject({ status: 'canceled', provider: 'stripe' });
    expect(await member('nocustomer@stripe.example')).toMatchObject({ status: null, customerId: null });

    // Again: nothing changes and Stripe is not asked about members already linked.
    const listsAfter = fake.requests.filter((request) => request.path === '/v1/subscriptions').length;
    const again = await importCsv(csv);
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 3, errors: [] });
    expect(fake.requests.filter((request) => request.path === '/v1/subscriptions').length).toBe(listsAfter);
  });

  it('a Stripe failure is an error on that line; the member is still imported', async () => {
    fake.failNext(10);
    const result = await importCsv(
      'email,status,stripe_customer_id\nunlucky@stripe.example,paid,cus_Unlucky1\n',
    );
    fake.failNext(0);
    expect(result.created).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ line: 2, code: 'STRIPE_READ_FAILED' });
    expect(result.errors[0].message).toMatch(/^Imported, but the subscription could not be read from Stripe/);
    expect(result.errors[0].message).toContain(String(result.errors[0].params.reason));
    expect(await member('unlucky@stripe.example')).toMatchObject({ customerId: 'cus_Unlucky1' });
  });
});

/**
 * Why Stripe could not be read, named so the admin screen says it in the admin's language (issue
 * 37): each failure as the fake Stripe answers it, through the real SDK and its retries. The
 * `reason` is Stripe's own English words (the SDK's for a lost connection), kept in `message`.
 */
describe('why a line could not be read from Stripe', () => {
  const failedLine = async (failure: FakeFailure, name: string) => {
    const customerId = `cus_Failed${name}`;
    const email = `failed-${name.toLowerCase()}@stripe.example`;
    fake.failNext(10, failure);
    const result = await importCsv(`email,status,stripe_customer_id\n${email},paid,${customerId}\n`);
    fake.failNext(0);
    // The member is imported and linked to the customer; only the subscription is missing.
    expect(result.created).toBe(1);
    expect(await member(email)).toMatchObject({ customerId, provider: null });
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors;
    expect(error).toMatchObject({ line: 2, code: 'STRIPE_READ_FAILED', params: { customerId } });
    expect(error.message).toBe(
      `Imported, but the subscription could not be read from Stripe: ${error.params.reason}`,
    );
    return error.params;
  };

  it('Stripe failing (500) or not answering at all is unavailable', async () => {
    expect(await failedLine('down', 'Down')).toEqual({
      cause: 'unavailable',
      customerId: 'cus_FailedDown',
      reason: 'Fake Stripe is down',
    });
    expect(await failedLine('hangUp', 'HangUp')).toMatchObject({
      cause: 'unavailable',
      reason: expect.stringMatching(/^An error occurred with our connection to Stripe/),
    });
  });

  it('a key Stripe refuses (401) or one without the permission (403) is authentication', async () => {
    expect(await failedLine('unauthorized', 'Unauthorized')).toMatchObject({
      cause: 'authentication',
      reason: expect.stringMatching(/^Invalid API Key provided/),
    });
    expect(await failedLine('forbidden', 'Forbidden')).toMatchObject({
      cause: 'authentication',
      reason: expect.stringMatching(/required permissions/),
    });
  });

  it('too many requests (429) is rateLimit', async () => {
    expect(await failedLine('rateLimited', 'RateLimited')).toMatchObject({
      cause: 'rateLimit',
      reason: expect.stringMatching(/^Request rate limit exceeded/),
    });
  });

  it("a customer id Stripe does not know (another account's, or test mode's) is customerNotFound", async () => {
    expect(await failedLine('noSuchCustomer', 'Unknown')).toEqual({
      cause: 'customerNotFound',
      customerId: 'cus_FailedUnknown',
      reason: "No such customer: 'cus_FailedUnknown'",
    });
  });

  it("another refusal is other, with Stripe's words", async () => {
    expect(await failedLine('badRequest', 'Refused')).toEqual({
      cause: 'other',
      customerId: 'cus_FailedRefused',
      reason: 'Fake Stripe refuses this request',
    });
  });
});
