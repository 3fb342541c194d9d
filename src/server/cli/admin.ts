import fs from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { assertClusterVersion } from '../db/postgres-version.ts';
import { latestMigrationTag, readAppliedMigrationTagAt } from '../db/schema-level.ts';
import { findUserIdByEmail, liftSuspension, suspendMember } from '../features/admin/suspension.service.ts';
import { setAdminRights } from '../features/auth/admin-rights.service.ts';
import { createBackup } from '../features/backup/backup.service.ts';
import { RestoreTargetError } from '../features/backup/manifest.ts';
import {
  applyArchive,
  assertStorageEmpty,
  restoreBackup,
  restoreDeadline,
  verifyArchive,
} from '../features/backup/restore.service.ts';
import { backupFileName, storageFromConfig } from '../features/backup/scheduled-backup.ts';
import { setModeratorByEmail } from '../features/community/moderation.service.ts';
import { acquireDataDirLock, loadOrCreateSecrets, readRuntimeInfo } from '../lib/data-dir.ts';
import { createMailer } from '../lib/mailer.ts';
import { APP_VERSION } from '../lib/version.ts';
import { formatFindings, runDoctor } from './doctor.ts';
import { rollback, upgrade } from './upgrade.ts';

/**
 * `npm run admin -- grant EMAIL | revoke EMAIL | moderator EMAIL | unmoderator EMAIL |
 * suspend EMAIL DAYS|forever REASON | unsuspend EMAIL | backup [FILE] | restore FILE | version |
 * migrate | upgrade RELEASE.tgz | rollback | doctor`.
 * Uses DATABASE_URL, else the embedded database of a running app (DATA_DIR/runtime.json), else
 * starts the embedded database itself for the moment it needs it.
 */
const usage = `Usage:
  npm run admin -- grant EMAIL       make an account an admin
  npm run admin -- revoke EMAIL      take admin rights away
  npm run admin -- moderator EMAIL   give an account the moderator role
  npm run admin -- unmoderator EMAIL take the moderator role away
  npm run admin -- suspend EMAIL DAYS|forever REASON   no sign-in for DAYS days or until lifted
  npm run admin -- unsuspend EMAIL   lift a suspension
  npm run admin -- backup [FILE]     archive the database and every uploaded file (the site may run)
  npm run admin -- restore FILE      restore an archive into an empty DATA_DIR or database
  npm run admin -- version           this release's version and database schema
  npm run admin -- migrate           bring the database to this release's schema
  npm run admin -- upgrade RELEASE.tgz [--node-modules-from DIR]
                                     back up, install the release beside this one, migrate, switch
  npm run admin -- rollback          switch back to the release before the last upgrade
                                     (restores the pre-upgrade backup when the schema moved)
  npm run admin -- doctor            check the installation; lists every problem with its fix
  (upgrade and rollback take --root DIR: the install folder holding current and releases/)`;

/** The release this code belongs to: three folders up, from src/server/cli and dist/server/cli. */
const CODE_ROOT = path.resolve(import.meta.dirname, '../../..');

type Stop = () => Promise<void> | void;

/**
 * The database of the site: DATABASE_URL, the running app's, or the embedded one started here.
 * A stopped embedded database is migrated to this release's schema first (the commands' queries
 * expect it), except with `migrate: false`: a backup must hold the schema as the site left it,
 * so a backup taken before an upgrade restores the old release's database.
 */
async function openSiteDatabase(
  config: Config,
  stops: Stop[],
  { migrate = true }: { migrate?: boolean } = {},
): Promise<string> {
  const databaseUrl = config.databaseUrl ?? readRuntimeInfo(config.dataDir)?.databaseUrl;
  if (databaseUrl) return databaseUrl;
  const lock = acquireDataDirLock(config.dataDir);
  stops.push(() => lock.release());
  const clusterDir = path.join(config.dataDir, 'postgres');
  assertClusterVersion(clusterDir);
  const postgres = await startEmbeddedPostgres({
    dataDir: clusterDir,
    password: loadOrCreateSecrets(config.dataDir).postgresPassword,
  });
  stops.unshift(() => postgres.stop());
  const url = postgres.connectionString();
  if (migrate) await runMigrations(url);
  return url;
}

/** Runs `work` on the site's database over one connection, closed afterwards. */
async function onSiteDatabase(config: Config, stops: Stop[], work: (db: Database) => Promise<void>) {
  const database = connectDatabase(await openSiteDatabase(config, stops), { max: 1 });
  try {
    await work(database.db);
  } finally {
    await database.close();
  }
}

