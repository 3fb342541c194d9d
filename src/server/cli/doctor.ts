import fs from 'node:fs';
import path from 'node:path';
import { GetBucketCorsCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { readRuntimeInfo } from '../lib/data-dir.ts';
import { findLatestBackup } from '../lib/latest-backup.ts';
import type { S3Settings } from '../lib/storage/s3-storage.ts';

/**
 * `npm run admin -- doctor`: a preflight an operator runs before a start, an upgrade, or when
 * something is off. Every check runs (nothing stops at the first problem) and each finding says
 * its fix. Problems make the command exit 1; warnings are things to look at.
 */
export type Finding = {
  level: 'ok' | 'warning' | 'problem';
  check: string;
  message: string;
  fix?: string;
};

/** The oldest Node the dependencies run on (package.json `engines`). */
export const MINIMUM_NODE = [22, 12] as const;
/** A scheduled backup older than this is a problem: the schedule is not running. */
export const BACKUP_MAX_AGE_HOURS = 48;
const TIMEOUT_MS = 5000;
/** READY_MIN_FREE_MB's default (config.ts), for when the configuration does not load. */
const DEFAULT_MIN_FREE_MB = 512;

export type DoctorOptions = {
  /** The Node version to judge (default: this process's). */
  nodeVersion?: string;
  now?: Date;
};

export async function runDoctor(env: NodeJS.ProcessEnv, options: DoctorOptions = {}): Promise<Finding[]> {
  const findings: Finding[] = [checkNode(options.nodeVersion ?? process.versions.node)];
  let config: Config;
  try {
    config = loadConfig(env);
    findings.push({ level: 'ok', check: 'configuration', message: 'every variable parses' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) {
      findings.push({
        level: 'problem',
        check: 'configuration',
        message: problem,
        fix: 'set the variable in the environment (.env; .env.example describes each one)',
      });
    }
    // What can be judged without a whole configuration still is: the folder and its disk.
    const dataDir = path.resolve(env.DATA_DIR || './data');
    findings.push(...checkDataDir(dataDir), await checkDisk(dataDir, DEFAULT_MIN_FREE_MB));
    findings.push({
      level: 'warning',
      check: 'configuration',
      message:
        'the database, SMTP, S3, push and backup checks need a configuration that loads; they did not run',
      fix: 'fix the configuration above, then run the doctor again',
    });
    return findings;
  }
  findings.push(...checkDataDir(config.dataDir));
  findings.push(...checkPublicUrl(config));
  findings.push(await checkDisk(config.dataDir, config.readyMinFreeMb));
  const database = await checkDatabase(config);
  findings.push(...database.findings);
  if (config.smtpUrl) findings.push(await checkSmtp(config.smtpUrl));
  if (config.s3) findings.push(...(await checkBucket(config.s3, config.publicUrl)));
  findings.push(checkPushKeys(config, database.pushKeysStored));
  if (config.backups.schedule) findings.push(await checkLatestBackup(config, options.now ?? new Date()));
  return findings;
}

function checkNode(version: string): Finding {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  const supported = major > needMajor || (major === needMajor && minor >= needMinor);
  return supported
    ? { level: 'ok', check: 'node', message: `Node ${version}` }
    : {
        level: 'problem',
        check: 'node',
        message: `Node ${version} is too old (22.12 or newer is needed)`,
        fix: 'install Node 24 LTS (recommended) or 22.12+',
      };
}

function checkDataDir(dataDir: string): Finding[] {
  const stat = fs.statSync(dataDir, { throwIfNoEntry: false });
  if (!stat) {
    return [
      {
        level: 'warning',
        check: 'data-dir',
        message: `DATA_DIR ${dataDir} does not exist yet (the first start creates it)`,
        fix: `create it for the service's user: install -d -m 750 ${dataDir}`,
      },
    ];
  }
  const findings: Finding[] = [];
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    findings.push({
      level: 'problem',
      check: 'data-dir',
      message: `DATA_DIR ${dataDir} belongs to user ${stat.uid}, not to this user (${uid})`,
      fix: `run as the service's user, or chown -R <service user> ${dataDir}`,
    });
  }
  if (stat.mode & 0o002) {
    findings.push({
      level: 'problem',
      check: 'data-dir',
      message: `DATA_DIR ${dataDir} is writable by every user (mode ${(stat.mode & 0o777).toString(8)})`,
      fix: `chmod 750 ${dataDir}`,
    });
  }
  for (const secret of ['secrets.json', 'vapid.json']) {
    const file = path.join(dataDir, secret);
    const fileStat = fs.statSync(file, { throwIfNoEntry: false });
    if (fileStat && fileStat.mode & 0o077) {
      findings.push({
        level: 'problem',
        check: 'data-dir',
        message: `${file} holds secrets and is readable by others (mode ${(fileStat.mode & 0o777).toString(8)})`,
        fix: `chmod 600 ${file}`,
      });
    }
  }
  if (findings.length === 0) {
    findings.push({
      level: 'ok',
      check: 'data-dir',
      message: `DATA_DIR ${dataDir} is this user's, not open to others`,
    });
  }
  return findings;
}

function checkPublicUrl(config: Config): Finding[] {
  const isHttps = config.publicUrl.startsWith('https://');
  const findings: Finding[] = [];
  if (config.isProduction && !isHttps) {
    findings.push({
      level: 'problem',
      check: 'public-url',
      message: `PUBLIC_URL ${config.publicUrl} is not https: production session cookies are Secure, so browsers would not keep them`,
      fix: 'serve the site over TLS (docs/deploy.md, "nginx in front") and set PUBLIC_URL=https://…',
    });
  } else {
    findings.push({ level: 'ok', check: 'public-url', message: `PUBLIC_URL ${config.publicUrl}` });
  }
  if (isHttps && config.trustProxy === false) {
    findings.push({
      level: 'warning',
      check: 'trust-proxy',
      message:
        "PUBLIC_URL is https but TRUST_PROXY is unset: behind a TLS proxy every client would share the proxy's address for rate limits",
      fix: "behind one proxy set TRUST_PROXY=1 (or the proxies' addresses); ignore this if Node itself is reached by clients",
    });
  }
  return findings;
}

async function checkDisk(dataDir: string, minFreeMb: number): Promise<Finding> {
  const existing = fs.existsSync(dataDir) ? dataDir : path.dirname(dataDir);
  try {
    const disk = await fs.promises.statfs(existing);
    const freeMb = Math.floor((disk.bavail * disk.bsize) / 1024 / 1024);
    return freeMb < minFreeMb
      ? {
          level: 'problem',
          check: 'disk',
          message: `${freeMb} MB free under DATA_DIR, less than READY_MIN_FREE_MB (${minFreeMb} MB): uploads and backups will fail`,
          fix: 'free space (old backups in BACKUP_DIR, logs) or grow the disk',
        }
      : { level: 'ok', check: 'disk', message: `${freeMb} MB free under DATA_DIR` };
  } catch (error) {
    return {
      level: 'problem',
      check: 'disk',
      message: `cannot read the disk under DATA_DIR: ${String(error)}`,
    };
  }
}

/** The shipped migrations' timestamps (drizzle records each applied one's `when` as created_at). */
function shippedMigrations(): Array<{ tag: string; when: number }> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string; when: number }> };
  return journal.entries;
}

