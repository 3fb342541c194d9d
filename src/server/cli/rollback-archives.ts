import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { BACKED_UP_SCHEMAS, type Manifest, qualified, quoteIdent } from '../features/backup/manifest.ts';
import { verifyArchive } from '../features/backup/restore.service.ts';
import { storageFromConfig } from '../features/backup/scheduled-backup.ts';
import { JOB_QUEUE_SCHEMA } from '../lib/jobs.ts';
import { releaseMigrations, UpgradeError, type UpgradeRecord } from './releases.ts';

/**
 * The rollback of a site whose database (DATABASE_URL) or files (S3) we cannot move aside as
 * folders. The restore refuses a database that holds our tables and a storage that holds files
 * (restore.service.ts: assertDatabaseEmpty, assertStorageEmpty), so the site is emptied first;
 * what it held is kept in an archive taken with the current release before anything changes:
 * 1. prove the pre-upgrade backup whole and the database free of other connections;
 * 2. back the site up as it is into DATA_DIR/rolled-back-<time>/ (0700; the archive 0600);
 * 3. empty it: drop the app's tables (exactly those in that archive), the functions, types and
 *    sequences its migrations create, drizzle's migrations table and pg-boss's schema (queued
 *    jobs are not kept) — in one transaction; delete the bucket's objects listed in that archive
 *    (never another); the embedded database's and local files' folders move into the same folder;
 * 4. the previous release restores the pre-upgrade backup;
 * 5. if that fails, the site is emptied again and the archive of 2. restored by the current
 *    release, so the site is as it was.
 */
export type ArchiveRollback = {
  record: UpgradeRecord;
  config: Config;
  currentRelease: string;
  setAside: string;
  takeBackup: (file: string) => Promise<unknown>;
  /** `admin …` run by a release's own code (runReleaseAdmin); throws when it fails. */
  runAdmin: (release: string, args: string[], what: string) => void | Promise<void>;
  log: (line: string) => void;
};

/** Functions, types and sequences the migrations create by name (tables are taken from archives). */
export function objectsCreatedByMigrations(migrationsDir: string) {
  const found = { functions: new Set<string>(), types: new Set<string>(), sequences: new Set<string>() };
  const pattern =
    /\bcreate\s+(?:or\s+replace\s+)?(function|type|sequence)\s+(?:if\s+not\s+exists\s+)?(?:"?public"?\.)?"?(\w+)"?/gi;
  for (const name of fs.readdirSync(migrationsDir).filter((file) => file.endsWith('.sql'))) {
    for (const match of fs.readFileSync(path.join(migrationsDir, name), 'utf8').matchAll(pattern)) {
      const kind = match[1]!.toLowerCase() as 'function' | 'type' | 'sequence';
      found[`${kind}s` as const].add(match[2]!);
    }
  }
  return found;
}

/**
 * The service is stopped: with an external database the running app holds no DATA_DIR lock, so
 * its connections are what shows it (the app's pool, pg-boss's); any other client is refused too.
 */
