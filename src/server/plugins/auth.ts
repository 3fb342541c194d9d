import { hasPremiumAccess } from '@shared/entitlements.ts';
import { activeSuspension, canModerate } from '@shared/roles.ts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { CLIENT_IP_HEADER, isOpenAuthEndpoint } from '../lib/auth-endpoints.ts';
import { adminRequired, moderatorRequired, notFound, premiumRequired, unauthorized } from '../lib/errors.ts';
import {
  isMemberAccess,
  type MemberAccess,
  type SessionUser,
  toViewerAccess,
  type ViewerAccess,
} from '../lib/viewer.ts';
import { readSessionUser } from './session-reader.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request on first use. */
    sessionUser: Promise<SessionUser | null> | undefined;
    /** What the requester may see, worked out from `sessionUser` once per request on first use. */
    viewerAccess: Promise<ViewerAccess> | undefined;
  }
}

/** better-auth reads the client address from this header only, which we always overwrite. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** better-auth's own reading of the session: it also refreshes, expires and forgets sessions. */
async function sessionUserFromBetterAuth(request: FastifyRequest): Promise<SessionUser | null> {
  const session = await request.server.auth.api.getSession({ headers: authHeaders(request) });
  return session ? (session.user as unknown as SessionUser) : null;
}

export function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  request.sessionUser ??= (async () => {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    // The plain case (a valid session not due for refresh) is read directly (session-reader.ts);
    // anything else goes through better-auth.
    const context = await request.server.auth.$context;
    const read = await readSessionUser(
      request.server.database.db,
      cookie,
      {
        sessionToken: context.authCookies.sessionToken.name,
        dontRemember: context.authCookies.dontRememberToken.name,
      },
      {
        secret: context.secret,
        expiresIn: context.sessionConfig.expiresIn,
        updateAge: context.sessionConfig.updateAge,
      },
    );
    const user = read === 'ask-better-auth' ? await sessionUserFromBetterAuth(request) : read;
    if (!user) return null;
    // Sessions end when an admin suspends the member; one that slipped through is refused here.
    if (activeSuspension(user)) return null;
    return { ...user, isAdmin: user.isAdmin === true, isModerator: user.isModerator === true };
  })();
  return request.sessionUser;
}

/**
 * The requester's access (lib/viewer.ts): whoever needs it during the request (the handler, the
 * list cache's key) reads this one value, and the services receive it.
 */
export function getViewerAccess(request: FastifyRequest): Promise<ViewerAccess> {
  request.viewerAccess ??= getSessionUser(request).then((user) => toViewerAccess(user));
  return request.viewerAccess;
}

/** As `requireMember`, answering with the member's access. */
export async function requireMemberAccess(request: FastifyRequest): Promise<MemberAccess> {
  const access = await getViewerAccess(request);
  if (!isMemberAccess(access)) throw unauthorized();
  return access;
}

// Guards: use as `preHandler`, or call from a handler; each throws the contract's error.
export async function requireMember(request: FastifyRequest): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireMember(request);
  if (!user.isAdmin) throw adminRequired();
  return user;
}

/** Moderators and admins: the moderation queue, hiding, restoring, removing, pinning, muting. */
export async function requireModerator(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireMember(request);
  if (!canModerate(user)) throw moderatorRequired();
  return user;
}

export async function requirePremium(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireMember(request);
  if (!hasPremiumAccess(user)) throw premiumRequired();
  return user;
}

/**
 * better-auth's JSON answers carry the raw session token (`token` on sign-in, sign-up and
 * change-password, `session.token` on get-session). The browser holds it in an HttpOnly cookie;
 * in a body, any script on the page (or a logged response) could read it. Dropped here, for every
 * endpoint the mount forwards.
 */
export function withoutSessionTokens(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
  const { token: _token, ...rest } = parsed as Record<string, unknown>;
  if (rest.session !== null && typeof rest.session === 'object') {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return JSON.stringify(rest);
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = await response.text();
  if (body.length === 0) return reply.send(null);
  const isJson = response.headers.get('content-type')?.includes('application/json') === true;
  return reply.send(isJson ? withoutSessionTokens(body) : body);
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    /** `auth`: the better-auth instance, built by the auth feature (`createAuth`) in app.ts. */
    options: { config: Config; auth: FastifyInstance['auth'] },
  ) => {
    app.decorate('auth', options.auth);
    app.decorateRequest('sessionUser', undefined);
    app.decorateRequest('viewerAccess', undefined);

    // better-auth's own endpoints (sign-up, sign-in, sign-out, password reset, e-mail
    // verification) behind one route; only those in AUTH_ENDPOINTS are forwarded.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      config: {
        policy: {
          access: { credential: "better-auth's own endpoints, which read and check their own sessions" },
          premium: { none: "better-auth's session endpoints (GET) and account endpoints (POST)" },
          limit: { exempt: "better-auth's own limiter (auth.service.ts), stored in the database like ours" },
        },
      },
      handler: async (request, reply) => {
        const url = new URL(request.url, options.config.publicUrl);
        const path = url.pathname.slice('/api/auth'.length);
        if (!url.pathname.startsWith('/api/auth/') || !isOpenAuthEndpoint(request.method, path)) {
          throw notFound('Route');
        }
        const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
        const fetchRequest = new Request(url, {
          method: request.method,
          headers: authHeaders(request),
          body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
        });
        return sendFetchResponse(reply, await app.auth.handler(fetchRequest));
      },
    });
  },
  { name: 'auth' },
);

export { sendFetchResponse };