/**
 * The database and its migrations; once it answers and is migrated, also whether it holds the
 * site's push key pair (the one `push_keys` row every instance reads).
 */
async function checkDatabase(config: Config): Promise<{ findings: Finding[]; pushKeysStored?: boolean }> {
  const databaseUrl = config.databaseUrl ?? readRuntimeInfo(config.dataDir)?.databaseUrl;
  if (!databaseUrl) {
    return {
      findings: [
        {
          level: 'warning',
          check: 'database',
          message: 'the embedded database is not running, so it was not checked',
          fix: 'start the site, then run the doctor again (or set DATABASE_URL)',
        },
      ],
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    return {
      findings: [
        {
          level: 'problem',
          check: 'database',
          message: `the database does not answer: ${error instanceof Error ? error.message : String(error)}`,
          fix: 'start PostgreSQL, or correct DATABASE_URL (host, port, user, password, database)',
        },
      ],
    };
  }
  try {
    const shipped = shippedMigrations();
    const table = await client.query<{ found: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
    );
    const applied = table.rows[0]?.found
      ? (
          await client.query<{ at: string }>(
            'select created_at::text as at from drizzle.__drizzle_migrations',
          )
        ).rows.map((row) => Number(row.at))
      : [];
    const appliedSet = new Set(applied);
    const pending = shipped.filter((migration) => !appliedSet.has(migration.when));
    const newest = Math.max(...shipped.map((migration) => migration.when));
    const unknown = applied.filter((when) => when > newest);
    if (unknown.length > 0) {
      return {
        findings: [
          {
            level: 'problem',
            check: 'migrations',
            message: `the database has ${unknown.length} migration(s) newer than this release: it was upgraded by a later version`,
            fix: 'run the release the database belongs to, or restore the backup taken before that upgrade',
          },
        ],
      };
    }
    if (pending.length > 0) {
      return {
        findings: [
          {
            level: 'problem',
            check: 'migrations',
            message: `${pending.length} of ${shipped.length} migrations are not applied (first: ${pending[0]!.tag})`,
            fix: 'take a backup (npm run admin -- backup), then start the site: it migrates at start',
          },
        ],
      };
    }
    const keys = await client.query<{ found: boolean }>('select exists(select 1 from push_keys) as found');
    return {
      findings: [
        { level: 'ok', check: 'database', message: `reachable, all ${shipped.length} migrations applied` },
      ],
      pushKeysStored: keys.rows[0]?.found === true,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkSmtp(smtpUrl: string): Promise<Finding> {
  const transport = nodemailer.createTransport(smtpUrl, {});
  try {
    await withTimeout(transport.verify(), 'no answer');
    return { level: 'ok', check: 'smtp', message: `SMTP server ${new URL(smtpUrl).host} accepts us` };
  } catch (error) {
    return {
      level: 'problem',
      check: 'smtp',
      message: `SMTP server ${new URL(smtpUrl).host} is not reachable or refuses us: ${error instanceof Error ? error.message : String(error)}`,
      fix: 'check SMTP_URL (host, port, user, password; smtps:// for port 465); mail waits in the outbox until it works',
    };
  } finally {
    transport.close();
  }
}

async function checkBucket(settings: S3Settings, publicUrl: string): Promise<Finding[]> {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: 1,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  try {
    await withTimeout(client.send(new HeadBucketCommand({ Bucket })), 'no answer');
  } catch (error) {
    client.destroy();
    return [
      {
        level: 'problem',
        check: 's3',
        message: `bucket ${Bucket} is not reachable: ${describeS3Error(error)}`,
        fix: 'check S3_ENDPOINT, S3_REGION, S3_BUCKET and the access keys; create the bucket if it is missing',
      },
    ];
  }
  // Browsers PUT uploads straight to the bucket from PUBLIC_URL's pages: without a CORS rule
  // allowing that origin and PUT, every admin upload fails in the browser.
  const corsFix = `add a CORS rule to bucket ${Bucket}: AllowedOrigins ["${publicUrl}"], AllowedMethods ["PUT", "GET"], AllowedHeaders ["*"] (docs/deploy.md)`;
  try {
    const cors = await withTimeout(client.send(new GetBucketCorsCommand({ Bucket })), 'no answer');
    const allows = (cors.CORSRules ?? []).some(
      (rule) =>
        (rule.AllowedOrigins ?? []).some((origin) => origin === '*' || origin === publicUrl) &&
        (rule.AllowedMethods ?? []).includes('PUT'),
    );
    return allows
      ? [
          {
            level: 'ok',
            check: 's3',
            message: `bucket ${Bucket} is reachable and allows uploads from ${publicUrl}`,
          },
        ]
      : [
          {
            level: 'problem',
            check: 's3',
            message: `bucket ${Bucket} has no CORS rule allowing PUT from ${publicUrl}`,
            fix: corsFix,
          },
        ];
  } catch (error) {
    if ((error as { name?: string }).name === 'NotImplemented') {
      return [
        {
          level: 'warning',
          check: 's3',
          message: `bucket ${Bucket} is reachable; its server keeps no per-bucket CORS rule, so uploads depend on a server-wide one`,
          fix: `MinIO: MINIO_API_CORS_ALLOW_ORIGIN=${publicUrl} (compose.yaml sets it)`,
        },
      ];
    }
    return [
      {
        level: 'problem',
        check: 's3',
        message: `bucket ${Bucket} has no CORS configuration (${describeS3Error(error)})`,
        fix: corsFix,
      },
    ];
  } finally {
    client.destroy();
  }
}

/**
 * The site's VAPID pair: from the environment, else the database's `push_keys` row (made at the
 * first start, read by every instance, carried by backups), else a `DATA_DIR/vapid.json` of an
 * older release, which the next start imports.
 */
function checkPushKeys(config: Config, storedInDatabase: boolean | undefined): Finding {
  if (config.vapid.keys)
    return { level: 'ok', check: 'push', message: 'push keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY' };
  if (storedInDatabase)
    return { level: 'ok', check: 'push', message: 'push keys in the database, the same for every instance' };
  try {
    const keys = JSON.parse(fs.readFileSync(path.join(config.dataDir, 'vapid.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    if (keys.publicKey && keys.privateKey)
      return {
        level: 'ok',
        check: 'push',
        message: 'push keys in DATA_DIR/vapid.json: the next start moves them into the database',
      };
  } catch {
    // not there
  }
  if (storedInDatabase === false)
    return {
      level: 'ok',
      check: 'push',
      message:
        'no push keys yet: the first start makes a pair and keeps it in the database for every instance',
    };
  return {
    level: 'warning',
    check: 'push',
    message: 'push keys not checked: the database could not be read',
    fix: 'fix the database finding above, then run the doctor again',
  };
}

async function checkLatestBackup(config: Config, now: Date): Promise<Finding> {
  let latest: Date | undefined;
  let where = config.backups.dir;
  if (config.backups.s3) {
    where = `bucket ${config.backups.s3.bucket}`;
    const { createS3Storage } = await import('../lib/storage/s3-storage.ts');
    try {
      for await (const object of createS3Storage(config.backups.s3).list()) {
        if (/^stillpoint-\d{8}-\d{6}\.tar\.gz$/.test(object.key) && (!latest || object.lastModified > latest))
          latest = object.lastModified;
      }
    } catch (error) {
      return {
        level: 'problem',
        check: 'backup',
        message: `cannot list the backups in ${where}: ${describeS3Error(error)}`,
        fix: 'check BACKUP_S3_BUCKET and the S3_* settings',
      };
    }
  } else {
    latest = findLatestBackup(config.backups.dir)?.at;
  }
  const hours = latest ? (now.getTime() - latest.getTime()) / 3_600_000 : Number.POSITIVE_INFINITY;
  if (hours <= BACKUP_MAX_AGE_HOURS) {
    return {
      level: 'ok',
      check: 'backup',
      message: `the newest backup in ${where} is ${Math.round(hours)} h old`,
    };
  }
  return {
    level: 'problem',
    check: 'backup',
    message: latest
      ? `the newest backup in ${where} is ${Math.round(hours / 24)} days old, though BACKUP_SCHEDULE is "${config.backups.schedule}"`
      : `there is no backup in ${where}, though BACKUP_SCHEDULE is "${config.backups.schedule}"`,
    fix: 'look for "job failed" lines of the backup job in the log; take one now with npm run admin -- backup',
  };
}

function describeS3Error(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return `${String((error as { name: unknown }).name)}${status ? ` (HTTP ${status})` : ''}`;
  }
  return String(error);
}

function withTimeout<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${message} within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The findings as an operator reads them: problems and warnings with their fixes, then a count. */
export function formatFindings(findings: Finding[]): string {
  const mark = { ok: '✓', warning: '!', problem: '✗' } as const;
  const lines = findings.map(
    (finding) =>
      `${mark[finding.level]} ${finding.check}: ${finding.message}${finding.fix ? `\n    fix: ${finding.fix}` : ''}`,
  );
  const problems = findings.filter((finding) => finding.level === 'problem').length;
  const warnings = findings.filter((finding) => finding.level === 'warning').length;
  lines.push(
    problems === 0
      ? `No problems${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}.`
      : `${problems} problem${problems === 1 ? '' : 's'}${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}.`,
  );
  return lines.join('\n');
}
