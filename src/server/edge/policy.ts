import type { ResponseCache } from '../lib/response-cache.ts';
import type { EarlyAnswerRule } from './early-answers.ts';
import type { WriteLimitClass } from './write-limits.ts';

/**
 * What the edge (edge.ts) does for one route, declared in the route's own options:
 * `api.post(url, { ...doc(...), config: { policy: { limit: 'community' } } }, handler)`.
 * Fastify keeps it as the route's `config`; the edge reads it once, when the route is added, and
 * gives the route only the hooks its policy needs.
 */
export type RoutePolicy = {
  /**
   * The write limit class (write-limits.ts), or why the route is exempt. Every state-changing
   * route declares one (features/platform/rate-limits.test.ts); reads are not limited and declare
   * none.
   */
  limit?: WriteLimitClass | { exempt: string };
  /**
   * The in-process cache this read answers from (lib/response-cache.ts). The lookup stays in the
   * handler, which alone knows the key (it depends on the viewer's access); the edge checks when
   * the app starts that some write declares `clears` for it, so a cached page cannot outlive a
   * change made on this instance.
   */
  cache?: Pick<ResponseCache, 'clear'>;
  /** Response caches a successful answer of this route makes stale: emptied once it is sent. */
  clears?: readonly Pick<ResponseCache, 'clear'>[];
  /** The HTTP server may repeat this GET route's answer before Fastify runs (early-answers.ts). */
  earlyAnswer?: EarlyAnswerRule;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's edge policy (src/server/edge/policy.ts). */
    policy?: RoutePolicy;
  }
}

/** Methods that change state: each such route declares a `limit`. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
