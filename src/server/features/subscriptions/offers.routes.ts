import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  CreateOfferInputSchema,
  MAX_OFFER_CODE_LENGTH,
  OfferListSchema,
  OfferPreviewSchema,
  OfferSchema,
} from '@shared/schemas/offers.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { routeDocs } from '../../lib/route-docs.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { archiveOffer, createOffer, getOfferPreview, listOffers } from './offers.service.ts';

const doc = routeDocs('subscriptions');
const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Offer codes: the admin's list, and the lookup a member's checkout makes (rate-limited). */
export async function offersRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.billing;

  api.get(
    '/api/admin/offers',
    {
      ...doc('The offers members can use, newest first', { response: { 200: OfferListSchema, ...guarded } }),
      config: { policy: { access: 'admin', premium: { none: 'offers' } } },
    },
    async (request) => {
      await requireAdmin(request);
      return listOffers(ctx);
    },
  );

  api.post(
    '/api/admin/offers',
    {
      ...doc('Make an offer code (Stripe mode: its Stripe coupon and promotion code too)', {
        body: CreateOfferInputSchema,
        response: { 200: OfferSchema, ...errorResponses(400, 409, 502), ...guarded },
      }),
      config: { policy: { access: 'admin', premium: { none: 'an offer' }, limit: 'admin' } },
    },
    async (request) => {
      await requireAdmin(request);
      return createOffer(ctx, request.body);
    },
  );

  api.delete(
    '/api/admin/offers/:id',
    {
      ...doc('Withdraw an offer: no new checkout may use it', {
        params: z.object({ id: z.uuid('id must be an offer id') }),
        response: { 204: z.null(), ...errorResponses(400, 404), ...guarded },
      }),
      config: { policy: { access: 'admin', premium: { none: 'nothing' }, limit: 'admin' } },
    },
    async (request, reply) => {
      await requireAdmin(request);
      await archiveOffer(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/api/billing/offers/:code',
    {
      ...doc('What an offer code gives (404 when it cannot be used); names no other code', {
        params: z.object({ code: z.string().max(MAX_OFFER_CODE_LENGTH * 2, 'code is too long') }),
        querystring: z.object({ planId: z.string().max(200, 'planId is too long').optional() }),
        response: { 200: OfferPreviewSchema, ...errorResponses(400, 404, 429) },
      }),
      // A read, limited: answering freely would let a script guess codes.
      config: {
        policy: { access: 'public', premium: { none: 'what an offer gives' }, limit: 'offerLookup' },
      },
    },
    async (request) => getOfferPreview(ctx, request.params.code, request.query.planId),
  );
}
