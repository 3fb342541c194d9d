import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { cronProblem } from './lib/cron.ts';
import { DEFAULT_PUSH_HOSTS } from './lib/outbound.ts';
import type { S3Settings } from './lib/storage/s3-storage.ts';

/**
 * The only reader of process.env. Every variable (docs/architecture.md, "Contracts") is parsed here once, at boot;
 * a bad environment stops the process with a readable list of what is wrong.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) =>
    value === undefined || value === '' ? undefined : ['true', '1', 'yes'].includes(value),
  );

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const optionalUrl = (what: string) => optionalText.pipe(z.url(`${what} must be a URL`).optional());

/** An origin as browsers send it in `Origin`: http(s), a host, maybe a port, no path. */
const optionalOrigin = (what: string) =>
  optionalText.pipe(
    z
      .string()
      .superRefine((value, context) => {
        const url = URL.canParse(value) ? new URL(value) : undefined;
        const problem = !url
          ? `${what} must be a URL`
          : !/^https?:$/.test(url.protocol)
            ? `${what} must start with https:// or http://`
            : url.pathname !== '/' || url.search || url.hash || url.username
              ? `${what} must be an origin only (scheme, host and port, e.g. https://calm.example), without a path`
              : undefined;
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  );

/** A cron schedule in UTC, parsed as pg-boss will parse it (lib/cron.ts). */
const optionalCron = (what: string) =>
  optionalText.pipe(
    z
      .string()
      .superRefine((value, context) => {
        const problem = cronProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: `${what} "${value}" ${problem}` });
      })
      .optional(),
  );

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
};

/**
 * TRUST_PROXY names the proxies whose `X-Forwarded-For` is believed, as Fastify's `trustProxy`
 * takes them: a hop count, or addresses and CIDR ranges. `true` (believe any header) is refused:
 * a client would choose the address its rate limits are counted on (decision 073).
 */
