import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, runMigrations } from '../../db/migrate.ts';
import { copyIn } from '../../lib/pg-copy.ts';
import { contentTypeForKey, isValidObjectKey, type Storage } from '../../lib/storage/storage.ts';
import { readTar, TarFormatError } from '../../lib/tar.ts';
import { COPY_SESSION_SETTINGS } from './backup.service.ts';
import {
  BACKED_UP_SCHEMAS,
  BackupArchiveError,
  MANIFEST_NAME,
  type Manifest,
  ManifestSchema,
  qualified,
  quoteIdent,
  RestoreTargetError,
} from './manifest.ts';

/**
 * Restore happens in two steps so that a bad archive changes nothing:
 * 1. `verifyArchive` reads the whole archive into a staging folder, checking gzip's own checksum,
 *    every tar header, and each entry's size and SHA-256 against the manifest (and that nothing is
 *    missing or extra);
 * 2. `applyArchive` (only after 1.) refuses a database or storage that already holds data, then in
 *    ONE transaction creates the schema up to the archive's migration level, copies every table in
 *    with triggers and foreign-key checks off (`session_replication_role = replica` where allowed),
 *    sets the sequences, commits, applies any newer migrations, and writes the files.
 */
export type VerifiedArchive = {
  manifest: Manifest;
  staging: string;
  files: Map<string, string>;
  discard: () => void;
};

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export async function verifyArchive(archive: string, stagingParent = os.tmpdir()): Promise<VerifiedArchive> {
  if (!fs.existsSync(archive)) throw new BackupArchiveError(`There is no backup archive at ${archive}.`);
  const staging = fs.mkdtempSync(path.join(stagingParent, 'stillpoint-restore-'));
  const discard = () => fs.rmSync(staging, { recursive: true, force: true });
  const seen = new Map<string, { bytes: number; sha256: string; staged: string }>();
  let manifestText: string | undefined;
  let open: fs.WriteStream | undefined;
  try {
    const gunzip = zlib.createGunzip();
    const source = fs.createReadStream(archive);
    source.on('error', (error) => gunzip.destroy(error));
    source.pipe(gunzip);
    await readTar(gunzip, async (entry) => {
      if (manifestText !== undefined)
        throw new TarFormatError(`unexpected entry after the manifest: ${entry.name}`);
      if (entry.name === MANIFEST_NAME) {
        if (entry.size > MAX_MANIFEST_BYTES) throw new TarFormatError('the manifest is implausibly large');
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString('utf8');
        return;
      }
      if (seen.has(entry.name)) throw new TarFormatError(`the archive holds ${entry.name} twice`);
      const staged = path.join(staging, String(seen.size));
      const hash = createHash('sha256');
      const out = fs.createWriteStream(staged);
      open = out;
      for await (const chunk of entry.body) {
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(resolve);
      });
      open = undefined;
      seen.set(entry.name, { bytes: entry.size, sha256: hash.digest('hex'), staged });
    });
    if (manifestText === undefined) throw new TarFormatError('the archive has no manifest');
    let manifest: Manifest;
    try {
      manifest = ManifestSchema.parse(JSON.parse(manifestText));
    } catch {
      throw new TarFormatError(
        'the manifest is not a Stillpoint backup manifest of a version this release reads',
      );
    }
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
    for (const object of manifest.objects) {
      if (!isValidObjectKey(object.key))
        throw new TarFormatError(`invalid file name in the archive: ${object.key}`);
    }
    return { manifest, staging, files, discard };
  } catch (error) {
    open?.on('error', () => {}).destroy();
    discard();
    const reason =
      error instanceof TarFormatError
        ? error.message
        : (error as NodeJS.ErrnoException).code?.startsWith('Z_')
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

export async function applyArchive(
  verified: VerifiedArchive,
  target: { databaseUrl: string; storage: Storage },
): Promise<{ tables: number; rows: number; objects: number }> {
  const { manifest, files } = verified;
  const migrations = migrationsUpTo(manifest.migrations);
  const client = new pg.Client({
    connectionString: target.databaseUrl,
    application_name: 'stillpoint-restore',
  });
  await client.connect();
  try {
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
    await client.query('savepoint replica');
    try {
      await client.query('set local session_replication_role = replica');
    } catch {
      // Not a superuser (a managed PostgreSQL): triggers stay on, tables go parents first.
      await client.query('rollback to savepoint replica');
    }
    for (const table of await tablesInDependencyOrder(client, manifest.tables)) {
      const columns = table.columns.map(quoteIdent).join(', ');
      await copyIn(
        client,
        `copy ${qualified(table.schema, table.name)} (${columns}) from stdin`,
        fs.createReadStream(files.get(table.file)!),
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
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
  // Migrations newer than the archive run as on any start.
  await runMigrations(target.databaseUrl);
  for (const object of manifest.objects) {
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

/** Verify, then apply; the staging copy is removed either way. */
export async function restoreBackup(options: {
  archive: string;
  databaseUrl: string;
  storage: Storage;
  stagingParent?: string;
}) {
  // The cheap refusals first: a target that holds data is refused before the archive is read.
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await assertDatabaseEmpty(client);
  } finally {
    await client.end();
  }
  await assertStorageEmpty(options.storage);
  const verified = await verifyArchive(options.archive, options.stagingParent);
  try {
    return await applyArchive(verified, options);
  } finally {
    verified.discard();
  }
}