export async function assertNoOtherConnections(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'stillpoint-rollback' });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number; who: string }>(
      `select pid, coalesce(nullif(application_name, ''), 'no name') || ' (' || usename || coalesce(' from ' || client_addr::text, '') || ')' as who
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (rows.length > 0) {
      throw new UpgradeError(
        `${rows.length} other connection(s) use the database: ${rows.map((row) => `pid ${row.pid} ${row.who}`).join(', ')}. Stop the service (and anything else connected) before a rollback that restores the database; nothing was changed.`,
      );
    }
  } finally {
    await client.end();
  }
}

async function readManifest(archive: string, stagingParent: string): Promise<Manifest> {
  const verified = await verifyArchive(archive, stagingParent);
  verified.discard();
  return verified.manifest;
}

/**
 * Drops what the app owns in the database — the tables named (all in the backed-up schemas), the
 * functions, types and sequences its migrations create, drizzle's migrations table and pg-boss's
 * schema — in ONE transaction, then checks that no table of ours is left: either the database is
 * ready for a restore, or nothing was dropped. No CASCADE on our objects: something of the
 * operator's that depends on them (a view) makes the drop fail instead of vanishing with them.
 */
export async function dropAppObjects(
  databaseUrl: string,
  owned: { tables: string[]; functions: string[]; types: string[]; sequences: string[] },
  log: (line: string) => void,
) {
  const [schema] = BACKED_UP_SCHEMAS;
  log(
    `    dropping ${owned.tables.length} tables (${owned.tables.join(', ')}), functions ${owned.functions.join(', ') || '(none)'}${owned.types.length ? `, types ${owned.types.join(', ')}` : ''}${owned.sequences.length ? `, sequences ${owned.sequences.join(', ')}` : ''}, drizzle.__drizzle_migrations and the schema ${JOB_QUEUE_SCHEMA} (pg-boss's queue: waiting jobs are not kept)`,
  );
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'stillpoint-rollback' });
  await client.connect();
  try {
    await client.query('begin');
    // One statement: foreign keys between the tables dropped together need no CASCADE.
    if (owned.tables.length > 0) {
      await client.query(
        `drop table if exists ${owned.tables.map((table) => qualified(schema, table)).join(', ')}`,
      );
    }
    for (const name of owned.functions)
      await client.query(`drop function if exists ${qualified(schema, name)}`);
    for (const name of owned.sequences)
      await client.query(`drop sequence if exists ${qualified(schema, name)}`);
    for (const name of owned.types) await client.query(`drop type if exists ${qualified(schema, name)}`);
    await client.query('drop table if exists drizzle.__drizzle_migrations');
    // pg-boss's schema is its own through and through (it creates and migrates it).
    await client.query(`drop schema if exists ${quoteIdent(JOB_QUEUE_SCHEMA)} cascade`);
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and (n.nspname = any($1) or n.nspname = 'drizzle')`,
      [BACKED_UP_SCHEMAS],
    );
    if (rows.length > 0) {
      throw new UpgradeError(
        `The database holds tables that are not in the archive just taken (${rows.map((row) => row.name).join(', ')}), so the restore would refuse it; nothing was dropped.`,
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    // PostgreSQL names what stands in the way (a view of the operator's on our table) in `detail`.
    const detail = (error as { detail?: string }).detail;
    if (error instanceof UpgradeError || !detail) throw error;
    throw new UpgradeError(
      `Emptying the database failed, so nothing was dropped: ${(error as Error).message} (${detail.replaceAll('\n', '; ')}).`,
    );
  } finally {
    await client.end();
  }
}

export async function rollbackThroughArchives(options: ArchiveRollback): Promise<string> {
  const { record, config, setAside, log } = options;
  const storage = storageFromConfig(config);

  if (config.databaseUrl) await assertNoOtherConnections(config.databaseUrl);
  log(`checking the pre-upgrade backup ${record.backup}…`);
  let before: Manifest;
  try {
    before = await readManifest(record.backup, config.dataDir);
  } catch (error) {
    throw new UpgradeError(
      `${error instanceof Error ? error.message : String(error)} Nothing was changed; the site still runs ${record.to}.`,
    );
  }

  fs.mkdirSync(setAside, { mode: 0o700 });
  fs.chmodSync(setAside, 0o700); // whatever the umask
  const archive = path.join(setAside, `stillpoint-${record.to}-before-rollback.tar.gz`);
  log(`backing up the site as ${record.to} left it into ${archive}…`);
  let after: Manifest;
  try {
    await options.takeBackup(archive);
    after = await readManifest(archive, config.dataDir);
  } catch (error) {
    fs.rmSync(setAside, { recursive: true, force: true });
    throw new UpgradeError(
      `${error instanceof Error ? error.message : String(error)} Nothing was changed; the site still runs ${record.to}.`,
    );
  }

  // Everything dropped or deleted below is in one of the two archives.
  const ourTables = (manifest: Manifest) =>
    manifest.tables.filter((table) => table.schema === BACKED_UP_SCHEMAS[0]).map((table) => table.name);
  const created = [options.currentRelease, record.fromRelease].map((release) =>
    objectsCreatedByMigrations(releaseMigrations(release)),
  );
  const owned = (tables: string[]) => ({
    tables: [...new Set(tables)],
    functions: [...new Set(created.flatMap((found) => [...found.functions]))],
    types: [...new Set(created.flatMap((found) => [...found.types]))],
    sequences: [...new Set(created.flatMap((found) => [...found.sequences]))],
  });
  const deleteObjects = async (keys: string[]) => {
    for (const key of new Set(keys)) await storage.delete(key);
  };
  const moveAside = (name: string) => {
    const from = path.join(config.dataDir, name);
    if (!fs.existsSync(from)) return;
    log(`moving ${from} aside into ${setAside}…`);
    fs.renameSync(from, path.join(setAside, name));
  };

  log('emptying the site for the restore:');
  try {
    // Either step fails having changed nothing (one transaction; one rename).
    if (config.databaseUrl) await dropAppObjects(config.databaseUrl, owned(ourTables(after)), log);
    else moveAside('postgres');
  } catch (error) {
    throw new UpgradeError(
      `${error instanceof Error ? error.message : String(error)} The site still runs ${record.to}, unchanged; the archive taken first is ${archive}.`,
    );
  }
  // Local files are removed below only once they are moved aside: until then they are the site's.
  let areLocalFilesAside = false;
  try {
    if (config.s3) {
      log(`    deleting the bucket's ${after.objects.length} objects (all in ${archive})`);
      await deleteObjects(after.objects.map((object) => object.key));
    } else {
      moveAside('objects');
      areLocalFilesAside = true;
    }
    log(`restoring ${record.backup} with ${record.from}…`);
    await options.runAdmin(record.fromRelease, ['restore', record.backup], 'The restore');
    return setAside;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`${reason} Putting the site back as ${record.to} left it…`);
    try {
      if (config.databaseUrl) {
        await dropAppObjects(config.databaseUrl, owned([...ourTables(before), ...ourTables(after)]), log);
      } else fs.rmSync(path.join(config.dataDir, 'postgres'), { recursive: true, force: true });
      if (config.s3) {
        await deleteObjects([...before.objects, ...after.objects].map((object) => object.key));
      } else if (areLocalFilesAside) {
        fs.rmSync(path.join(config.dataDir, 'objects'), { recursive: true, force: true });
      }
      await options.runAdmin(options.currentRelease, ['restore', archive], 'Putting the site back');
    } catch (undoError) {
      throw new UpgradeError(
        `${reason} Putting the site back failed too (${undoError instanceof Error ? undoError.message : String(undoError)}). The site as ${record.to} left it is in ${archive}: empty the database and the storage, then in the current release run: npm run admin -- restore ${archive}`,
      );
    }
    throw new UpgradeError(
      `${reason} The site was put back as it was (restored from ${archive}); it still runs ${record.to}.`,
    );
  }
}