const trustProxySetting = optionalText.transform((value, context): false | number | string => {
  if (value === undefined || ['false', '0', 'no'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) {
    context.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY=true would believe an X-Forwarded-For header any client sends; give the proxies instead: a hop count (1 for one nginx in front) or their addresses (e.g. 127.0.0.1, 10.0.0.0/8, loopback)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) {
      context.addIssue({ code: 'custom', message: 'TRUST_PROXY as a hop count must be at most 10' });
      return z.NEVER;
    }
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0 || entries.length === 0) {
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal); not an address: ${bad.join(', ') || value}`,
    });
    return z.NEVER;
  }
  return entries.join(',');
});

/**
 * On a 2-core machine with PostgreSQL beside the app, 8 connections served the uncached library
 * search faster than 20, with a shorter tail: more busy backends than cores only take turns on
 * them (decision 069).
 */
const DEFAULT_DATABASE_POOL_SIZE = 8;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: optionalText,
  PUBLIC_URL: optionalOrigin('PUBLIC_URL'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int('DATABASE_POOL_SIZE must be a whole number')
    .min(1, 'DATABASE_POOL_SIZE must be at least 1')
    .max(200, 'DATABASE_POOL_SIZE must be at most 200')
    .optional(),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  SEED_DEMO: booleanFlag,
  TRUST_PROXY: trustProxySetting,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ID: optionalText,
  STRIPE_PRODUCT_ID: optionalText,
  STRIPE_API_BASE: optionalUrl('STRIPE_API_BASE'),
  ALLOW_TEST_CHECKOUT: booleanFlag,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag,
  S3_PUBLIC_ENDPOINT: optionalUrl('S3_PUBLIC_ENDPOINT'),
  MEDIA_CDN_BASE_URL: optionalUrl('MEDIA_CDN_BASE_URL'),
  UPLOAD_QUOTA_MEMBER_MB: z.coerce
    .number()
    .int('UPLOAD_QUOTA_MEMBER_MB must be a whole number of megabytes')
    .min(10, 'UPLOAD_QUOTA_MEMBER_MB must be at least 10 (one picture of the largest size)')
    .max(1_000_000, 'UPLOAD_QUOTA_MEMBER_MB must be at most 1000000')
    .optional(),
  UPLOAD_QUOTA_ADMIN_MB: z.coerce
    .number()
    .int('UPLOAD_QUOTA_ADMIN_MB must be a whole number of megabytes')
    .min(500, 'UPLOAD_QUOTA_ADMIN_MB must be at least 500 (one video of the largest size)')
    .max(100_000_000, 'UPLOAD_QUOTA_ADMIN_MB must be at most 100000000')
    .optional(),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  OUTBOX_RETENTION_DAYS: z.coerce
    .number()
    .int('OUTBOX_RETENTION_DAYS must be a whole number of days')
    .min(1, 'OUTBOX_RETENTION_DAYS must be at least 1')
    .max(3650, 'OUTBOX_RETENTION_DAYS must be at most 3650')
    .optional(),
  MAIL_RATE_PER_MINUTE: z.coerce
    .number()
    .int('MAIL_RATE_PER_MINUTE must be a whole number')
    .min(1, 'MAIL_RATE_PER_MINUTE must be at least 1')
    .max(100_000, 'MAIL_RATE_PER_MINUTE must be at most 100000')
    .optional(),
  BACKUP_SCHEDULE: optionalCron('BACKUP_SCHEDULE'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).optional(),
  BACKUP_DIR: optionalText,
  BACKUP_S3_BUCKET: optionalText,
  PLAN_AMOUNT: z.coerce.number().int().min(0).max(100_000_000).optional(),
  PLAN_CURRENCY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'PLAN_CURRENCY must be a three-letter ISO 4217 code such as usd or eur')
      .optional(),
  ),
  PLAN_INTERVAL: z.enum(['day', 'week', 'month', 'year']).optional(),
  PLAN_ANNUAL_AMOUNT: z.coerce
    .number()
    .int('PLAN_ANNUAL_AMOUNT must be a whole number of cents')
    .min(0, 'PLAN_ANNUAL_AMOUNT must be at least 0')
    .max(100_000_000, 'PLAN_ANNUAL_AMOUNT must be at most 100000000')
    .optional(),
  PLAN_TRIAL_DAYS: z.coerce
    .number()
    .int('PLAN_TRIAL_DAYS must be a whole number of days')
    .min(0, 'PLAN_TRIAL_DAYS must be at least 0')
    .max(730, 'PLAN_TRIAL_DAYS must be at most 730 (Stripe allows two years)')
    .optional(),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(8000).optional(),
  ADMIN_FIGURES_CACHE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  RATE_LIMIT_SCALE: z.coerce
    .number()
    .min(0.01, 'RATE_LIMIT_SCALE must be at least 0.01')
    .max(100_000, 'RATE_LIMIT_SCALE must be at most 100000')
    .optional(),
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{86,88}={0,2}$/,
        'VAPID_PUBLIC_KEY must be a base64url P-256 public key (web-push generate-vapid-keys)',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{42,44}={0,2}$/,
        'VAPID_PRIVATE_KEY must be a base64url P-256 private key (web-push generate-vapid-keys)',
      )
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
      .optional(),
  ),
  PUSH_ALLOWED_HOSTS: optionalText.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(\*\.|\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
              'PUSH_ALLOWED_HOSTS must be host names separated by commas, such as fcm.googleapis.com or *.push.apple.com',
            ),
        ),
      )
      .optional(),
  ),
  FLAG_HIDE_THRESHOLD: z.coerce
    .number()
    .int('FLAG_HIDE_THRESHOLD must be a whole number')
    .min(1, 'FLAG_HIDE_THRESHOLD must be at least 1')
    .max(100, 'FLAG_HIDE_THRESHOLD must be at most 100')
    .optional(),
  READY_MIN_FREE_MB: z.coerce
    .number()
    .int('READY_MIN_FREE_MB must be a whole number')
    .min(0, 'READY_MIN_FREE_MB must be 0 or more')
    .optional(),
  NEW_ACCOUNT_HOURS: z.coerce
    .number()
    .min(0, 'NEW_ACCOUNT_HOURS must be 0 or more')
    .max(8760, 'NEW_ACCOUNT_HOURS must be at most 8760 (a year)')
    .optional(),
});

/** Every variable the configuration reads (the deployment files may set only these). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined only in development/test before `resolveSecrets` fills it from DATA_DIR. */
  authSecret: string | undefined;
  adminEmails: string[];
  seedDemo: boolean;
  /**
   * The proxies whose X-Forwarded-For is believed, as Fastify's `trustProxy` takes them: false
   * (none), a hop count, or comma-separated addresses/CIDRs.
   */
  trustProxy: false | number | string;
  logLevel: string;
  stripe:
    | {
        mode: 'stripe';
        secretKey: string;
        webhookSecret: string;
        priceId: string;
        /** The product whose active recurring prices are the plans (default: STRIPE_PRICE_ID's). */
        productId: string | undefined;
        apiBase: string | undefined;
      }
    | { mode: 'test' };
  allowTestCheckout: boolean;
  s3: S3Settings | undefined;
  /**
   * A CDN whose origin is this app: signed media links point there (the same `/media/` path and
   * signature), so only the CDN's misses reach Node. Undefined = links to this app or the bucket.
   */
  mediaCdnBaseUrl: string | undefined;
  /**
   * How many bytes of uploads each account may hold, unfinished and kept together
   * (features/media, uploads): members 20 MB (pictures only), admins 50 GB (the library's media).
   */
  uploadQuota: { memberBytes: number; adminBytes: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Days the outbox keeps sent mail (with its one-time links) before the daily purge (default 30). */
  outboxRetentionDays: number;
  /** Newsletter copies sent per minute at most (MAIL_RATE_PER_MINUTE, default 300). */
  mailRatePerMinute: number;
  /** Scheduled backups (off unless `schedule` is set): a cron in UTC, how many to keep, where. */
  backups: {
    schedule: string | undefined;
    keep: number;
    dir: string;
    /** BACKUP_S3_BUCKET with the S3_* settings: scheduled archives go there instead of `dir`. */
    s3: S3Settings | undefined;
  };
  /**
   * The plans' prices in test mode (Stripe mode reads them from the product's prices): the
   * monthly one, and the annual one when `annualAmount` is set. `trialDays` (0: no trial) applies
   * in both modes.
   */
  plan: {
    amount: number;
    currency: string;
    interval: 'day' | 'week' | 'month' | 'year';
    annualAmount: number | undefined;
    trialDays: number;
  };
  /** Enables `GET /metrics` for `Authorization: Bearer <token>`; undefined = no metrics route. */
  metricsToken: string | undefined;
  /**
   * The most connections this instance opens to PostgreSQL at once (default 8). Background jobs
   * (pg-boss) keep their own few besides.
   */
  databasePoolSize: number;
  /** On SIGTERM, how long new requests get 503 before the listener closes (default 1.5 s). */
  shutdownDrainMs: number;
  /** How long the admin dashboard's stats and analytics are reused (default 10 s; 0 = never). */
  adminFiguresCacheMs: number;
  /**
   * Multiplies every write limit of src/server/edge/write-limits.ts (default 1, the production
   * figures). Only load tests and test suites that write hundreds of times as one member raise it.
   */
  rateLimitScale: number;
  /** Flags from this many distinct members hide a post or comment until a moderator looks. */
  flagHideThreshold: number;
  /**
   * Web Push: the VAPID key pair from the environment, or undefined (the app then generates one
   * into DATA_DIR on first start and reuses it), and the contact push services may write to.
   */
  vapid: { keys: { publicKey: string; privateKey: string } | undefined; subject: string };
  /**
   * The hosts a browser's push endpoint may name (`*.` for any name below a domain): the known
   * push services unless PUSH_ALLOWED_HOSTS lists others (lib/outbound.ts).
   */
  pushAllowedHosts: readonly string[];
  /**
   * Accounts younger than this many hours are new: lower community write limits, and their posts
   * and comments with links wait for a moderator (default 24; 0 turns both off).
   */
  newAccountHours: number;
  /** `/api/health/ready` answers 503 when less than this many MB are free under DATA_DIR. */
  readyMinFreeMb: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Stillpoint cannot start, the configuration has problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * Browsers' writes are accepted only from PUBLIC_URL's origin; a guessed default in production
 * would refuse every one of them (INVALID_ORIGIN), so production names it.
 */
const PUBLIC_URL_REQUIRED =
  'PUBLIC_URL is required in production: the address members open, e.g. https://calm.example (browser writes from any other origin are refused)';

/** What production needs whatever else is wrong, read from the raw environment. */
function missingInProduction(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return [
    ...(env.AUTH_SECRET?.trim()
      ? []
      : ['AUTH_SECRET is required in production (at least 32 random characters)']),
    ...(env.PUBLIC_URL?.trim() ? [] : [PUBLIC_URL_REQUIRED]),
  ];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`LOG_LEVEL=` in a copied .env.example) means unset, for every variable.
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    throw new ConfigError([
      ...parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
      // Listed with the others, so one edit of the environment fixes everything.
      ...missingInProduction(env),
    ]);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';

  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PRICE_ID];
  const stripeSet = stripeKeys.filter(Boolean).length;
  if (stripeSet > 0 && stripeSet < 3) {
    problems.push('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID must be set together');
  }
  problems.push(...missingInProduction(env));
  if (isProduction && stripeSet === 0 && !e.ALLOW_TEST_CHECKOUT) {
    problems.push(
      'Stripe is not configured: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID, or ALLOW_TEST_CHECKOUT=true to run the built-in test-mode checkout in production',
    );
  }
  if (isProduction && e.SEED_DEMO) {
    problems.push(
      'SEED_DEMO=true cannot be used in production: the demo accounts have published passwords (one is an admin)',
    );
  }
  if (e.S3_BUCKET && !e.S3_REGION) problems.push('S3_REGION is required when S3_BUCKET is set');
  if (e.BACKUP_S3_BUCKET && !e.S3_REGION) {
    problems.push(
      'BACKUP_S3_BUCKET uses the S3_* settings: set S3_REGION (and S3_ENDPOINT and keys as needed)',
    );
  }
  if (e.BACKUP_S3_BUCKET && e.BACKUP_S3_BUCKET === e.S3_BUCKET) {
    problems.push(
      'BACKUP_S3_BUCKET must be another bucket than S3_BUCKET (a backup must not hold the backups)',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  /** The S3_* settings for one bucket (the media bucket or the backups bucket), when it is named. */
  const s3Bucket = (bucket: string | undefined): S3Settings | undefined =>
    bucket
      ? {
          bucket,
          region: e.S3_REGION!,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          publicEndpoint: e.S3_PUBLIC_ENDPOINT,
        }
      : undefined;

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    stripe:
      stripeSet === 3
        ? {
            mode: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            priceId: e.STRIPE_PRICE_ID!,
            productId: e.STRIPE_PRODUCT_ID,
            apiBase: e.STRIPE_API_BASE,
          }
        : { mode: 'test' },
    allowTestCheckout: e.ALLOW_TEST_CHECKOUT ?? !isProduction,
    s3: s3Bucket(e.S3_BUCKET),
    mediaCdnBaseUrl: e.MEDIA_CDN_BASE_URL?.replace(/\/+$/, ''),
    uploadQuota: {
      memberBytes: (e.UPLOAD_QUOTA_MEMBER_MB ?? 20) * 1024 * 1024,
      adminBytes: (e.UPLOAD_QUOTA_ADMIN_MB ?? 50 * 1024) * 1024 * 1024,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Stillpoint <no-reply@localhost>',
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS ?? 30,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE ?? 300,
    backups: {
      schedule: e.BACKUP_SCHEDULE,
      keep: e.BACKUP_KEEP ?? 7,
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      s3: s3Bucket(e.BACKUP_S3_BUCKET),
    },
    plan: {
      amount: e.PLAN_AMOUNT ?? 1200,
      currency: (e.PLAN_CURRENCY ?? 'usd').toLowerCase(),
      interval: e.PLAN_INTERVAL ?? 'month',
      annualAmount: e.PLAN_ANNUAL_AMOUNT,
      trialDays: e.PLAN_TRIAL_DAYS ?? 0,
    },
    metricsToken: e.METRICS_TOKEN,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? DEFAULT_DATABASE_POOL_SIZE,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? 1500,
    adminFiguresCacheMs: e.ADMIN_FIGURES_CACHE_MS ?? 10_000,
    rateLimitScale: e.RATE_LIMIT_SCALE ?? 1,
    flagHideThreshold: e.FLAG_HIDE_THRESHOLD ?? 3,
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubjectFrom(publicUrl, e.MAIL_FROM),
    },
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS ?? DEFAULT_PUSH_HOSTS,
    newAccountHours: e.NEW_ACCOUNT_HOURS ?? 24,
    readyMinFreeMb: e.READY_MIN_FREE_MB ?? 512,
  };
}

/** Push services want a way to reach the operator: the https site, else the sender's address. */
function vapidSubjectFrom(publicUrl: string, mailFrom: string | undefined): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = mailFrom?.match(/<([^>]+)>/)?.[1] ?? mailFrom;
  return `mailto:${address?.includes('@') ? address : 'no-reply@localhost'}`;
}
