import {
  AdminSettingsSchema,
  AdminStatsSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdminUserUpdateSchema,
  AnalyticsSchema,
  ContentAnalyticsQuerySchema,
  ContentAnalyticsSchema,
  TOTAL_COUNT_HEADER,
} from '@shared/schemas/admin.ts';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content.ts';
import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import { SuspendInputSchema, SuspensionStateSchema } from '@shared/schemas/moderation.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { readAppliedMigrationTag } from '../../db/schema-level.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { sharedResult } from '../../lib/shared-result.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { getAdminStats, getAnalytics, listAdminUsers, updateAdminUser } from './admin.service.ts';
import { getContentAnalytics } from './content-metrics.ts';
import { readContentAnalytics } from './content-snapshots.ts';
import { liftSuspension, suspendMember } from './suspension.service.ts';

const doc = routeDocs('admin');
const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Every route here checks the role on the server: visitors 401, members 403 ADMIN_REQUIRED. */
export async function adminRoutes(app: FastifyInstance, options: { config: Config; mailer: Mailer }) {
  const { api, db } = featureRoutes(app);
  const { config } = options;
  // The dashboard's figures are aggregates over whole tables: computed at most every 10 s
  // (ADMIN_FIGURES_CACHE_MS) and shared by every admin asking meanwhile (decision 012).
  const stats = sharedResult(config.adminFiguresCacheMs, () => getAdminStats(db));
  const analytics = sharedResult(config.adminFiguresCacheMs, () => getAnalytics(db));
  // The content figures, shared the same way per window and zone (3 windows × the zones admins
  // use: a handful of entries). They come from the answers the refresh job stores (decision 098);
  // with ADMIN_FIGURES_CACHE_MS=0 (nothing reused) they are computed live on every request.
  const contentFigures = new Map<string, () => ReturnType<typeof readContentAnalytics>>();
  const contentAnalytics = (query: Parameters<typeof readContentAnalytics>[1]) => {
    const key = `${query.days} ${query.timeZone}`;
    let figures = contentFigures.get(key);
    if (!figures) {
      figures = sharedResult(config.adminFiguresCacheMs, () =>
        config.adminFiguresCacheMs === 0
          ? getContentAnalytics(db, query).then((figures) => ({
              ...figures,
              computedAt: new Date().toISOString(),
            }))
          : readContentAnalytics(db, query),
      );
      contentFigures.set(key, figures);
    }
    return figures();
  };
  // Admin figures are never cached by a browser or a proxy.
  api.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/api/admin/stats',
    {
      ...doc('Dashboard counts and recent activity', {
        response: { 200: AdminStatsSchema, ...guarded },
      }),
      config: {
        policy: { access: 'admin', premium: { none: 'counts and recent activity by title (a card field)' } },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return stats();
    },
  );

  api.get(
    '/api/admin/analytics',
    {
      ...doc('User, subscription, content and community metrics', {
        response: { 200: AnalyticsSchema, ...guarded },
      }),
      config: { policy: { access: 'admin', premium: { none: 'counts' } } },
    },
    async (request) => {
      await requireAdmin(request);
      return analytics();
    },
  );

  api.get(
    '/api/admin/analytics/content',
    {
      ...doc('What members play and listen to, weekly active members, retention, questionnaire counts', {
        querystring: ContentAnalyticsQuerySchema,
        response: { 200: ContentAnalyticsSchema, 400: ErrorBodySchema, ...guarded },
      }),
      config: {
        policy: { access: 'admin', premium: { none: 'plays and minutes per item by title, counts' } },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return contentAnalytics(request.query);
    },
  );

  api.get(
    '/api/admin/users',
    {
      ...doc('Users newest first, searchable by e-mail (x-total-count, x-next-cursor)', {
        querystring: AdminUsersQuerySchema,
        response: { 200: z.array(AdminUserSchema), 400: ErrorBodySchema, ...guarded },
      }),
      config: { policy: { access: 'admin', premium: { none: 'members' } } },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const page = await listAdminUsers(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.users;
    },
  );

  api.put(
    '/api/admin/users/:id',
    {
      ...doc('Grant or revoke admin or moderator rights; grant or end complimentary premium', {
        params: z.object({ id: z.uuid('id must be a user id') }),
        body: AdminUserUpdateSchema,
        response: {
          200: AdminUserSchema,
          ...errorResponses(400, 404, 409),
          ...guarded,
        },
      }),
      config: { policy: { access: 'admin', premium: { none: 'a member' }, limit: 'admin' } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return updateAdminUser(db, request.params.id, request.body, admin.id);
    },
  );

  const UserParams = z.object({ id: z.uuid('id must be a user id') });
  const suspensionErrors = { ...errorResponses(400, 404), ...guarded };

  api.post(
    '/api/admin/users/:id/suspend',
    {
      ...doc('Suspend a member: no sign-in for `days` days, or until lifted (days null); sessions end', {
        params: UserParams,
        body: SuspendInputSchema,
        response: { 200: SuspensionStateSchema, ...suspensionErrors },
      }),
      config: { policy: { access: 'admin', premium: { none: 'a suspension state' }, limit: 'admin' } },
    },
    async (request) =>
      suspendMember(db, options.mailer, request.params.id, request.body, await requireAdmin(request)),
  );

  api.delete(
    '/api/admin/users/:id/suspend',
    {
      ...doc('Lift a suspension', {
        params: UserParams,
        response: { 200: SuspensionStateSchema, ...suspensionErrors },
      }),
      config: { policy: { access: 'admin', premium: { none: 'a suspension state' }, limit: 'admin' } },
    },
    async (request) => liftSuspension(db, request.params.id, await requireAdmin(request)),
  );

  api.get(
    '/api/admin/settings',
    {
      ...doc('What the operator configured (no secrets)', {
        response: { 200: AdminSettingsSchema, ...guarded },
      }),
      config: { policy: { access: 'admin', premium: { none: 'settings' } } },
    },
    async (request) => {
      await requireAdmin(request);
      return {
        payments: {
          mode: config.stripe.mode,
          priceId: app.billing.priceId,
          apiBase: config.stripe.mode === 'stripe' ? (config.stripe.apiBase ?? null) : null,
        },
        storage: {
          driver: app.storage.driver,
          bucket: config.s3?.bucket ?? null,
          endpoint: config.s3?.endpoint ?? null,
        },
        email: { transport: config.smtpUrl ? ('smtp' as const) : ('outbox' as const), from: config.mailFrom },
        database: { kind: config.databaseUrl ? ('external' as const) : ('embedded' as const) },
        publicUrl: config.publicUrl,
        environment: config.env,
        version: APP_VERSION,
        schema: await readAppliedMigrationTag(db.$client),
        demoData: config.seedDemo,
        flagHideThreshold: config.flagHideThreshold,
      };
    },
  );
}
