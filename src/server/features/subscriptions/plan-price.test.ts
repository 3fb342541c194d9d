import zlib from 'node:zlib';
import { Pricing } from '@client/features/landing/components/pricing';
import { activateLocale, i18n } from '@client/lib/i18n';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { TEST_PRICE_ID } from '@shared/schemas/subscription.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setUpStripeApp } from '../../../../tests/setup/fake-stripe.ts';
import { createActor, setUpClientApp, setUpTestApp } from '../../../../tests/setup/test-app.ts';

/**
 * The plan's price comes from the operator: PLAN_AMOUNT / PLAN_CURRENCY / PLAN_INTERVAL in test
 * mode, the Stripe price in Stripe mode; every price-bearing answer and the landing page follow it.
 */

// The card's words, as the build has them before it renders (src/client/prerender.tsx).
i18n.setMessagesCompiler(compileMessage);
await activateLocale('en', ['common', 'landing']);

/** The landing's plan card as the build pre-renders it (vite.config.ts), inside a page. */
function prerenderedLanding(): string {
  const card = renderToString(
    createElement(QueryClientProvider, { client: new QueryClient() }, createElement(Pricing)),
  );
  return `<!doctype html><html><head><title>Stillpoint</title></head><body><div id="root">${card}</div></body></html>`;
}

describe('test mode with PLAN_AMOUNT=2500, PLAN_CURRENCY=eur, PLAN_INTERVAL=year', () => {
  const t = setUpTestApp({ PLAN_AMOUNT: '2500', PLAN_CURRENCY: 'EUR', PLAN_INTERVAL: 'year' });
  const client = setUpClientApp(t, () => ({
    'index.html': '<!doctype html><title>Stillpoint</title>',
    'landing.html': prerenderedLanding(),
  }));

  it('the build renders the default price, $12 per month', () => {
    const html = prerenderedLanding();
    expect(html).toMatch(/data-plan-price=""[^>]*>\$12</);
    expect(html).toMatch(/data-plan-interval=""[^>]*>per month</);
  });

  it('GET /api/billing/plan answers the configured price', async () => {
    const response = await client.app.inject({ method: 'GET', url: '/api/billing/plan' });
    expect(response.json()).toEqual({
      priceId: TEST_PRICE_ID,
      mode: 'test',
      name: 'Stillpoint Monthly',
      amountCents: 2500,
      currency: 'eur',
      interval: 'year',
      periodDays: 365,
    });
  });

  it('the pre-rendered landing page is served with the configured price', async () => {
    const plain = await client.app.inject({ method: 'GET', url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toMatch(/data-plan-price=""[^>]*>€25</);
    expect(plain.body).toMatch(/data-plan-interval=""[^>]*>per year</);
    expect(plain.body).toMatch(/data-plan-period=""[^>]*>365-day subscription • Cancel anytime</);
    expect(plain.body).not.toContain('$12');
    expect(plain.body).toContain(
      '<meta name="stillpoint-plan" content="{&quot;amountCents&quot;:2500,&quot;currency&quot;:&quot;eur&quot;,&quot;interval&quot;:&quot;year&quot;,&quot;periodDays&quot;:365}">',
    );
    const brotli = await client.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    // A visitor whose browser asks for German gets the price's words in German (docs/translating.md).
    const german = await client.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de' } });
    expect(german.body).toMatch(/data-plan-interval=""[^>]*>pro Jahr</);
    expect(german.body).toMatch(/data-plan-period=""[^>]*>365-Tage-Abo • Jederzeit kündbar</);
    expect(german.headers.vary).toContain('Accept-Language');
  });

  it('the test checkout charges the configured price for a year', async () => {
    const member = await createActor(client.app, 'member');
    const started = await member.request({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: { priceId: TEST_PRICE_ID },
    });
    const sessionId = started.json().url.split('/checkout/test/')[1];
    const session = await member.request({ method: 'GET', url: `/api/checkout/test/${sessionId}` });
    expect(session.json()).toMatchObject({
      amountCents: 2500,
      currency: 'eur',
      interval: 'year',
      periodDays: 365,
    });
    await member.request({ method: 'POST', url: `/api/checkout/test/${sessionId}/complete` });
    const details = (await member.request({ method: 'GET', url: '/api/subscription-details' })).json();
    const days = (new Date(details.currentPeriodEnd).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
  });
});

describe('Stripe mode', () => {
  const { fake, t } = setUpStripeApp(
    { price: { unitAmount: 900, currency: 'gbp', interval: 'month' } },
    { PLAN_AMOUNT: '5000' }, // ignored: Stripe's price wins
  );

  const priceReads = () => fake.requests.filter((r) => r.path === `/v1/prices/${fake.priceId}`).length;

  it('reads the price from Stripe once, not cached while Stripe is down', async () => {
    fake.failNext(3); // the first try and the SDK's two retries
    const down = await t.app.inject({ method: 'GET', url: '/api/billing/plan' });
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('PAYMENT_PROVIDER_ERROR');
    const readsWhileDown = priceReads();
    for (let i = 0; i < 3; i += 1) {
      const plan = await t.app.inject({ method: 'GET', url: '/api/billing/plan' });
      expect(plan.json()).toMatchObject({
        mode: 'stripe',
        amountCents: 900,
        currency: 'gbp',
        interval: 'month',
      });
    }
    expect(priceReads()).toBe(readsWhileDown + 1);
  }, 20_000);
});
