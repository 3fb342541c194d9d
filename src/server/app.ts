import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import webpush from 'web-push';
import type { Config } from './config.ts';
import { connectDatabase, type DatabaseHandle } from './db/client.ts';
import { createEarlyAnswers, type EarlyAnswers } from './edge/early-answers.ts';
import { edgePlugin } from './edge/edge.ts';
import type { RoutePolicy } from './edge/policy.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { announcementsRoutes } from './features/announcements/announcements.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuth } from './features/auth/auth.service.ts';
import { communityRoutes } from './features/community/community.routes.ts';
import { moderationRoutes } from './features/community/moderation.routes.ts';
import { digestRoutes } from './features/digest/digest.routes.ts';
import { createUnsubscribeSigner, type UnsubscribeSigner } from './features/digest/unsubscribe-token.ts';
import { downloadsRoutes } from './features/downloads/downloads.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createHealthProbe, createReadinessCheck } from './features/health/health.service.ts';
import { libraryRoutes } from './features/library/library.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { uploadsRoutes } from './features/media/uploads.routes.ts';
import { membersRoutes } from './features/members/members.routes.ts';
import {
  NEWSLETTER_UNSUBSCRIBE_PURPOSE,
  type NewsletterSending,
  newslettersRoutes,
} from './features/newsletters/index.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { createPushSender, type PushSender } from './features/notifications/push.service.ts';
import { LEGACY_VAPID_FILE, loadOrCreatePushKeys } from './features/notifications/push-keys.ts';
import { playlistsRoutes } from './features/playlists/playlists.routes.ts';
import { practiceRoutes } from './features/practice/practice.routes.ts';
import { questionnaireRoutes } from './features/questionnaire/questionnaire.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { sitePagesRoutes } from './features/site/pages.routes.ts';
import { createSitePagesReader } from './features/site/pages.service.ts';
import { siteRoutes } from './features/site/site.routes.ts';
import {
  brandResponseMessage,
  createSiteSettingsReader,
  type SiteSettingsReader,
} from './features/site/site.service.ts';
import { createBilling, subscriptionsRoutes } from './features/subscriptions/subscriptions.routes.ts';
import { createJobHealth, type JobHealth } from './lib/job-health.ts';
import { maskUrl } from './lib/log-masking.ts';
import { createMailer, emailLookOf, type Mailer } from './lib/mailer.ts';
import { type AppMetrics, createAppMetrics } from './lib/metrics.ts';
import { prettyLogStream } from './lib/pretty-log.ts';
import { createLocalStorage } from './lib/storage/local-storage.ts';
import {
  createKeySigner,
  createMediaSigner,
  type KeySigner,
  type MediaSigner,
} from './lib/storage/media-signing.ts';
import { createS3Storage } from './lib/storage/s3-storage.ts';
import type { Storage } from './lib/storage/storage.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientPlugin } from './plugins/client.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));
export const BODY_LIMIT_BYTES = 1024 * 1024;
const DRAINING_BODY = JSON.stringify({
  status: 'unavailable',
  // Sent while the app shuts down, without reading the site's name: so it names none.
  message: 'The site is restarting. Please try again in a moment.',
});

export type BuildAppOptions = {
  config: Config;
  /** The resolved database (embedded or DATABASE_URL); the app never starts PostgreSQL itself. */
  databaseUrl: string;
  /** The resolved session secret (AUTH_SECRET, or the generated one from DATA_DIR). */
  authSecret: string;
  /** The built client to serve; undefined serves none (API tests). */
  clientDir?: string | undefined;
  /** Storage for uploads and media (default: local disk under DATA_DIR/objects). */
  storage?: Storage;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write: (line: string) => void };
};

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify gives each request a child logger carrying its request id; building a pino child (its
 * bindings and redaction) showed in every request's profile, and most requests log nothing. This
 * one builds the child on the first line actually written; a level the logger leaves out costs
 * nothing. A route with its own log level gets its child at once.
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: { level?: string },
): FastifyBaseLogger {
  if (options.level) return logger.child(bindings, options);
  let child: FastifyBaseLogger | undefined;
  const real = () => {
    child ??= logger.child(bindings, options);
    return child;
  };
  const enabled = (level: LogLevel) =>
    (logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ??
    true;
  const at =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      if (child || enabled(level)) (real()[level] as (...a: unknown[]) => void)(...args);
    };
  return {
    get level() {
      return child?.level ?? logger.level;
    },
    set level(value: string) {
      real().level = value;
    },
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: (childBindings: Record<string, unknown>, childOptions?: { level?: string }) =>
      real().child(childBindings, childOptions),
  } as FastifyBaseLogger;
}

