import { isShippedLocale } from '@shared/locales.ts';
import { activeMute } from '@shared/roles.ts';
import { SIGN_OUT_PATH } from '@shared/routes.ts';
import { CurrentUserSchema, safeReturnTo } from '@shared/schemas/auth.ts';
import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../lib/route-docs.ts';
import type { SessionUser } from '../../lib/viewer.ts';
import { authHeaders, getSessionUser, requireMember } from '../../plugins/auth.ts';

const doc = routeDocs('accounts');

export function toCurrentUser(user: SessionUser): z.infer<typeof CurrentUserSchema> {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.image ?? null,
    isAdmin: user.isAdmin === true,
    isModerator: user.isModerator === true,
    mute: activeMute(user),
    subscriptionStatus: user.subscriptionStatus ?? null,
    premiumAccessEndsAt: user.premiumAccessEndsAt ? new Date(user.premiumAccessEndsAt).toISOString() : null,
    createdAt: new Date(user.createdAt).toISOString(),
    emailVerified: user.emailVerified === true,
    locale: isShippedLocale(user.locale) ? user.locale : null,
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

/**
 * A navigation another site started (Fetch Metadata). `same-site` counts too: a sibling subdomain
 * may host content we do not control. Browsers without Fetch Metadata send no header and keep the
 * old behaviour (decision 015).
 */
export function isCrossSiteNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/auth/user',
    {
      ...doc('The signed-in user', {
        response: { 200: CurrentUserSchema, 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: { none: 'the signed-in member' } } },
    },
    async (request) => toCurrentUser(await requireMember(request)),
  );

  api.get(
    '/api/login',
    {
      ...doc(
        "Starts sign-in: redirects to the sign-in screen, or with `intent=join` to account creation (the landing page's Get Started); a member already signed in goes straight to `returnTo` (the links in our e-mails)",
        {
          querystring: z.object({
            returnTo: z.string().optional(),
            intent: z.enum(['join', 'sign-in']).optional(),
          }),
        },
      ),
      // Where it sends you depends on whether you are signed in.
      config: { policy: { access: 'viewer', premium: { none: 'a redirect' } } },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      // The answer depends on the session cookie: never kept by a cache.
      reply.header('cache-control', 'no-store');
      // An e-mail's link opened where the member is signed in: straight to the page.
      if (await getSessionUser(request)) return reply.redirect(returnTo, 302);
      const screen = request.query.intent === 'join' ? '/sign-up' : '/sign-in';
      const target = returnTo === '/' ? screen : `${screen}?returnTo=${encodeURIComponent(returnTo)}`;
      return reply.redirect(target, 302);
    },
  );

  api.get(
    '/api/logout',
    {
      ...doc(
        'Ends the session and redirects to /; opened from another site, redirects to the /sign-out confirmation instead',
        {},
      ),
      // Fastify answers HEAD from a GET handler by default; a HEAD (a link checker, a prefetch)
      // must never sign anyone out, so this route has no HEAD.
      exposeHeadRoute: false,
      config: {
        policy: { access: 'viewer', premium: { none: 'a redirect (and it would end the session)' } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Another site may link here, but only our own pages end a session without asking.
      if (request.headers.cookie && isCrossSiteNavigation(request)) {
        return reply.redirect(SIGN_OUT_PATH, 302);
      }
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
      return reply.redirect('/', 302);
    },
  );
}
