import { TEST_ANNUAL_PRICE_ID } from '@shared/schemas/subscription.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpStripeApp } from '../../../../tests/setup/fake-stripe.ts';
import { type SmtpSink, startSmtpSink } from '../../../../tests/setup/smtp-sink.ts';
import { type Actor, createActor, setUpTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { outboxEmails, users } from '../../db/schema/index.ts';

/**
 * "Welcome to premium": one e-mail when a subscription starts, naming the plan and its price in
 * the member's language, the trial's end when there is one, and where to manage it; once, however
 * many times Stripe delivers the news.
 */

// A local SMTP server: what really went out.
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());
const smtpEnv = () => ({ SMTP_URL: smtp.url });

const WELCOME_SUBJECTS = [
  'Welcome to Stillpoint Premium',
  'Te damos la bienvenida a Stillpoint Premium',
  'Willkommen bei Stillpoint Premium',
];

/** The welcome e-mails written for a member, after the outbox has been handed to SMTP. */
async function welcomesTo(t: TestApp, email: string) {
  await t.app.mailer.deliverDue();
  const rows = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
  const welcomes = rows.filter((row) => WELCOME_SUBJECTS.includes(row.subject));
  for (const welcome of welcomes) expect(welcome.sentAt, welcome.error ?? '').not.toBeNull();
  // Handed to the SMTP server as many times as written (the sign-up's confirmation aside).
  const delivered = smtp.received.filter(
    (message) => message.to.includes(email) && message.data.includes('Premium'),
  );
  expect(delivered).toHaveLength(welcomes.length);
  return welcomes;
}

async function payTestCheckout(member: Actor, payload: object = {}) {
  const started = await member.request({ method: 'POST', url: '/api/create-checkout-session', payload });
  expect(started.statusCode, started.body).toBe(200);
  const sessionId = started.json().url.split('/checkout/test/')[1];
  const paid = await member.request({ method: 'POST', url: `/api/checkout/test/${sessionId}/complete` });
  expect(paid.statusCode, paid.body).toBe(200);
  return sessionId as string;
}

const manageLink = (t: TestApp) => `${t.config.publicUrl}/api/login?returnTo=%2Fsubscribe`;

