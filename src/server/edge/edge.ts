import { isNewAccount } from '@shared/roles.ts';
import { lt } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { requestLimits } from '../db/schema/index.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { sendJsonBytes } from '../lib/json-bytes.ts';
import type { ResponseCache } from '../lib/response-cache.ts';
import {
  getSessionUser,
  requireAdmin,
  requireMember,
  requireModerator,
  requirePremium,
} from '../plugins/auth.ts';
import { type EarlyAnswerRule, type EarlyAnswers, isVisitorRequest } from './early-answers.ts';
import { ACCESS_LEVELS, type GuardedAccess, type RoutePolicy, STATE_CHANGING_METHODS } from './policy.ts';
import {
  type ClassLimits,
  describeWait,
  type Limit,
  WRITE_LIMITS,
  type WriteLimitClass,
} from './write-limits.ts';

/**
 * The edge: executes each route's declared policy (policy.ts). When a route is added, it gives
 * the route the hooks its policy asks for, and nothing else:
 * - `access` member, premium, moderator or admin: a preValidation hook running that guard
 *   (plugins/auth.ts), so whoever it leaves out is refused (401, 403) before the body is
 *   examined; public, viewer and credential routes get no hook (the handler reads the viewer or
 *   checks the proof itself);
 * - `limit`: an onRequest hook consuming the class's member and address counters (429 when spent);
 * - `cache`: a preHandler hook sending the answer kept under the request's key, and an onSend hook
 *   keeping a 200 answer's bytes under it;
 * - `clears`: an onResponse hook emptying those caches after a successful answer (and a cache a
 *   read declares, `cache` or `readsCache`, must be among some write's `clears`, or the app
 *   refuses to start);
 * - `earlyAnswer`: an onSend hook keeping the answer for the HTTP server (early-answers.ts).
 * Public and viewer reads (the library list, health, site settings) get no hook from here, so
 * they pay nothing for it; a read that declares a `limit` (offer-code lookups) is limited like a
 * write. A route without `access` is named by a test (authorization-matrix.test.ts), not refused
 * here: it gets no guard (so do the client build's files, which @fastify/static registers without
 * a policy). `premium` adds no hook (the handler shapes each viewer's answer): a value other than
 * `'items'` or `{ none: '<why>' }` stops the build, and a route without one is named by
 * premium-content.test.ts.
 */

/** A write that declares no class (rate-limits.test.ts fails first) is limited as a post. */
const FALLBACK_CLASS: WriteLimitClass = 'community';
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

type Limiters = Record<
  WriteLimitClass,
  { member: RateLimiterPostgres; address: RateLimiterPostgres; newMember?: RateLimiterPostgres }
>;

function createLimiters(app: FastifyInstance, scale: number): Limiters {
  const make = (name: string, limit: Limit) =>
    new RateLimiterPostgres({
      storeClient: app.database.pool,
      storeType: 'pool',
      tableName: 'request_limits',
      // The table comes from our migration; expired rows are removed by this plugin's timer.
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: Math.max(1, Math.round(limit.points * scale)),
      duration: limit.durationSeconds,
    });
  const entries = Object.entries(WRITE_LIMITS).map(([name, limits]: [string, ClassLimits]) => [
    name,
    {
      member: make(`${name}:member`, limits.member),
      address: make(`${name}:address`, limits.address),
      ...(limits.newMember ? { newMember: make(`${name}:new-member`, limits.newMember) } : {}),
    },
  ]);
  return Object.fromEntries(entries) as Limiters;
}

async function consumeAll(
  request: FastifyRequest,
  limiters: Limiters[WriteLimitClass],
  userId: string | null,
  isNew: boolean,
) {
  const memberLimiter = isNew && limiters.newMember ? limiters.newMember : limiters.member;
  const results = await Promise.allSettled([
    limiters.address.consume(request.ip),
    ...(userId ? [memberLimiter.consume(userId)] : []),
  ]);
  let waitMs = 0;
  for (const result of results) {
    if (result.status === 'fulfilled') continue;
    if (result.reason instanceof RateLimiterRes) {
      waitMs = Math.max(waitMs, result.reason.msBeforeNext);
    } else {
      // A limit is a guard, not a rule of the data: when its store fails, the write goes on.
      request.log.error({ err: result.reason }, 'rate limit store failed');
    }
  }
  return waitMs;
}

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * The guard each guarded access runs: the same functions handlers call, memoised per request,
 * so a handler that calls `requireAdmin(request)` for the typed user costs no second query.
 */
const ACCESS_GUARDS: Record<GuardedAccess, (request: FastifyRequest) => Promise<unknown>> = {
  member: requireMember,
  premium: requirePremium,
  moderator: requireModerator,
  admin: requireAdmin,
};

