import { DeleteAccountSchema, LocaleInputSchema, ProfileInputSchema } from '@shared/schemas/account.ts';
import { CurrentUserSchema } from '@shared/schemas/auth.ts';
import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, wrongPassword } from '../../lib/errors.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { authHeaders, requireMember } from '../../plugins/auth.ts';
import { expiredSessionCookies, toCurrentUser } from '../auth/index.ts';
import { deleteAccount, exportAccount, updateLocale, updateProfile } from './account.service.ts';

const doc = routeDocs('accounts');

export async function accountRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.put(
    '/api/user/profile',
    {
      ...doc('Change first name, last name and profile image', {
        body: ProfileInputSchema,
        response: { 200: CurrentUserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: { none: 'the member' }, limit: 'profile' } },
    },
    async (request) => {
      const user = await requireMember(request);
      const row = await updateProfile(db, user.id, request.body);
      return toCurrentUser({ ...user, ...row, isAdmin: row.isAdmin });
    },
  );

  api.put(
    '/api/user/locale',
    {
      ...doc("Choose the member's language for their screens and e-mails", {
        body: LocaleInputSchema,
        response: { 200: CurrentUserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      }),
      config: {
        policy: {
          access: 'member',
          premium: { none: 'the member, with the language they chose' },
          limit: 'profile',
        },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      const row = await updateLocale(db, user.id, request.body.locale);
      return toCurrentUser({ ...user, locale: row.locale });
    },
  );

  api.get(
    '/api/user/export',
    {
      ...doc('Everything the product holds about the member, as a JSON file', {}),
      config: {
        policy: {
          access: 'member',
          premium: {
            none: "the member's own data: favourites and progress name items by id and title, never their text",
          },
        },
      },
    },
    async (request, reply) => {
      const user = await requireMember(request);
      const data = await exportAccount(db, user.id);
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="stillpoint-export-${day}.json"`);
      reply.header('cache-control', 'no-store');
      reply.type('application/json; charset=utf-8');
      return reply.send(JSON.stringify(data, null, 2));
    },
  );

  api.delete(
    '/api/user',
    {
      ...doc('Delete the account after re-entering the password', {
        body: DeleteAccountSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 409, 502),
        },
      }),
      config: {
        policy: { access: 'member', premium: { none: 'answers 204 without a body' }, limit: 'password' },
      },
    },
    async (request, reply) => {
      const user = await requireMember(request);
      const verified = await app.auth.api
        .verifyPassword({ body: { password: request.body.password }, headers: authHeaders(request) })
        .then(
          () => true,
          () => false,
        );
      if (!verified) throw wrongPassword();
      await deleteAccount(db, user.id, { stripe: app.billing.stripe, log: request.log });
      reply.header('set-cookie', expiredSessionCookies(app.auth.options));
      return reply.status(204).send(null);
    },
  );
}
