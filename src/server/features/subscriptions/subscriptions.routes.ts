import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  BillingPlansSchema,
  BillingPortalSchema,
  CheckoutInputSchema,
  CheckoutSessionSchema,
  PlanSchema,
  SubscriptionDetailsSchema,
  SyncResultSchema,
  TestCheckoutCompleteSchema,
  TestCheckoutSessionSchema,
} from '@shared/schemas/subscription.ts';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/errors.ts';
import { routeDocs } from '../../lib/route-docs.ts';
import { requireMember } from '../../plugins/auth.ts';
import { offersRoutes } from './offers.routes.ts';
import { resolveCheckoutOffer } from './offers.service.ts';
import {
  createBillingPortal,
  createStripeCheckout,
  handleStripeEvent,
  syncStripeMember,
  verifyWebhook,
} from './stripe-billing.ts';
import {
  assertCanCheckout,
  type BillingContext,
  createBillingContext,
  getPlan,
  getSubscriptionDetails,
  readMemberBilling,
  syncResult,
} from './subscriptions.service.ts';
import {
  cancelTestSubscription,
  completeTestCheckout,
  createTestCheckout,
  expireTestSubscriptions,
  getTestCheckout,
} from './test-checkout.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments: Stripe or the built-in test mode; the reconciliation job uses it too. */
    billing: BillingContext;
  }
}

const doc = routeDocs('subscriptions');
const errors = errorResponses(400, 401, 404, 409, 502);
const SessionParams = z.object({ sessionId: z.uuid('sessionId must be a checkout session id') });

/** The billing context every route and the reconciliation job share; decorated by buildApp. */
export function createBilling(config: Config, app: FastifyInstance): BillingContext {
  return createBillingContext(config, app.database.db, app.log.child({ feature: 'billing' }), app.mailer);
}

export async function subscriptionsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.billing;

  api.get(
    '/api/billing/plan',
    {
      ...doc("The plan, at the operator's price, and the priceId checkout expects", {
        response: { 200: PlanSchema },
      }),
      config: { policy: { access: 'public', premium: { none: 'the plan' } } },
    },
    async () => {
      const plan = await getPlan(ctx);
      // "Stillpoint Monthly" names the site: the admin's name in its place (features/site).
      const { name } = await app.site.get();
      return { ...plan, name: plan.name.replace(PRODUCT_NAME, name) };
    },
  );

  api.get(
    '/api/billing/plans',
    {
      ...doc('The plans on sale (monthly first, then annual when there is one), with any free trial', {
        response: { 200: BillingPlansSchema, 502: ErrorBodySchema },
      }),
      config: { policy: { access: 'public', premium: { none: 'the plans' } } },
    },
    async () => ctx.plans(),
  );

  api.get(
    '/api/subscription-details',
    {
      ...doc(null, { response: { 200: SubscriptionDetailsSchema, 401: ErrorBodySchema } }),
      config: { policy: { access: 'member', premium: { none: 'the subscription' } } },
    },
    async (request) => getSubscriptionDetails(ctx, (await requireMember(request)).id),
  );

  api.post(
    '/api/create-checkout-session',
    {
      ...doc('Start a hosted checkout for a plan (priceId; the monthly one when absent)', {
        body: CheckoutInputSchema,
        response: { 200: CheckoutSessionSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'a checkout URL' }, limit: 'checkout' } },
    },
    async (request) => {
      const user = await requireMember(request);
      const plan = await assertCanCheckout(ctx, user.id, request.body);
      const offer = await resolveCheckoutOffer(ctx, request.body?.promotionCode || undefined, plan);
      return ctx.mode === 'stripe'
        ? createStripeCheckout(ctx, user, plan, offer)
        : createTestCheckout(ctx, user.id, plan, offer);
    },
  );

  api.post(
    '/api/sync-subscription-status',
    {
      ...doc("Re-read the member's subscription from the payment provider and store it", {
        response: { 200: SyncResultSchema, ...errors },
      }),
      config: {
        policy: { access: 'member', premium: { none: 'the subscription status' }, limit: 'checkout' },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      if (ctx.mode === 'stripe') return syncStripeMember(ctx, user.id);
      await expireTestSubscriptions(ctx);
      return syncResult(await readMemberBilling(ctx.db, user.id));
    },
  );

  api.post(
    '/api/billing-portal',
    {
      ...doc('A Stripe Customer Portal session for Manage Billing', {
        response: { 200: BillingPortalSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'a portal URL' }, limit: 'checkout' } },
    },
    async (request) => createBillingPortal(ctx, (await requireMember(request)).id),
  );

  api.get(
    '/api/checkout/test/:sessionId',
    {
      ...doc('A test-mode checkout session (its member only)', {
        params: SessionParams,
        response: { 200: TestCheckoutSessionSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'a checkout session' } } },
    },
    async (request) => {
      const session = await getTestCheckout(ctx, await requireMember(request), request.params.sessionId);
      // "Stillpoint Monthly" on the checkout names the site, as the plan does (above).
      const { name } = await app.site.get();
      return { ...session, planName: session.planName.replace(PRODUCT_NAME, name) };
    },
  );

  api.post(
    '/api/checkout/test/:sessionId/complete',
    {
      ...doc("Pay a test-mode checkout: the plan's active period (or its trial), once", {
        params: SessionParams,
        response: { 200: TestCheckoutCompleteSchema, 410: ErrorBodySchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'a redirect URL' }, limit: 'checkout' } },
    },
    async (request) => completeTestCheckout(ctx, (await requireMember(request)).id, request.params.sessionId),
  );

  api.post(
    '/api/checkout/test/cancel',
    {
      ...doc("Cancel the member's test-mode subscription at once", {
        response: { 200: SubscriptionDetailsSchema, ...errors },
      }),
      config: {
        policy: { access: 'member', premium: { none: 'the subscription status' }, limit: 'checkout' },
      },
    },
    async (request) => cancelTestSubscription(ctx, (await requireMember(request)).id),
  );

  await offersRoutes(app);

  // Stripe's webhook: the signature is over the raw bytes, so this scope keeps the body as a Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        ...doc('Stripe events (signed); each event id is applied once', {
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            ...errorResponses(400, 404, 502),
          },
        }),
        config: {
          policy: {
            access: { credential: "Stripe's signature over the raw body" },
            premium: { none: "Stripe's events in, an acknowledgement out" },
            limit: { exempt: 'called by Stripe in bursts, authenticated by its signature' },
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const event = verifyWebhook(ctx, raw, typeof signature === 'string' ? signature : undefined);
        const outcome = await handleStripeEvent(ctx, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true as const, outcome };
      },
    );
  });
}