describe('test mode, monthly plan', () => {
  const t = setUpTestApp(smtpEnv);

  it('paying the checkout sends one welcome naming the monthly plan and where to manage it', async () => {
    const member = await createActor(t.app, 'member');
    const sessionId = await payTestCheckout(member);
    // Paying the same session again changes nothing and sends nothing more.
    await member.request({ method: 'POST', url: `/api/checkout/test/${sessionId}/complete` });
    const [welcome, ...more] = await welcomesTo(t, member.email!);
    expect(more).toHaveLength(0);
    expect(welcome!.subject).toBe('Welcome to Stillpoint Premium');
    expect(welcome!.text).toContain('Your plan: monthly, $12.00 per month.');
    expect(welcome!.text).not.toContain('free trial');
    expect(welcome!.text).toContain(manageLink(t));
    expect(welcome!.html).toContain(manageLink(t));
  });

  it('a member who cancels and subscribes again later is welcomed again, once', async () => {
    const member = await createActor(t.app, 'member');
    await payTestCheckout(member);
    const cancelled = await member.request({ method: 'POST', url: '/api/checkout/test/cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await payTestCheckout(member);
    expect(await welcomesTo(t, member.email!)).toHaveLength(2);
  });
});

describe('test mode, annual plan with a trial', () => {
  const t = setUpTestApp(() => ({ ...smtpEnv(), PLAN_ANNUAL_AMOUNT: '10000', PLAN_TRIAL_DAYS: '14' }));

  it('names the annual plan, the trial’s end and the first charge', async () => {
    const member = await createActor(t.app, 'member');
    await payTestCheckout(member, { priceId: TEST_ANNUAL_PRICE_ID });
    const [welcome, ...more] = await welcomesTo(t, member.email!);
    expect(more).toHaveLength(0);
    expect(welcome!.text).toContain('Your plan: annual, $100.00 per year.');
    const trialEnd = new Date(Date.now() + 14 * 86_400_000);
    const day = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      trialEnd,
    );
    expect(welcome!.text).toMatch(/Your free trial runs until .+\. Nothing is charged before then/);
    expect(welcome!.text).toContain(day);
    expect(welcome!.text).toContain('the first charge, $100.00, is made at the trial');
  });
});

describe('Stripe mode', () => {
  const { fake, t } = setUpStripeApp(
    { prices: [{ id: 'price_annual_eur', unitAmount: 9600, currency: 'eur', interval: 'year' }] },
    {
      PLAN_TRIAL_DAYS: '7',
      // Read when the app is built (after the SMTP server above has its port).
      get SMTP_URL() {
        return smtpEnv().SMTP_URL;
      },
    },
  );

  async function subscribe(
    member: Actor,
    input: { id: string; priceId: string; status: 'active' | 'trialing' },
  ) {
    const started = await member.request({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, member.userId!));
    const customer = row!.stripeCustomerId!;
    fake.setSubscription({ ...input, customer });
    return customer;
  }
  const deliver = (type: string, object: unknown, id?: string) => {
    const { payload, headers } = fake.signedEvent(type, object, id ? { id } : {});
    return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
  };
  const welcomeRows = (email: string) => welcomesTo(t, email);

  it('a webhook delivered twice, checkout completed and subscription created, in parallel: one welcome', async () => {
    const member = await createActor(t.app, 'member');
    const customer = await subscribe(member, {
      id: 'sub_welcome_once',
      priceId: fake.priceId,
      status: 'active',
    });
    const completed = {
      id: 'cs_welcome_once',
      object: 'checkout.session',
      mode: 'subscription',
      customer,
      client_reference_id: member.userId,
    };
    const created = { id: 'sub_welcome_once', object: 'subscription', customer };
    // The same event twice (a retry), and the two events Stripe sends for one checkout, at once.
    const responses = await Promise.all([
      deliver('checkout.session.completed', completed, 'evt_completed_once'),
      deliver('checkout.session.completed', completed, 'evt_completed_once'),
      deliver('customer.subscription.created', created),
      deliver('customer.subscription.created', created),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const welcomes = await welcomeRows(member.email!);
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.text).toContain('Your plan: monthly, $12.00 per month.');
    // The member's own sync and the daily reconciliation find it welcomed already.
    await member.request({ method: 'POST', url: '/api/sync-subscription-status' });
    expect(await welcomeRows(member.email!)).toHaveLength(1);
  });

  it('a German member on the annual plan with a trial gets it in German, the price as Germans write it', async () => {
    const member = await createActor(t.app, 'member');
    await t.app.database.db.update(users).set({ locale: 'de' }).where(eq(users.id, member.userId!));
    const customer = await subscribe(member, {
      id: 'sub_welcome_de',
      priceId: 'price_annual_eur',
      status: 'trialing',
    });
    await deliver('customer.subscription.created', {
      id: 'sub_welcome_de',
      object: 'subscription',
      customer,
    });
    const [welcome, ...more] = await welcomeRows(member.email!);
    expect(more).toHaveLength(0);
    expect(welcome!.subject).toBe('Willkommen bei Stillpoint Premium');
    expect(welcome!.text).toContain('Dein Tarif: jährlich, 96,00\u00a0€ pro Jahr.');
    expect(welcome!.text).toContain('Deine kostenlose Testphase läuft bis zum');
    expect(welcome!.html).toContain('lang="de"');
  });

  it('an old subscription found live (a subscriber from before this e-mail) is not welcomed', async () => {
    const member = await createActor(t.app, 'member');
    const customer = await subscribe(member, {
      id: 'sub_from_last_year',
      priceId: fake.priceId,
      status: 'active',
    });
    fake.setSubscription({
      id: 'sub_from_last_year',
      customer,
      priceId: fake.priceId,
      status: 'active',
      created: Math.floor(Date.now() / 1000) - 300 * 86_400,
    });
    await deliver('customer.subscription.updated', {
      id: 'sub_from_last_year',
      object: 'subscription',
      customer,
    });
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).json().subscriptionStatus).toBe(
      'active',
    );
    expect(await welcomeRows(member.email!)).toHaveLength(0);
  });
});
