import type { FastifyRequest } from 'fastify';
import type { ResponseCache } from '../lib/response-cache.ts';
import type { EarlyAnswerRule } from './early-answers.ts';
import type { WriteLimitClass } from './write-limits.ts';

/**
 * What the edge (edge.ts) does for one route, declared in the route's own options:
 * `api.post(url, { ...doc(...), config: { policy: { limit: 'community' } } }, handler)`.
 * Fastify keeps it as the route's `config`; the edge reads it once, when the route is added, and
 * gives the route only the hooks its policy needs.
 */
/**
 * Who may call a route. Every route the app registers declares one (a test names any that does
 * not: features/platform/authorization-matrix.test.ts):
 * - `'public'`: anyone, and the answer is the same for everyone (never reads the session);
 * - `'viewer'`: anyone, but the answer depends on who asks (teasers for non-premium viewers,
 *   drafts for admins, hidden premium forums); the handler reads the viewer itself;
 * - `'member'`, `'premium'`, `'moderator'`, `'admin'`: signed in with that right; the edge refuses
 *   anyone else before the body is examined (401, or 403 with the guard's code);
 * - `{ credential: '<why>' }`: the request carries its own proof instead of a session (a feed
 *   token, a signed link, a webhook signature); the handler checks it.
 */
export type RouteAccess =
  | 'public'
  | 'viewer'
  | 'member'
  | 'premium'
  | 'moderator'
  | 'admin'
  | { credential: string };

/** The access values a guard enforces at the edge (plugins/auth.ts holds the guards). */
export type GuardedAccess = 'member' | 'premium' | 'moderator' | 'admin';

export const ACCESS_LEVELS: ReadonlySet<string> = new Set([
  'public',
  'viewer',
  'member',
  'premium',
  'moderator',
  'admin',
]);

/**
 * What the route's answer can hold of premium content. Every route the app registers declares
 * one (a test names any that does not, and searches the answers of each role for premium text:
 * features/platform/premium-content.test.ts):
 * - `'items'`: the answer can hold content items, so a viewer without premium access gets
 *   teasers of the premium ones; the handler decides per viewer (its response schema holds
 *   items);
 * - `{ none: '<why>' }`: the answer never holds premium text, and why (`'answers 204 without a
 *   body'`, `'minutes and days'`); its response schema can hold no content item.
 */
export type RoutePremium = 'items' | { none: string };

export type RoutePolicy = {
  /** Who may call the route (`RouteAccess`); required on every route, by a test. */
  access?: RouteAccess;
  /** What its answer can hold of premium content (`RoutePremium`); required on every route, by a test. */
  premium?: RoutePremium;
  /**
   * The write limit class (write-limits.ts), or why the route is exempt. Every state-changing
   * route declares one (features/platform/rate-limits.test.ts); reads are not limited and declare
   * none.
   */
  limit?: WriteLimitClass | { exempt: string };
  /**
   * The edge answers this read from an in-process cache (lib/response-cache.ts): before the
   * handler runs it sends the answer kept under the request's key, if any; after the handler's
   * 200 it keeps the bytes sent (and `keepHeaders`) under that key. Some write must declare
   * `clears` for `store`, so a kept answer cannot outlive a change made on this instance (checked
   * when the app starts).
   */
  cache?: AnswerCache;
  /**
   * A cache of values the handler reads itself (the site's settings, its pages): the edge only
   * checks at start, as for `cache`, that some write clears it.
   */
  readsCache?: Pick<ResponseCache<unknown>, 'clear'>;
  /** Response caches a successful answer of this route makes stale: emptied once it is sent. */
  clears?: readonly Pick<ResponseCache, 'clear'>[];
  /**
   * The HTTP server may repeat this GET route's answer before Fastify runs (early-answers.ts). On
   * a route that declares `cache`, the rule may leave out `isCurrent`: the answer is current while
   * the cache still holds the bytes sent.
   */
  earlyAnswer?: EarlyAnswerRule;
};

/**
 * Who shares an answer: `key` names the answer this request gets (the same key, the same bytes),
 * or null when this requester's answer is theirs alone and is neither looked up nor kept. It runs
 * after validation, so `request.query` and `request.params` are the parsed values.
 */
export type AnswerCache = {
  store: ResponseCache;
  key: (request: FastifyRequest) => string | null | Promise<string | null>;
  /** Headers sent with the answer that are part of it (a next-page cursor), kept with the bytes. */
  keepHeaders?: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's edge policy (src/server/edge/policy.ts). */
    policy?: RoutePolicy;
  }
}

/** Methods that change state: each such route declares a `limit`. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
