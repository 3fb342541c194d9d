import { DeleteAccountSchema, ProfileInputSchema } from '@shared/schemas/account.ts';
import { CurrentUserSchema } from '@shared/schemas/auth.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { authHeaders, requireMember } from '../../plugins/auth.ts';
import { ErrorSchema } from '../../plugins/errors.ts';
import { expiredSessionCookies, toCurrentUser } from '../auth/index.ts';
import { deleteAccount, exportAccount, updateProfile } from './account.service.ts';

const tags = ['accounts'];

export async function accountRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  api.put(
    '/api/user/profile',
    {
      schema: {
        tags,
        summary: 'Change first name, last name and profile image',
        body: ProfileInputSchema,
        response: { 200: CurrentUserSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = await requireMember(request);
      const row = await updateProfile(db, user.id, request.body);
      return toCurrentUser({ ...user, ...row, isAdmin: row.isAdmin });
    },
  );

  api.get(
    '/api/user/export',
    { schema: { tags, summary: 'Everything the product holds about the member, as a JSON file' } },
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
      schema: {
        tags,
        summary: 'Delete the account after re-entering the password',
        body: DeleteAccountSchema,
        response: { 204: z.null(), 400: ErrorSchema, 401: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema },
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
      if (!verified) throw new AppError(400, 'password: that is not your password', 'INVALID_PASSWORD');
      await deleteAccount(db, user.id, { stripe: app.billing.stripe, log: request.log });
      reply.header('set-cookie', expiredSessionCookies(app.auth.options));
      return reply.status(204).send(null);
    },
  );
}
