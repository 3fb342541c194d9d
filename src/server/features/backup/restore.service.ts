import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_FOLDER, runMigrations } from '../../db/migrate.ts';
import { contentTypeForKey, isValidObjectKey, type Storage } from '../../lib/storage/storage.ts';
import { readTar, TarFormatError } from '../../lib/tar.ts';
import { COPY_SESSION_SETTINGS } from './backup.service.ts';
import {
  ARCHIVE_FILE_MODE,
  BACKED_UP_SCHEMAS,
  BackupArchiveError,
  MANIFEST_NAME,
  type Manifest,
  ManifestSchema,
  objectFileName,
  qualified,
  quoteIdent,
  RestoreTargetError,
  RestoreTimeoutError,
  TABLES_WITHOUT_ROWS,
  tableFileName,
} from './manifest.ts';

/**
 * Restore happens in two steps so that a bad archive changes nothing:
 * 1. `verifyArchive` reads the whole archive into a staging folder under the target's own
 *    DATA_DIR (`.restore-*`, never /tmp: often a small tmpfs), checking gzip's own checksum, every
 *    tar header, and each entry's size and SHA-256 against the manifest (and that nothing is
 *    missing or extra, and that the manifest names only tables and sequences of our schemas);
 * 2. `applyArchive` (only after 1.) refuses a database or storage that already holds data, then in
 *    ONE transaction creates the schema up to the archive's migration level, refuses tables that
 *    schema does not have, copies every table in with triggers and foreign-key checks off
 *    (`session_replication_role = replica` where allowed), sets the sequences, commits, applies
 *    any newer migrations, and writes the files.
 * The whole restore has a deadline (`timeoutMs`): a source that stalls (a named pipe, a hung
 * network mount) or a lock that is never granted ends with a RestoreTimeoutError, not a hang.
 */
export type VerifiedArchive = {
  manifest: Manifest;
  staging: string;
  files: Map<string, string>;
  discard: () => void;
};

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** Long enough for a large site on a slow disk; a stalled restore still ends. */
export const DEFAULT_RESTORE_TIMEOUT_MS = 2 * 60 * 60_000;

/** The staging folder's name under DATA_DIR (hidden; removed after the restore, failed or not). */
export const RESTORE_STAGING_PREFIX = '.restore-';

function timeoutError(deadline: RestoreDeadline, step: string, changed: string) {
  const limit =
    deadline.timeoutMs >= 60_000
      ? `${Math.round(deadline.timeoutMs / 60_000)} min`
      : `${Math.round(deadline.timeoutMs / 1000)} s`;
  return new RestoreTimeoutError(
    `The restore did not finish within its time limit (${limit}) while ${step}. ${changed} Check that the archive is readable to its end (not a stalled pipe or network mount) and that nothing else holds the target database.`,
  );
}

/** A manifest may only name tables and sequences of our schemas, each under its own file name. */
function assertManifestInBounds(manifest: Manifest) {
  const schemas: readonly string[] = BACKED_UP_SCHEMAS;
  for (const table of manifest.tables) {
    if (!schemas.includes(table.schema)) {
      throw new TarFormatError(
        `the manifest names a table outside the backed-up schemas: ${table.schema}.${table.name}`,
      );
    }
    if (table.file !== tableFileName(table.schema, table.name)) {
      throw new TarFormatError(`the manifest names the wrong file for table ${table.name}`);
    }
  }
  for (const sequence of manifest.sequences) {
    if (!schemas.includes(sequence.schema)) {
      throw new TarFormatError(
        `the manifest names a sequence outside the backed-up schemas: ${sequence.schema}.${sequence.name}`,
      );
    }
  }
  for (const object of manifest.objects) {
    if (!isValidObjectKey(object.key) || object.file !== objectFileName(object.key))
      throw new TarFormatError(`invalid file name in the archive: ${object.key}`);
  }
}