/** Adds a hook to the route's own hooks (after any it declares itself). */
function appendRouteHook(route: RouteOptions, name: HookName, hook: unknown) {
  const own = route[name] as unknown;
  const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
  (route as Record<HookName, unknown>)[name] = [...hooks, hook];
}

const POLICY_KEYS: ReadonlySet<string> = new Set([
  'access',
  'premium',
  'limit',
  'cache',
  'readsCache',
  'clears',
  'earlyAnswer',
]);

/**
 * Refuses a policy the edge would not understand. The typecheck catches a misspelt class, but
 * Fastify infers each route's `config` type from the object given, so a misspelt key inside
 * `policy` would pass it: caught here instead, when the app is built.
 */
export function checkPolicy(method: string, url: string, policy: RoutePolicy | undefined) {
  if (policy === undefined) return;
  const unknown = Object.keys(policy).filter((key) => !POLICY_KEYS.has(key));
  if (unknown.length > 0) {
    throw new Error(
      `${method} ${url}: unknown policy keys ${unknown.join(', ')} (src/server/edge/policy.ts)`,
    );
  }
  if (policy.earlyAnswer && !policy.earlyAnswer.isCurrent && !policy.cache) {
    throw new Error(
      `${method} ${url}: an early answer needs \`isCurrent\` or a \`cache\` (src/server/edge/policy.ts)`,
    );
  }
  const { access } = policy;
  const isCredential =
    typeof access === 'object' &&
    access !== null &&
    Object.keys(access).length === 1 &&
    typeof access.credential === 'string' &&
    access.credential.trim() !== '';
  if (access !== undefined && !isCredential && !(typeof access === 'string' && ACCESS_LEVELS.has(access))) {
    throw new Error(`${method} ${url}: unknown access ${JSON.stringify(access)} (src/server/edge/policy.ts)`);
  }
  const { premium } = policy;
  const isNone =
    typeof premium === 'object' &&
    premium !== null &&
    Object.keys(premium).length === 1 &&
    typeof premium.none === 'string' &&
    premium.none.trim() !== '';
  if (premium !== undefined && premium !== 'items' && !isNone) {
    throw new Error(
      `${method} ${url}: premium must be 'items' or { none: '<why the answer holds no premium text>' }, not ${JSON.stringify(premium)} (src/server/edge/policy.ts)`,
    );
  }
  if (typeof policy.limit === 'string' && !(policy.limit in WRITE_LIMITS)) {
    throw new Error(
      `${method} ${url}: unknown limit class ${policy.limit} (src/server/edge/write-limits.ts)`,
    );
  }
}

/**
 * The route's limit class, or undefined when it is exempt or a read that declares none. A write
 * that declares nothing falls back to `community`; a read is limited only when it declares a class
 * (the few whose free answers would let a script guess a secret, such as offer codes).
 */
function limitClassOf(route: RouteOptions, policy: RoutePolicy | undefined): WriteLimitClass | undefined {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const writes = methods.some((method) => STATE_CHANGING_METHODS.has(method));
  const limit = policy?.limit ?? (writes ? FALLBACK_CLASS : undefined);
  return typeof limit === 'string' ? limit : undefined;
}