/** What a role command did, in one sentence: `role` is 'an admin' or 'a moderator'. */
function reportRole(result: { email: string; changed: boolean }, has: boolean, role: string) {
  console.info(
    result.changed
      ? `${result.email} ${has ? 'is now' : 'is no longer'} ${role}.`
      : `${result.email} already ${has ? 'was' : 'was not'} ${role}; nothing changed.`,
  );
}

async function grantOrRevoke(config: Config, command: 'grant' | 'revoke', email: string, stops: Stop[]) {
  await onSiteDatabase(config, stops, async (db) => {
    const result = await setAdminRights(db, email, command === 'grant');
    reportRole(result, result.isAdmin, 'an admin');
  });
}

async function moderatorRole(
  config: Config,
  command: 'moderator' | 'unmoderator',
  email: string,
  stops: Stop[],
) {
  await onSiteDatabase(config, stops, async (db) => {
    const result = await setModeratorByEmail(db, email, command === 'moderator');
    reportRole(result, result.isModerator, 'a moderator');
  });
}

/** Suspends (days, or null until lifted) or lifts; written to the audit log without an actor. */
async function suspension(
  config: Config,
  email: string,
  input: { days: number | null; reason: string } | null,
  stops: Stop[],
) {
  await onSiteDatabase(config, stops, async (db) => {
    const userId = await findUserIdByEmail(db, email);
    if (!input) {
      await liftSuspension(db, userId, { id: null });
      console.info(`${email} can sign in again.`);
      return;
    }
    // Queued in the outbox: the running site sends it (or logs it without SMTP).
    const mailer = createMailer({
      db: db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      logger: { info: () => undefined, error: (object, message) => console.error(message, object) },
      logLinks: false,
    });
    const state = await suspendMember(db, mailer, userId, input, { id: null });
    console.info(
      `${email} is suspended ${state.suspendedUntil ? `until ${state.suspendedUntil}` : 'until lifted'}; their sessions have ended.`,
    );
  });
}