export async function verifyArchive(
  archive: string,
  stagingParent: string,
  options: { deadline?: RestoreDeadline } = {},
): Promise<VerifiedArchive> {
  const deadline = options.deadline ?? restoreDeadline();
  if (!fs.existsSync(archive)) throw new BackupArchiveError(`There is no backup archive at ${archive}.`);
  fs.mkdirSync(stagingParent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(stagingParent, RESTORE_STAGING_PREFIX)); // 0700
  const discard = () => fs.rmSync(staging, { recursive: true, force: true });
  const seen = new Map<string, { bytes: number; sha256: string; staged: string }>();
  let manifestText: string | undefined;
  const source = fs.createReadStream(archive);
  try {
    const gunzip = zlib.createGunzip();
    source.on('error', (error) => gunzip.destroy(error));
    source.pipe(gunzip);
    // GNU tar may put the manifest anywhere when it repacks the folder: every entry is staged,
    // and the manifest is read when the whole archive has been seen.
    await readTar(
      gunzip,
      async (entry) => {
        if (entry.name === MANIFEST_NAME) {
          if (manifestText !== undefined) throw new TarFormatError(`the archive holds ${entry.name} twice`);
          if (entry.size > MAX_MANIFEST_BYTES) throw new TarFormatError('the manifest is implausibly large');
          const chunks: Buffer[] = [];
          for await (const chunk of entry.body) chunks.push(chunk);
          manifestText = Buffer.concat(chunks).toString('utf8');
          return;
        }
        if (seen.has(entry.name)) throw new TarFormatError(`the archive holds ${entry.name} twice`);
        const staged = path.join(staging, String(seen.size));
        const hash = createHash('sha256');
        await pipeline(
          entry.body,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              hash.update(chunk);
              yield chunk;
            }
          },
          // pipeline, not write/drain by hand: a full disk rejects here instead of waiting forever.
          fs.createWriteStream(staged, { mode: ARCHIVE_FILE_MODE }),
        );
        seen.set(entry.name, { bytes: entry.size, sha256: hash.digest('hex'), staged });
      },
      deadline.signal,
    );
    if (manifestText === undefined) throw new TarFormatError('the archive has no manifest');
    let manifest: Manifest;
    try {
      manifest = ManifestSchema.parse(JSON.parse(manifestText));
    } catch {
      throw new TarFormatError(
        'the manifest is not a Stillpoint backup manifest of a version this release reads',
      );
    }
    assertManifestInBounds(manifest);
    const expected = [...manifest.tables, ...manifest.objects];
    const files = new Map<string, string>();
    for (const item of expected) {
      const found = seen.get(item.file);
      if (!found) throw new TarFormatError(`${item.file} is listed in the manifest but missing`);
      if (found.bytes !== item.bytes || found.sha256 !== item.sha256) {
        throw new TarFormatError(`${item.file} does not match its SHA-256 in the manifest`);
      }
      files.set(item.file, found.staged);
    }
    if (files.size !== seen.size)
      throw new TarFormatError('the archive holds files its manifest does not list');
    return { manifest, staging, files, discard };
  } catch (error) {
    source.destroy();
    discard();
    if (deadline.signal.aborted) throw timeoutError(deadline, `reading ${archive}`, 'Nothing was changed.');
    const reason =
      error instanceof TarFormatError
        ? error.message
        : (error as NodeJS.ErrnoException).code?.startsWith?.('Z_')
          ? `the compressed data is damaged or cut short (${(error as Error).message})`
          : undefined;
    if (reason === undefined) throw error;
    throw new BackupArchiveError(
      `The backup archive ${archive} cannot be restored: ${reason}. Nothing was changed. Use another copy of the backup.`,
    );
  }
}

/** Refuses a database that already holds tables of ours or applied migrations. */
export async function assertDatabaseEmpty(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and (n.nspname = any($1) or n.nspname = 'drizzle')`,
    [BACKED_UP_SCHEMAS],
  );
  if ((rows[0]?.n ?? 0) > 0) {
    throw new RestoreTargetError(
      'The target database already holds tables. Restore needs an empty database (a new DATABASE_URL database, or a new DATA_DIR); nothing was changed.',
    );
  }
}

export async function assertStorageEmpty(storage: Storage): Promise<void> {
  for await (const object of storage.list()) {
    throw new RestoreTargetError(
      `The file storage already holds files (e.g. ${object.key}). Restore needs empty storage; nothing was changed.`,
    );
  }
}

/** The archive's migrations, which must be the first `count` of this release's. */
function migrationsUpTo(level: Manifest['migrations']) {
  const all = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const last = level.count > 0 ? all[level.count - 1] : undefined;
  if (level.count > all.length || (level.count > 0 && String(last?.folderMillis) !== level.lastCreatedAt)) {
    throw new BackupArchiveError(
      'This backup was made by a newer or different release of Stillpoint (its database migrations are not ones this release knows). Restore it with the release that made it, or a newer one.',
    );
  }
  return all.slice(0, level.count);
}

/** Parents before children, so foreign keys hold even where triggers cannot be switched off. */
async function tablesInDependencyOrder(client: pg.ClientBase, tables: Manifest['tables']) {
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
       from pg_constraint k
       join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const key = (table: Manifest['tables'][number]) => `${table.schema}.${table.name}`;
  const archived = new Set(tables.map(key));
  const ordered: Manifest['tables'] = [];
  const placed = new Set<string>();
  let remaining = [...tables];
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      links.every(
        (link) => link.child !== key(table) || placed.has(link.parent) || !archived.has(link.parent),
      ),
    );
    const next = ready.length > 0 ? ready : remaining; // a cycle: replica mode covers it
    for (const table of next) {
      ordered.push(table);
      placed.add(key(table));
    }
    remaining = remaining.filter((table) => !next.includes(table));
  }
  return ordered;
}

/** Refuses manifest tables the archive's schema does not have (a crafted manifest). */
async function assertTablesKnown(client: pg.ClientBase, tables: Manifest['tables']) {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = any($1)`,
    [BACKED_UP_SCHEMAS],
  );
  const known = new Set(rows.map((row) => row.name));
  const seen = new Set<string>();
  for (const table of tables) {
    const name = `${table.schema}.${table.name}`;
    if (!known.has(name) || seen.has(name)) {
      throw new BackupArchiveError(
        `The backup archive cannot be restored: its manifest names ${seen.has(name) ? 'twice ' : ''}a table this release's schema does not have (${name}). Nothing was changed.`,
      );
    }
    seen.add(name);
  }
}