export const edgePlugin = fp(
  async (app: FastifyInstance, options: { config: Config; earlyAnswers: EarlyAnswers }) => {
    const { earlyAnswers } = options;
    const limiters = createLimiters(app, options.config.rateLimitScale);

    async function limit(request: FastifyRequest, limitClass: WriteLimitClass) {
      const user = await getSessionUser(request);
      const isNew = user ? isNewAccount(user, options.config.newAccountHours) : false;
      const waitMs = await consumeAll(request, limiters[limitClass], user?.id ?? null, isNew);
      if (waitMs <= 0) return;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw tooManyRequests(
        `You have done this many times in a short while. Please try again in ${describeWait(seconds)}.`,
        seconds,
      );
    }

    /** The cache key of each request whose answer is to be kept (set in preHandler, read in onSend). */
    const keysToKeep = new WeakMap<FastifyRequest, string>();
    // Caches that reads declare, by the route that declared them, and those some write clears.
    const declaredCaches = new Map<Pick<ResponseCache, 'clear'>, string>();
    const clearedCaches = new Set<Pick<ResponseCache, 'clear'>>();

    // Registered before any route (app.ts), so every route passes through here. The hooks are
    // callback-style: no promise per request beyond the limit's own store round trip.
    app.addHook('onRoute', (route) => {
      const policy = route.config?.policy;
      checkPolicy(String(route.method), route.url, policy);
      // The GET route comes first; Fastify's HEAD twin carries the same policy.
      for (const cache of [policy?.cache?.store, policy?.readsCache]) {
        if (cache && !declaredCaches.has(cache))
          declaredCaches.set(cache, `${String(route.method)} ${route.url}`);
      }
      for (const cache of policy?.clears ?? []) clearedCaches.add(cache);
      const access = policy?.access;
      if (typeof access === 'string' && Object.hasOwn(ACCESS_GUARDS, access)) {
        const guard = ACCESS_GUARDS[access as GuardedAccess];
        appendRouteHook(
          route,
          'preValidation',
          (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
            guard(request).then(() => done(), done);
          },
        );
      }
      const limitClass = limitClassOf(route, policy);
      if (limitClass) {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        // A read-only route that declares a limit is limited on every request; a route that also
        // writes (better-auth's) limits its writes only and lets its reads pass.
        const limitsReads = !methods.some((method) => STATE_CHANGING_METHODS.has(method));
        appendRouteHook(
          route,
          'onRequest',
          (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
            if (!limitsReads && !STATE_CHANGING_METHODS.has(request.method)) return done();
            limit(request, limitClass).then(() => done(), done);
          },
        );
      }
      const clears = policy?.clears;
      if (clears?.length) {
        appendRouteHook(
          route,
          'onResponse',
          (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
            if (reply.statusCode < 300) for (const cache of clears) cache.clear();
            done();
          },
        );
      }
      // The HEAD twin runs the handler without sending a body: it neither reads nor fills the
      // cache, and the HTTP server answers only GETs early.
      const isGet = route.method === 'GET';
      const answerCache = isGet ? policy?.cache : undefined;
      /** The key the visitors' early-answer URL was last answered under (see `isCurrent` below). */
      let earlyAnswerKey: string | undefined;
      if (answerCache) {
        const { store } = answerCache;
        const visitorsUrl = policy?.earlyAnswer?.for === 'visitors' ? policy.earlyAnswer.url : undefined;
        appendRouteHook(
          route,
          'preHandler',
          (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
            Promise.resolve(answerCache.key(request)).then((key) => {
              if (request.url === visitorsUrl && isVisitorRequest(request.headers)) {
                earlyAnswerKey = key ?? undefined;
              }
              if (key === null) return done();
              const kept = store.get(key);
              if (!kept) {
                keysToKeep.set(request, key);
                return done();
              }
              // Answered here: the handler does not run (a hook that sends does not call done).
              sendJsonBytes(reply.headers(kept.headers), kept.body);
            }, done);
          },
        );
        appendRouteHook(
          route,
          'onSend',
          (
            request: FastifyRequest,
            reply: FastifyReply,
            payload: unknown,
            done: (error: Error | null, payload: unknown) => void,
          ) => {
            const key = keysToKeep.get(request);
            if (key === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
              return done(null, payload);
            }
            const headers: Record<string, string> = {};
            for (const name of answerCache.keepHeaders ?? []) {
              const value = reply.getHeader(name);
              if (typeof value === 'string') headers[name] = value;
            }
            // The same bytes are sent, kept, and (below) kept for the HTTP server's early answer.
            const body = Buffer.from(payload);
            store.set(key, { body, headers });
            done(null, body);
          },
        );
      }
      const declaredEarlyAnswer = isGet ? policy?.earlyAnswer : undefined;
      const earlyAnswer: EarlyAnswerRule | undefined =
        declaredEarlyAnswer && !declaredEarlyAnswer.isCurrent && answerCache
          ? {
              ...declaredEarlyAnswer,
              // Current while the cache still holds the very bytes the HTTP server would repeat: a
              // write (clears) or the entry's expiry ends it until Fastify answers again.
              isCurrent: (answer) =>
                earlyAnswerKey !== undefined && answerCache.store.get(earlyAnswerKey)?.body === answer.body,
            }
          : declaredEarlyAnswer;
      if (earlyAnswer) {
        earlyAnswers.register(earlyAnswer);
        appendRouteHook(
          route,
          'onSend',
          (
            request: FastifyRequest,
            reply: FastifyReply,
            payload: unknown,
            done: (error: Error | null, payload: unknown) => void,
          ) => {
            earlyAnswers.keep(earlyAnswer, request, reply, payload);
            done(null, payload);
          },
        );
      }
    });

    app.addHook('onReady', (done) => {
      const uncleared = [...declaredCaches].filter(([cache]) => !clearedCaches.has(cache));
      if (uncleared.length === 0) return done();
      const routes = uncleared.map(([, route]) => route).join(', ');
      done(
        new Error(
          `${routes}: no write declares \`clears\` for this route's cache (src/server/edge/policy.ts)`,
        ),
      );
    });

    const cleanup = setInterval(() => {
      app.database.db
        .delete(requestLimits)
        .where(lt(requestLimits.expire, Date.now()))
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not remove expired rate limits'));
    }, CLEANUP_INTERVAL_MS);
    cleanup.unref();
    app.addHook('onClose', async () => clearInterval(cleanup));
  },
  { name: 'edge' },
);
