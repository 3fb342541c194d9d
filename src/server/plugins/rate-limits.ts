import { isNewAccount } from '@shared/roles.ts';
import { lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { requestLimits } from '../db/schema/index.ts';
import { AUTH_RATE_LIMITS } from '../lib/auth-doors.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { getSessionUser } from './auth.ts';

/**
 * Write limits: every state-changing route belongs to one class below, limited per member and per
 * client address. Counters live in PostgreSQL (`request_limits`, through rate-limiter-flexible),
 * so every instance on one database shares them. The figures are far above what a person does
 * (docs/decisions/017-write-limits-and-access-end.md); they stop scripts, not members.
 */

type Limit = { points: number; durationSeconds: number };
type ClassLimits = {
  member: Limit;
  address: Limit;
  /** In place of `member` for accounts younger than NEW_ACCOUNT_HOURS (isNewAccount). */
  newMember?: Limit;
};
export type WriteLimitClass =
  | 'community'
  | 'reaction'
  | 'progress'
  | 'questionnaire'
  | 'checkout'
  | 'profile'
  | 'password'
  | 'upload'
  | 'admin';

const perMinute = (points: number): Limit => ({ points, durationSeconds: 60 });
const SIGN_IN_LIMIT = AUTH_RATE_LIMITS['/sign-in/email'];

/** Per member, and per client address (several members may share one, behind a NAT). */
export const WRITE_LIMITS: Record<WriteLimitClass, ClassLimits> = {
  // Posts, comments, their edits, deletions and flags; fewer for new accounts (a spam run is
  // usually a fresh account), enough for anyone settling in.
  community: {
    member: perMinute(30),
    address: perMinute(120),
    newMember: { points: 10, durationSeconds: 600 },
  },
  // Likes and favourites: a tap each.
  reaction: { member: perMinute(120), address: perMinute(480) },
  // The player saves every ten seconds of playback, and on pause and seek.
  progress: { member: perMinute(240), address: perMinute(960) },
  questionnaire: { member: perMinute(120), address: perMinute(480) },
  checkout: { member: perMinute(10), address: perMinute(40) },
  profile: { member: perMinute(20), address: perMinute(80) },
  // Password re-checks (account deletion): the same figure as better-auth's sign-in limit.
  password: {
    member: { points: SIGN_IN_LIMIT.max, durationSeconds: SIGN_IN_LIMIT.window },
    address: { points: SIGN_IN_LIMIT.max, durationSeconds: SIGN_IN_LIMIT.window },
  },
  upload: { member: perMinute(60), address: perMinute(240) },
  // Admins edit in bursts (reordering a playlist, tidying the library).
  admin: { member: perMinute(300), address: perMinute(600) },
};

export type RoutePolicy = WriteLimitClass | { exempt: string };

/**
 * Every state-changing route as Fastify routed it (`METHOD /url/:param`) and its class. A route
 * missing here is limited as `community` and fails rate-limits.test.ts.
 */
export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  'POST /api/auth/*': {
    exempt: "better-auth's own limiter (auth.service.ts), stored in the database like these",
  },
  'POST /api/stripe/webhook': { exempt: 'called by Stripe in bursts, authenticated by its signature' },
  // Community
  'POST /api/forums/:slug/posts': 'community',
  'DELETE /api/posts/:id': 'community',
  'POST /api/posts/:id/comments': 'community',
  'DELETE /api/comments/:id': 'community',
  'POST /api/posts/:id/like': 'reaction',
  'POST /api/comments/:id/like': 'reaction',
  'PUT /api/posts/:id': 'community',
  'PUT /api/comments/:id': 'community',
  'POST /api/posts/:id/flag': 'community',
  'POST /api/comments/:id/flag': 'community',
  // Moderation (moderators and admins)
  'POST /api/admin/moderation/:kind/:id/hide': 'admin',
  'POST /api/admin/moderation/:kind/:id/restore': 'admin',
  'POST /api/admin/moderation/:kind/:id/remove': 'admin',
  'POST /api/admin/users/:id/mute': 'admin',
  'DELETE /api/admin/users/:id/mute': 'admin',
  'POST /api/admin/users/:id/suspend': 'admin',
  'DELETE /api/admin/users/:id/suspend': 'admin',
  // Library
  'POST /api/user/favorites/:id': 'reaction',
  'PUT /api/progress/:id': 'progress',
  'POST /api/videos/:id/download': 'reaction',
  // Following a playlist is a tap, like a favourite.
  'POST /api/playlists/:slug/follow': 'reaction',
  'DELETE /api/playlists/:slug/follow': 'reaction',
  // Practice: the player sends its session on every pause, like progress.
  'POST /api/practice/sessions': 'progress',
  'PUT /api/practice/settings': 'profile',
  // Notifications: marking read is a tap; a browser subscribes once.
  'POST /api/notifications/read': 'reaction',
  'POST /api/push/subscriptions': 'profile',
  'DELETE /api/push/subscriptions': 'profile',
  // The digest's unsubscribe link (no session; the signed link is the proof).
  'POST /api/digest/unsubscribe': 'profile',
  'POST /api/newsletters/unsubscribe': 'profile',
  // Questionnaire
  'POST /api/questionnaire/start': 'questionnaire',
  'POST /api/questionnaire/:id/response': 'questionnaire',
  'POST /api/questionnaire/:id/complete': 'questionnaire',
  // Subscriptions
  'POST /api/create-checkout-session': 'checkout',
  'POST /api/sync-subscription-status': 'checkout',
  'POST /api/billing-portal': 'checkout',
  'POST /api/checkout/test/:sessionId/complete': 'checkout',
  'POST /api/checkout/test/cancel': 'checkout',
  // Account
  'PUT /api/user/profile': 'profile',
  'DELETE /api/user': 'password',
  // Uploads (admins today)
  'POST /api/objects/upload': 'upload',
  'PUT /objects/uploads/:id': 'upload',
  'PUT /api/uploaded-images': 'upload',
  'PUT /api/uploaded-videos': 'upload',
  // Admin
  'POST /api/videos': 'admin',
  'PUT /api/videos/:id': 'admin',
  'DELETE /api/videos/:id': 'admin',
  'POST /api/admin/playlists': 'admin',
  'PUT /api/admin/playlists/:id': 'admin',
  'DELETE /api/admin/playlists/:id': 'admin',
  'PUT /api/admin/playlists/:id/items': 'admin',
  'POST /api/forums': 'admin',
  'PUT /api/forums/:id': 'admin',
  'DELETE /api/forums/:id': 'admin',
  'PUT /api/posts/:id/pin': 'admin',
  'POST /api/announcements': 'admin',
  'PUT /api/announcements/:id': 'admin',
  'DELETE /api/announcements/:id': 'admin',
  'PUT /api/admin/users/:id': 'admin',
  'PUT /api/admin/questionnaire/suggestion-tags': 'admin',
  'POST /api/admin/newsletters': 'admin',
  'PUT /api/admin/newsletters/:id': 'admin',
  'DELETE /api/admin/newsletters/:id': 'admin',
  // The editor asks for a preview as the admin types (debounced).
  'POST /api/admin/newsletters/preview': 'admin',
  'POST /api/admin/newsletters/:id/test': 'admin',
  'POST /api/admin/newsletters/:id/send': 'admin',
};

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FALLBACK_CLASS: WriteLimitClass = 'community';
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