export type RestoreDeadline = { signal: AbortSignal; timeoutMs: number };

export function restoreDeadline(timeoutMs = DEFAULT_RESTORE_TIMEOUT_MS): RestoreDeadline {
  return { signal: AbortSignal.timeout(timeoutMs), timeoutMs };
}

export async function applyArchive(
  verified: VerifiedArchive,
  target: { databaseUrl: string; storage: Storage; deadline?: RestoreDeadline },
): Promise<{ tables: number; rows: number; objects: number }> {
  const { manifest, files } = verified;
  const deadline = target.deadline ?? restoreDeadline();
  const migrations = migrationsUpTo(manifest.migrations);
  const client = new pg.Client({
    connectionString: target.databaseUrl,
    application_name: 'stillpoint-restore',
  });
  // At the deadline the connection is closed: whatever statement waits (a lock, a COPY) fails,
  // and the transaction rolls back with it.
  const onTimeout = () => void client.end().catch(() => {});
  deadline.signal.addEventListener('abort', onTimeout, { once: true });
  try {
    deadline.signal.throwIfAborted();
    await client.connect();
    await assertDatabaseEmpty(client);
    await assertStorageEmpty(target.storage);
    await client.query('begin');
    for (const setting of COPY_SESSION_SETTINGS) await client.query(setting);
    // The schema as it was when the backup was made (drizzle's own bookkeeping included), in this
    // transaction: a failure below leaves the database as empty as it was.
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await assertTablesKnown(client, manifest.tables);
    await client.query('savepoint replica');
    try {
      await client.query('set local session_replication_role = replica');
    } catch {
      // Not a superuser (a managed PostgreSQL): triggers stay on, tables go parents first.
      await client.query('rollback to savepoint replica');
    }
    for (const table of await tablesInDependencyOrder(client, manifest.tables)) {
      // Archives of earlier releases carried live one-time tokens: they are not brought back.
      if (TABLES_WITHOUT_ROWS.includes(table.name)) continue;
      const columns = table.columns.map(quoteIdent).join(', ');
      await pipeline(
        fs.createReadStream(files.get(table.file)!),
        client.query(copyFrom(`copy ${qualified(table.schema, table.name)} (${columns}) from stdin`)),
      );
      const counted = await client.query<{ n: number }>(
        `select count(*)::int as n from ${qualified(table.schema, table.name)}`,
      );
      if (counted.rows[0]!.n !== table.rows) {
        throw new Error(
          `table ${table.name}: restored ${counted.rows[0]!.n} rows, the archive holds ${table.rows}`,
        );
      }
    }
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        qualified(sequence.schema, sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if (deadline.signal.aborted) {
      throw timeoutError(deadline, 'writing the database', 'The database was left as empty as it was.');
    }
    throw error;
  } finally {
    deadline.signal.removeEventListener('abort', onTimeout);
    await client.end().catch(() => {});
  }
  // Migrations newer than the archive run as on any start.
  await runMigrations(target.databaseUrl);
  for (const object of manifest.objects) {
    if (deadline.signal.aborted) {
      throw timeoutError(
        deadline,
        'writing the files',
        'The database is restored but not every file: empty the database and the storage, then restore again.',
      );
    }
    await target.storage.write(
      object.key,
      fs.createReadStream(files.get(object.file)!),
      contentTypeForKey(object.key),
    );
  }
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    objects: manifest.objects.length,
  };
}

/**
 * Verify, then apply; the staging copy (under `stagingParent`, the target's DATA_DIR) is removed
 * either way. Everything must finish within `timeoutMs`.
 */
export async function restoreBackup(options: {
  archive: string;
  databaseUrl: string;
  storage: Storage;
  stagingParent: string;
  timeoutMs?: number;
}) {
  const deadline = restoreDeadline(options.timeoutMs);
  // The cheap refusals first: a target that holds data is refused before the archive is read.
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await assertDatabaseEmpty(client);
  } finally {
    await client.end();
  }
  await assertStorageEmpty(options.storage);
  const verified = await verifyArchive(options.archive, options.stagingParent, { deadline });
  try {
    return await applyArchive(verified, { ...options, deadline });
  } finally {
    verified.discard();
  }
}