export type RegisteredRoute = {
  method: string;
  url: string;
  /** The route's zod schemas, for the fuzz and premium-content tests. */
  schema?:
    | { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown> }
    | undefined;
  /**
   * Its edge policy, as declared in its options (edge/policy.ts), for the tests that read every
   * route's: authorization, premium content, rate limits.
   */
  policy?: RoutePolicy | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    storage: Storage;
    mediaSigner: MediaSigner;
    /** Signs the local driver's upload URLs (`PUT /objects/uploads/<id>`). */
    uploadSigner: KeySigner;
    /** The weekly digest's unsubscribe links and sender (features/digest). */
    digest: { signer: UnsubscribeSigner; publicUrl: string; mailFrom: string };
    /** Newsletters' unsubscribe links, sender and pace, for the `send-newsletters` job. */
    newsletters: NewsletterSending;
    /** GET answers the HTTP server sends before Fastify runs (edge/early-answers.ts). */
    earlyAnswers: EarlyAnswers;
    /** Every route as registered, for the authorization matrix test. */
    registeredRoutes: RegisteredRoute[];
    /** Outgoing e-mail: written to the outbox in the request, sent by the `send-email` job. */
    mailer: Mailer;
    /** Web Push with the site's VAPID keys (features/notifications/push.service.ts). */
    push: PushSender;
    /** Prometheus metrics (lib/metrics.ts); jobs record e-mails and backups in them. */
    metrics: AppMetrics;
    /** The background jobs' state for readiness; given to the job runner (server.ts). */
    jobHealth: JobHealth;
    /** The site's address, for links in e-mails the jobs write. */
    publicUrl: string;
    /** The admin's site settings (name, colour, texts), read through a short cache (features/site). */
    site: SiteSettingsReader;
    /**
     * Starts a graceful stop: from now on every new request is answered 503 with
     * `Connection: close` (health too, so a load balancer drains this instance), while requests
     * already running finish. The listener closes later, with `app.close()`.
     */
    startDraining: () => void;
  }
}

/** Trust the nearest `hops` addresses of the forwarding chain (the socket's peer is hop 0). */
const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