export function routePolicyKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/** "40 seconds", "2 minutes": how long to wait, in words. */
export function describeWait(seconds: number): string {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

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
  const entries = Object.entries(WRITE_LIMITS).map(([name, limits]) => [
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

export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const limiters = createLimiters(app, options.config.rateLimitScale);

    async function limit(request: FastifyRequest, policy: WriteLimitClass) {
      const user = await getSessionUser(request);
      const isNew = user ? isNewAccount(user, options.config.newAccountHours) : false;
      const waitMs = await consumeAll(request, limiters[policy], user?.id ?? null, isNew);
      if (waitMs <= 0) return;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw tooManyRequests(
        `You have done this many times in a short while. Please try again in ${describeWait(seconds)}.`,
        seconds,
      );
    }

    // Reads never wait on a promise here: only writes with a policy go to the store.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!STATE_CHANGING_METHODS.has(request.method)) return done();
      const routeUrl = request.routeOptions.url;
      // Not routed: the 404 handler answers without touching anything.
      if (routeUrl === undefined) return done();
      const policy = ROUTE_POLICIES[routePolicyKey(request.method, routeUrl)] ?? FALLBACK_CLASS;
      if (typeof policy !== 'string') return done();
      limit(request, policy).then(() => done(), done);
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
  { name: 'rate-limits', dependencies: ['auth'] },
);
