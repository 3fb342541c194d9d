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
  /** A price of the fake's product (see `setPrice`), or any other id: another product's price. */
  priceId: string;
  status: Stripe.Subscription.Status;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  created?: number;
  /** Seconds; default: the period's end while trialing (as Stripe's trial is the first period), else none. */
  trialEnd?: number;
};

export type FakePriceInput = {
  id: string;
  unitAmount: number;
  currency: string;
  interval: Stripe.Price.Recurring.Interval;
  active?: boolean;
  /** Seconds; later prices are newer (default: now). */
  created?: number;
  /** Default: the fake's product. */
  product?: string;
};

type RecordedRequest = { method: string; path: string; params: Record<string, string> };

/**
 * How `failNext` makes a call fail, each as Stripe answers it (the SDK turns each into its error
 * type): `down` 500 (StripeAPIError, retried), `unauthorized` 401 (a wrong key), `forbidden` 403
 * (a restricted key without the permission), `rateLimited` 429, `noSuchCustomer` 400
 * resource_missing naming the request's customer (calls without one pass), `badRequest` 400 without a code, `hangUp` the
 * connection closed without an answer (StripeConnectionError, retried).
 */
export type FakeFailure =
  | 'down'
  | 'unauthorized'
  | 'forbidden'
  | 'rateLimited'
  | 'noSuchCustomer'
  | 'badRequest'
  | 'hangUp';

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** The product every price made with `setPrice` (and `priceId`) belongs to. */
  productId: string;
  requests: RecordedRequest[];
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  checkoutSessions: Array<{ id: string; customer: string; params: Record<string, string> }>;
  setSubscription: (input: FakeSubscriptionInput) => Stripe.Subscription;
  /** Adds or changes a price of the product (as the dashboard would: archiving is `active: false`). */
  setPrice: (input: FakePriceInput) => void;
  coupons: Map<string, Record<string, string>>;
  promotionCodes: Map<string, { id: string; code: string; coupon: string; active: boolean }>;
  subscription: (id: string) => Stripe.Subscription | undefined;
  /**
   * The next `count` API calls fail, by default with a 500 (the SDK retries 500s and closed
   * connections, so use more than its retries); `failNext(0)` ends the failures.
   */
  failNext: (count: number, failure?: FakeFailure) => void;
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
    /** More prices of the same product (an annual one, an archived old one). */
    prices?: FakePriceInput[];
  } = {},
): Promise<FakeStripe> {
  const priceId = options.priceId ?? 'price_test_stillpoint_monthly';
  const price = options.price ?? { unitAmount: 1200, currency: 'usd', interval: 'month' };
  const productId = 'prod_test_stillpoint';
  const prices = new Map<string, Required<FakePriceInput>>();
  const setPrice = (input: FakePriceInput) => {
    prices.set(input.id, {
      active: true,
      created: Math.floor(Date.now() / 1000),
      product: productId,
      ...input,
    });
  };
  setPrice({ id: priceId, ...price, created: Math.floor(Date.now() / 1000) - 3600 });
  for (const extra of options.prices ?? []) setPrice(extra);
  const priceObject = (stored: Required<FakePriceInput>) => ({
    id: stored.id,
    object: 'price',
    active: stored.active,
    created: stored.created,
    currency: stored.currency,
    product: stored.product,
    unit_amount: stored.unitAmount,
    type: 'recurring',
    recurring: { interval: stored.interval, interval_count: 1, usage_type: 'licensed' },
  });
  const coupons: FakeStripe['coupons'] = new Map();
  const promotionCodes: FakeStripe['promotionCodes'] = new Map();
  const secretKey = 'sk_test_fake_stillpoint';
  const webhookSecret = 'whsec_fake_stillpoint_secret';
  const requests: RecordedRequest[] = [];
  const customers: FakeStripe['customers'] = new Map();
  const checkoutSessions: FakeStripe['checkoutSessions'] = [];
  const subscriptions = new Map<string, Stripe.Subscription>();
  let failures = 0;
  let failure: FakeFailure = 'down';
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
      trial_end: input.trialEnd ?? (input.status === 'trialing' ? periodEnd : null),
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
            // As Stripe lists it: the whole price, its product as an id, not expanded.
            price: prices.has(input.priceId)
              ? priceObject(prices.get(input.priceId)!)
              : { id: input.priceId, object: 'price', product: 'prod_someone_else' },
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
      // A missing customer is the answer of a call that names one (another call passes).
      if (failures > 0 && (failure !== 'noSuchCustomer' || params.customer)) {
        failures -= 1;
        switch (failure) {
          case 'down':
            return send(500, { error: { type: 'api_error', message: 'Fake Stripe is down' } });
          case 'unauthorized':
            return send(401, {
              error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****oint' },
            });
          case 'forbidden':
            return send(403, {
              error: {
                type: 'invalid_request_error',
                message: 'The provided key does not have the required permissions for this endpoint.',
              },
            });
          case 'rateLimited':
            return send(429, {
              error: {
                type: 'invalid_request_error',
                code: 'rate_limit',
                message:
                  'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
              },
            });
          case 'noSuchCustomer':
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                param: 'customer',
                message: `No such customer: '${params.customer ?? ''}'`,
              },
            });
          case 'badRequest':
            return send(400, {
              error: { type: 'invalid_request_error', message: 'Fake Stripe refuses this request' },
            });
          case 'hangUp':
            request.socket.destroy();
            return;
        }
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
      const priceMatch = path.match(/^\/v1\/prices\/([^/]+)$/);
      if (request.method === 'GET' && priceMatch) {
        const stored = prices.get(priceMatch[1]!);
        return stored
          ? send(200, priceObject(stored))
          : send(404, { error: { type: 'invalid_request_error', message: 'No such price' } });
      }
      if (request.method === 'GET' && path === '/v1/prices') {
        const data = [...prices.values()]
          .filter((stored) => !params.product || stored.product === params.product)
          .filter((stored) => params.active === undefined || String(stored.active) === params.active)
          .sort((a, b) => b.created - a.created)
          .map(priceObject);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/prices' });
      }
      if (request.method === 'POST' && path === '/v1/coupons') {
        const id = nextId('coupon');
        coupons.set(id, params);
        return send(200, { id, object: 'coupon', ...params });
      }
      if (request.method === 'POST' && path === '/v1/promotion_codes') {
        const id = nextId('promo');
        const promotion = {
          id,
          code: params.code ?? '',
          coupon: params['promotion[coupon]'] ?? '',
          active: true,
        };
        promotionCodes.set(id, promotion);
        return send(200, { object: 'promotion_code', ...promotion, params });
      }
      const promotionMatch = path.match(/^\/v1\/promotion_codes\/([^/]+)$/);
      if (request.method === 'POST' && promotionMatch) {
        const promotion = promotionCodes.get(promotionMatch[1]!);
        if (!promotion)
          return send(404, { error: { type: 'invalid_request_error', message: 'No such promotion code' } });
        if (params.active !== undefined) promotion.active = params.active === 'true';
        return send(200, { object: 'promotion_code', ...promotion });
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
    productId,
    requests,
    customers,
    coupons,
    promotionCodes,
    setPrice,
    checkoutSessions,
    setSubscription: (input) => {
      const subscription = toSubscription(input);
      subscriptions.set(input.id, subscription);
      return subscription;
    },
    subscription: (id) => subscriptions.get(id),
    failNext: (count, kind = 'down') => {
      failures = count;
      failure = kind;
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