/** `DAYS|forever REASON...` of the suspend command, or null when they do not parse. */
function parseSuspension(rest: string[]): { days: number | null; reason: string } | null {
  const [period, ...words] = rest;
  const reason = words.join(' ').trim();
  if (!period || !reason) return null;
  if (period === 'forever') return { days: null, reason };
  const days = Number(period);
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? { days, reason } : null;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup(config: Config, file: string | undefined, stops: Stop[]) {
  const target = path.resolve(file ?? path.join(config.backups.dir, backupFileName()));
  if (fs.existsSync(target))
    throw new RestoreTargetError(`${target} already exists; choose another file name.`);
  const databaseUrl = await openSiteDatabase(config, stops, { migrate: false });
  console.info(`Backing up to ${target} ...`);
  const result = await createBackup({ databaseUrl, storage: storageFromConfig(config), file: target });
  console.info(
    `Backup written: ${result.file} (${megabytes(result.bytes)}, ${result.tables} tables, ${result.rows} rows, ${result.objects} files, ${(result.milliseconds / 1000).toFixed(1)} s).`,
  );
}

async function restore(config: Config, file: string, stops: Stop[]) {
  const archive = path.resolve(file);
  const storage = storageFromConfig(config);
  if (config.databaseUrl) {
    const result = await restoreBackup({
      archive,
      databaseUrl: config.databaseUrl,
      storage,
      stagingParent: config.dataDir,
    });
    console.info(`Restored ${result.tables} tables (${result.rows} rows) and ${result.objects} files.`);
    return;
  }
  // Embedded: only into a DATA_DIR without a database, and only once the archive is proven whole.
  const clusterDir = path.join(config.dataDir, 'postgres');
  if (readRuntimeInfo(config.dataDir) || fs.existsSync(clusterDir)) {
    throw new RestoreTargetError(
      `${config.dataDir} already holds a database. Restore needs an empty DATA_DIR: set DATA_DIR to a new folder (or move this one aside) and run the restore again. Nothing was changed.`,
    );
  }
  await assertStorageEmpty(storage);
  console.info(`Checking ${archive} ...`);
  // One time limit for both steps; the archive is staged under DATA_DIR (not /tmp).
  const deadline = restoreDeadline();
  const verified = await verifyArchive(archive, config.dataDir, { deadline });
  stops.push(() => verified.discard());
  const lock = acquireDataDirLock(config.dataDir);
  stops.push(() => lock.release());
  const postgres = await startEmbeddedPostgres({
    dataDir: clusterDir,
    password: loadOrCreateSecrets(config.dataDir).postgresPassword,
  });
  try {
    const result = await applyArchive(verified, {
      databaseUrl: postgres.connectionString(),
      storage,
      deadline,
    });
    console.info(
      `Restored ${result.tables} tables (${result.rows} rows) and ${result.objects} files into ${config.dataDir}.`,
    );
  } catch (error) {
    // The cluster was created by this command a moment ago: remove it, so a new try starts clean.
    await postgres.stop();
    fs.rmSync(clusterDir, { recursive: true, force: true });
    throw error;
  }
  await postgres.stop();
}

/** The database's schema when it can be read without starting one (DATABASE_URL or a running app). */
async function version(config: Config) {
  console.info(`Stillpoint ${APP_VERSION}`);
  console.info(`Schema of this release: ${latestMigrationTag()}`);
  const databaseUrl = config.databaseUrl ?? readRuntimeInfo(config.dataDir)?.databaseUrl;
  if (databaseUrl) console.info(`Schema of the database: ${await readAppliedMigrationTagAt(databaseUrl)}`);
}

async function migrate(config: Config, stops: Stop[]) {
  const databaseUrl = await openSiteDatabase(config, stops, { migrate: false });
  const before = await readAppliedMigrationTagAt(databaseUrl);
  await runMigrations(databaseUrl);
  const after = await readAppliedMigrationTagAt(databaseUrl);
  console.info(before === after ? `The schema is already ${after}.` : `Schema: ${before} -> ${after}.`);
}

/** `--name VALUE` from the arguments after the command, or undefined. */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * A backup by this release's code of the schema as it is (never migrated first): the pre-upgrade
 * backup, and the one a rollback takes before it empties an external database or S3 bucket.
 */
async function backUpAsIs(config: Config, file: string) {
  const stops: Stop[] = [];
  try {
    const databaseUrl = await openSiteDatabase(config, stops, { migrate: false });
    const schema = await readAppliedMigrationTagAt(databaseUrl);
    const result = await createBackup({ databaseUrl, storage: storageFromConfig(config), file });
    console.info(`    ${result.file} (${megabytes(result.bytes)}, schema ${schema})`);
    return { schema };
  } finally {
    // The embedded database stops here: the new release's migration starts it again.
    for (const stop of stops) await stop();
  }
}

async function main() {
  const [command, argument, ...rest] = process.argv.slice(2);
  // Before loadConfig: the doctor reports a configuration that does not load as findings.
  if (command === 'doctor') {
    const findings = await runDoctor(process.env);
    console.info(formatFindings(findings));
    process.exitCode = findings.some((finding) => finding.level === 'problem') ? 1 : 0;
    return;
  }
  const needsArgument = [
    'grant',
    'revoke',
    'moderator',
    'unmoderator',
    'suspend',
    'unsuspend',
    'restore',
    'upgrade',
  ].includes(command ?? '');
  const suspendInput = command === 'suspend' ? parseSuspension(rest) : null;
  if (
    ![
      'grant',
      'revoke',
      'moderator',
      'unmoderator',
      'suspend',
      'unsuspend',
      'backup',
      'restore',
      'version',
      'migrate',
      'upgrade',
      'rollback',
    ].includes(command ?? '') ||
    (needsArgument && !argument) ||
    (command === 'suspend' && !suspendInput)
  ) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const stops: Stop[] = [];
  try {
    if (command === 'grant' || command === 'revoke') await grantOrRevoke(config, command, argument!, stops);
    else if (command === 'moderator' || command === 'unmoderator')
      await moderatorRole(config, command, argument!, stops);
    else if (command === 'suspend') await suspension(config, argument!, suspendInput, stops);
    else if (command === 'unsuspend') await suspension(config, argument!, null, stops);
    else if (command === 'backup') await backup(config, argument, stops);
    else if (command === 'version') await version(config);
    else if (command === 'migrate') await migrate(config, stops);
    else if (command === 'upgrade') {
      await upgrade({
        config,
        archive: argument!,
        codeRoot: CODE_ROOT,
        installRoot: option(rest, '--root'),
        nodeModulesFrom: option(rest, '--node-modules-from'),
        takeBackup: (file) => backUpAsIs(config, file),
      });
    } else if (command === 'rollback') {
      await rollback({
        config,
        codeRoot: CODE_ROOT,
        installRoot: option([argument ?? '', ...rest], '--root'),
        takeBackup: (file) => backUpAsIs(config, file),
      });
    } else await restore(config, argument!, stops);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    for (const stop of stops) await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
