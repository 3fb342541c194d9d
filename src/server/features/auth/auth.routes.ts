import { CurrentUserSchema, safeReturnTo } from '@shared/schemas/auth.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authHeaders, requireMember, type SessionUser } from '../../plugins/auth.ts';
import { ErrorSchema } from '../../plugins/errors.ts';

export function toCurrentUser(user: SessionUser): z.infer<typeof CurrentUserSchema> {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.image ?? null,
    isAdmin: user.isAdmin === true,
    subscriptionStatus: user.subscriptionStatus ?? null,
    createdAt: new Date(user.createdAt).toISOString(),
    emailVerified: user.emailVerified === true,
  };
}

/** Set-Cookie values that remove the session cookies (both the plain and the __Secure- name). */
export function expiredSessionCookies(options: { advanced?: { cookiePrefix?: string } }): string[] {
  const prefix = options.advanced?.cookiePrefix ?? 'better-auth';
  return [`${prefix}.session_token`, `__Secure-${prefix}.session_token`].map(
    (name) =>
      `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`,
  );
}

export async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: CurrentUserSchema, 401: ErrorSchema },
      },
    },
    async (request) => toCurrentUser(await requireMember(request)),
  );

  api.get(
    '/api/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Starts sign-in: redirects to the sign-in screen',
        querystring: z.object({ returnTo: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      const target = returnTo === '/' ? '/sign-in' : `/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
      return reply.redirect(target, 302);
    },
  );

  api.get(
    '/api/logout',
    { schema: { tags: ['accounts'], summary: 'Ends the session and redirects to /' } },
    async (request, reply) => {
      if (request.headers.cookie) {
        const result = await app.auth.api
          .signOut({ headers: authHeaders(request), returnHeaders: true })
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'sign-out failed; clearing the session cookie anyway');
            return undefined;
          });
        const cookies = result?.headers.getSetCookie() ?? [];
        // Whatever happened server-side, the browser must leave signed out.
        reply.header('set-cookie', cookies.length > 0 ? cookies : expiredSessionCookies(app.auth.options));
      }
      reply.header('cache-control', 'no-store');
      return reply.redirect('/', 302);
    },
  );
}