// Secrets never reach the log: no cookies, tokens or passwords, and tokens and signatures are
// masked in URLs (lib/log-masking.ts).

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Routes whose policy allows it (`GET /api/health` for load balancers, the library's first
  // page for visitors) are answered by the HTTP server itself while their last answer is current
  // (edge/early-answers.ts); the rest, and all of them once the app drains or closes, go to Fastify.
  const earlyAnswers = createEarlyAnswers();
  const serverFactory = (handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) =>
    http.createServer((req, res) => {
      if (earlyAnswers.tryAnswer(req, res)) return;
      handler(req, res);
    });

  // One line per request (the onResponse hook below): readable in a development terminal, JSON
  // lines everywhere else (production, files, log collectors).
  const logStream =
    options.logStream ??
    (!config.isProduction && process.stdout.isTTY ? prettyLogStream(process.stdout) : undefined);
  const app = Fastify({
    serverFactory,
    logController: new LogController({ disableRequestLogging: true }),
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
        censor: '[redacted]',
      },
      serializers: {
        req: (request) => ({
          method: request.method,
          url: maskUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    childLoggerFactory: lazyRequestLogger,
    // A hop count as the function Fastify builds from one (its types take no number).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Writes without a body may still say JSON: treat an empty JSON body as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  // Callback-style hooks: no promise per request; the line's object is built only when logged.
  const logsRequests = ['trace', 'debug', 'info'].includes(config.logLevel);
  app.addHook('onResponse', (request, reply, done) => {
    if (logsRequests)
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
    earlyAnswers.stop();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.header('connection', 'close').header('retry-after', '5').type('application/json; charset=utf-8');
    // A string skips the route's response schema: one body for every route, health included.
    reply.status(503).send(DRAINING_BODY);
  });

  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || route.url.startsWith('/api/docs')) continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema as RegisteredRoute['schema'],
        policy: route.config?.policy,
      });
    }
  });

  const database = connectDatabase(options.databaseUrl, { max: config.databasePoolSize });
  const healthProbe = createHealthProbe(database.db);
  app.addHook('onClose', async () => earlyAnswers.stop());
  app.decorate('database', database);
  const site = createSiteSettingsReader(database.db, { log: app.log });
  app.decorate('site', site);
  // Every JSON answer (errors included) whose message names the product names the site instead.
  app.addHook('preSerialization', brandResponseMessage(site));
  const metrics = createAppMetrics({ pool: database.pool, backupsDir: config.backups.dir });
  app.decorate('metrics', metrics);
  const jobHealth = createJobHealth(metrics.recordJobRun);
  app.decorate('jobHealth', jobHealth);
  app.decorate('earlyAnswers', earlyAnswers);
  app.addHook('onClose', async () => database.close());
  const uploadSigner = createKeySigner(options.authSecret, 'upload-urls');
  app.decorate('uploadSigner', uploadSigner);
  app.decorate(
    'storage',
    options.storage ??
      (config.s3
        ? createS3Storage(config.s3)
        : createLocalStorage(path.join(config.dataDir, 'objects'), {
            publicUrl: config.publicUrl,
            uploadSigner,
          })),
  );
  app.decorate('mediaSigner', createMediaSigner(options.authSecret));
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger: app.log,
    logLinks: config.env === 'development',
    siteName: async () => (await site.get()).name,
    siteLook: async () => emailLookOf(await site.get(), config.publicUrl),
  });
  app.decorate('mailer', mailer);
  // After the mailer: billing sends the welcome e-mail when a subscription starts.
  app.decorate('billing', createBilling(config, app));
  // The environment's pair wins; else the database's, shared by every instance (push-keys.ts).
  const vapidKeys =
    config.vapid.keys ??
    (() =>
      loadOrCreatePushKeys(database.db, {
        legacyFile: path.join(config.dataDir, LEGACY_VAPID_FILE),
        generate: () => webpush.generateVAPIDKeys(),
      }));
  app.decorate('push', createPushSender({ keys: vapidKeys, subject: config.vapid.subject, log: app.log }));
  app.decorate('publicUrl', config.publicUrl);
  const digest = {
    signer: createUnsubscribeSigner(options.authSecret),
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
  };
  app.decorate('digest', digest);
  const newsletterSending: NewsletterSending = {
    signer: createUnsubscribeSigner(options.authSecret, NEWSLETTER_UNSUBSCRIBE_PURPOSE),
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    ratePerMinute: config.mailRatePerMinute,
  };
  app.decorate('newsletters', newsletterSending);

  // External plugins, then ours, then the features (fastify/demo's order). The edge comes first:
  // it reads each route's policy as the route is added, so it must see every route.
  await app.register(edgePlugin, { config, earlyAnswers });
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, metrics });
  await app.register(securityPlugin, {
    config,
    connectOrigins: app.storage.uploadOrigins,
    mediaOrigins: [
      ...app.storage.uploadOrigins,
      ...(config.mediaCdnBaseUrl ? [new URL(config.mediaCdnBaseUrl).origin] : []),
    ],
  });
  await app.register(openapiPlugin, { withUi: config.env === 'development' });
  await app.register(authPlugin, {
    config,
    auth: createAuth({ config, db: database.db, mailer, authSecret: options.authSecret, log: app.log }),
  });

  await app.register(healthRoutes, {
    probe: healthProbe,
    readiness: createReadinessCheck({
      db: database.db,
      jobProblems: jobHealth.problems,
      dataDir: config.dataDir,
      minFreeMb: config.readyMinFreeMb,
    }),
  });
  await app.register(authRoutes);
  await app.register(announcementsRoutes);
  await app.register(libraryRoutes, { mediaCdnBaseUrl: config.mediaCdnBaseUrl });
  await app.register(downloadsRoutes);
  await app.register(playlistsRoutes);
  await app.register(eventsRoutes, { config });
  await app.register(practiceRoutes);
  await app.register(settingsRoutes);
  await app.register(notificationsRoutes, { pushAllowedHosts: config.pushAllowedHosts });
  await app.register(mediaRoutes, { mediaCdnBaseUrl: config.mediaCdnBaseUrl });
  await app.register(communityRoutes, { config, mailer });
  await app.register(moderationRoutes, { config, mailer });
  await app.register(searchRoutes);
  await app.register(questionnaireRoutes);
  await app.register(digestRoutes, { config, signer: digest.signer });
  await app.register(newslettersRoutes, { mailer, sending: newsletterSending });
  await app.register(subscriptionsRoutes);
  await app.register(uploadsRoutes, { quota: config.uploadQuota });
  await app.register(adminRoutes, { config, mailer });
  await app.register(membersRoutes, { config, mailer });
  await app.register(accountRoutes);
  await app.register(siteRoutes, { site });
  await app.register(sitePagesRoutes, { pages: createSitePagesReader(database.db, { log: app.log }) });

  await app.register(clientPlugin, {
    clientDir: options.clientDir,
    planPrice: app.billing.planPrice,
    siteSettings: site.get,
  });
  return app;
}
