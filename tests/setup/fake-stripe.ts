import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { setUpTestApp, type TestApp } from './test-app.ts';

/**
 * A small Stripe-compatible API for tests: the real `stripe` SDK talks to it through
 * STRIPE_API_BASE. It keeps customers, checkout sessions, subscriptions and portal sessions in
 * memory, records every request, and lets a test change a subscription "behind the app's back"
 * (as the Stripe dashboard would) or make the next calls fail.
 */

export type FakeSubscriptionInput = {
  id: string;
  customer: string;
  priceId: string;
  status: Stripe.Subscription.Status;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  created?: number;
};

type RecordedRequest = { method: string; path: string; params: Record<string, string> };

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  requests: RecordedRequest[];
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  checkoutSessions: Array<{ id: string; customer: string; params: Record<string, string> }>;
  setSubscription: (input: FakeSubscriptionInput) => Stripe.Subscription;
  subscription: (id: string) => Stripe.Subscription | undefined;
  /** The next `count` API calls answer 500 (the SDK retries, so use more than its retries). */
  failNext: (count: number) => void;
  /** A signed webhook request (body and headers) for an event about `object`. */
  signedEvent: (
    type: string,
    object: unknown,
    options?: { id?: string; timestamp?: number; secret?: string },
  ) => { payload: string; headers: Record<string, string> };
  close: () => Promise<void>;
};

function parseForm(body: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) params[key] = value;
  return params;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function startFakeStripe(
  options: {
    priceId?: string;
    /** The price behind `priceId` (default: 1200 usd a month). */
    price?: { unitAmount: number; currency: string; interval: Stripe.Price.Recurring.Interval };
  } = {},
): Promise<FakeStripe> {
  const priceId = options.priceId ?? 'price_test_stillpoint_monthly';
  const price = options.price ?? { unitAmount: 1200, currency: 'usd', interval: 'month' };
  const secretKey = 'sk_test_fake_stillpoint';
  const webhookSecret = 'whsec_fake_stillpoint_secret';
  const requests: RecordedRequest[] = [];
  const customers: FakeStripe['customers'] = new Map();
  const checkoutSessions: FakeStripe['checkoutSessions'] = [];
  const subscriptions = new Map<string, Stripe.Subscription>();
  let failures = 0;
  const signer = new Stripe(secretKey);

  const toSubscription = (input: FakeSubscriptionInput): Stripe.Subscription => {
    const now = Math.floor(Date.now() / 1000);
    const periodEnd = input.currentPeriodEnd ?? now + 30 * 24 * 3600;
    const ended = input.status === 'canceled' || input.status === 'incomplete_expired';
    return {
      id: input.id,
      object: 'subscription',
      customer: input.customer,
      status: input.status,
      created: input.created ?? now,
      cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
      cancel_at: input.cancelAtPeriodEnd ? periodEnd : null,
      canceled_at: ended || input.cancelAtPeriodEnd ? now : null,
      ended_at: ended ? now : null,
      metadata: {},
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${input.id}`,
        data: [
          {
            id: `si_${input.id}`,
            object: 'subscription_item',
            current_period_start: periodEnd - 30 * 24 * 3600,
            current_period_end: periodEnd,
            price: { id: input.priceId, object: 'price' },
            quantity: 1,
          },
        ],
      },
    } as unknown as Stripe.Subscription;
  };

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const params = request.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(body);
      requests.push({ method: request.method ?? 'GET', path: url.pathname, params });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (failures > 0) {
        failures -= 1;
        return send(500, { error: { type: 'api_error', message: 'Fake Stripe is down' } });
      }
      const path = url.pathname;
      if (request.method === 'POST' && path === '/v1/customers') {
        const customer = {
          id: nextId('cus'),
          object: 'customer',
          email: params.email ?? '',
          metadata: { userId: params['metadata[userId]'] ?? '' },
        };
        customers.set(customer.id, customer);
        return send(200, customer);
      }
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = nextId('cs_test');
        checkoutSessions.push({ id, customer: params.customer ?? '', params });
        return send(200, {
          id,
          object: 'checkout.session',
          mode: params.mode,
          customer: params.customer,
          client_reference_id: params.client_reference_id,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
        });
      }
      if (request.method === 'GET' && path === '/v1/subscriptions') {
        const data = [...subscriptions.values()].filter(
          (subscription) => !params.customer || subscription.customer === params.customer,
        );
        return send(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }
      const single = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if (request.method === 'GET' && single) {
        const subscription = subscriptions.get(single[1]!);
        return subscription
          ? send(200, subscription)
          : send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      }
      if (request.method === 'DELETE' && single) {
        const subscription = subscriptions.get(single[1]!);
        if (!subscription)
          return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        const canceled = {
          ...subscription,
          status: 'canceled' as const,
          ended_at: Math.floor(Date.now() / 1000),
        };
        subscriptions.set(subscription.id, canceled);
        return send(200, canceled);
      }
      if (request.method === 'GET' && path === `/v1/prices/${priceId}`) {
        return send(200, {
          id: priceId,
          object: 'price',
          active: true,
          currency: price.currency,
          unit_amount: price.unitAmount,
          type: 'recurring',
          recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
        });
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = nextId('bps');
        return send(200, {
          id,
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    priceId,
    requests,
    customers,
    checkoutSessions,
    setSubscription: (input) => {
      const subscription = toSubscription(input);
      subscriptions.set(input.id, subscription);
      return subscription;
    },
    subscription: (id) => subscriptions.get(id),
    failNext: (count) => {
      failures = count;
    },
    signedEvent: (type, object, eventOptions = {}) => {
      const payload = JSON.stringify({
        id: eventOptions.id ?? nextId('evt'),
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: eventOptions.secret ?? webhookSecret,
        ...(eventOptions.timestamp ? { timestamp: eventOptions.timestamp } : {}),
      });
      return { payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A fake Stripe for the tests around the call (a file or a describe block) and an app in Stripe
 * mode pointed at it: started before they run, closed after, filled in by those hooks.
 */
export function setUpStripeApp(
  options: Parameters<typeof startFakeStripe>[0] = {},
  env: Record<string, string> = {},
): { fake: FakeStripe; t: TestApp } {
  const fake = {} as FakeStripe;
  beforeAll(async () => {
    Object.assign(fake, await startFakeStripe(options));
  });
  afterAll(async () => fake.close?.());
  const t = setUpTestApp(() => ({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PRICE_ID: fake.priceId,
    STRIPE_API_BASE: fake.url,
    ...env,
  }));
  return { fake, t };
}
