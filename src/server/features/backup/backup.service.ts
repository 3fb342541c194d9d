import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Storage } from '../../lib/storage/storage.ts';
import { createTarWriter, type TarWriter } from '../../lib/tar.ts';
import {
  ARCHIVE_FILE_MODE,
  BACKED_UP_SCHEMAS,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_NAME,
  type Manifest,
  objectFileName,
  qualified,
  quoteIdent,
  TABLES_WITHOUT_ROWS,
  tableFileName,
} from './manifest.ts';

/**
 * One archive (tar + gzip) holding a consistent snapshot of the database and every stored file,
 * taken while the site runs (docs/decisions/020-backup-archive.md):
 * - every table of the product's schema is copied with `COPY ... TO STDOUT` inside ONE
 *   REPEATABLE READ, READ ONLY transaction, so all tables show the same instant whatever is being
 *   written meanwhile; each copy's line count is checked against `count(*)` in that snapshot;
 * - the stored files are read after the snapshot (a file referenced by a row is written before
 *   the row, and files are replaced only by an atomic rename), each with its SHA-256;
 * - the manifest, last, lists every entry with its size and SHA-256 and the migration level.
 * The archive is written under a temporary name and renamed when complete; it holds password
 * hashes and session tokens, so the file and its staging copies are the owner's only (0600).
 * The rows of TABLES_WITHOUT_ROWS (live one-time tokens) are left out.
 */
export type BackupResult = {
  file: string;
  bytes: number;
  milliseconds: number;
  tables: number;
  rows: number;
  objects: number;
};

/** Session settings for both directions, so the text of every value reads back identically. */
export const COPY_SESSION_SETTINGS = [
  "set local DateStyle = 'ISO, YMD'",
  "set local IntervalStyle = 'postgres'",
  "set local TimeZone = 'UTC'",
  'set local extra_float_digits = 3',
  "set local client_encoding = 'UTF8'",
];

type TableInfo = { schema: string; name: string; columns: string[] };

async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind = 'r' and n.nspname = any($1)
      group by n.nspname, c.relname
      order by n.nspname, c.relname`,
    [BACKED_UP_SCHEMAS],
  );
  return rows;
}

async function readMigrationLevel(client: pg.ClientBase): Promise<Manifest['migrations']> {
  const exists = await client.query(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists.rows[0]?.found) return { count: 0, lastCreatedAt: null };
  const { rows } = await client.query<{ count: string; last: string | null }>(
    'select count(*)::text as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  return { count: Number(rows[0]!.count), lastCreatedAt: rows[0]!.last };
}

async function readSequences(client: pg.ClientBase): Promise<Manifest['sequences']> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = any($1) order by 1, 2`,
    [BACKED_UP_SCHEMAS],
  );
  const sequences: Manifest['sequences'] = [];
  for (const sequence of rows) {
    const state = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(sequence.schema, sequence.name)}`,
    );
    sequences.push({ ...sequence, lastValue: state.rows[0]!.last_value, isCalled: state.rows[0]!.is_called });
  }
  return sequences;
}

/** Copies one table into a staging file; returns its size, hash and line (row) count. */
async function copyTableToFile(client: pg.ClientBase, table: TableInfo, file: string) {
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  const columns = table.columns.map(quoteIdent).join(', ');
  const source = TABLES_WITHOUT_ROWS.includes(table.name)
    ? `(select ${columns} from ${qualified(table.schema, table.name)} where false)`
    : `${qualified(table.schema, table.name)} (${columns})`;
  const copy = client.query(copyTo(`copy ${source} to stdout`));
  await pipeline(
    copy,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        // COPY's text format escapes newlines inside values, so each row is exactly one line.
        for (const byte of chunk) if (byte === 10) lines += 1;
        yield chunk;
      }
    },
    fs.createWriteStream(file, { mode: ARCHIVE_FILE_MODE }),
  );
  return { bytes, lines, sha256: hash.digest('hex') };
}

export async function createBackup(options: {
  databaseUrl: string;
  storage: Storage;
  file: string;
  /** Called with the exported snapshot id once the database snapshot is fixed (tests compare with it). */
  onSnapshot?: (snapshotId: string) => Promise<void>;
}): Promise<BackupResult> {
  const started = Date.now();
  const target = path.resolve(options.file);
  // A folder made here is the owner's only, like the archives it will hold.
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.stillpoint-backup-')); // 0700
  const partial = `${target}.${process.pid}.part`;
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: 'stillpoint-backup',
  });
  let tar: TarWriter | undefined;
  try {
    await client.connect();
    await client.query('begin isolation level repeatable read, read only');
    for (const setting of COPY_SESSION_SETTINGS) await client.query(setting);
    const snapshot = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    await options.onSnapshot?.(snapshot.rows[0]!.id);

    const version = await client.query<{ v: string }>("select current_setting('server_version') as v");
    const migrations = await readMigrationLevel(client);
    const tables: Manifest['tables'] = [];
    const tableInfos = await listTables(client);
    for (const [index, table] of tableInfos.entries()) {
      const counted = TABLES_WITHOUT_ROWS.includes(table.name)
        ? { rows: [{ n: '0' }] }
        : await client.query<{ n: string }>(
            `select count(*)::text as n from ${qualified(table.schema, table.name)}`,
          );
      const rows = Number(counted.rows[0]!.n);
      const copied = await copyTableToFile(client, table, path.join(staging, `${index}.copy`));
      if (copied.lines !== rows) {
        throw new Error(`table ${table.name}: copied ${copied.lines} rows, the snapshot holds ${rows}`);
      }
      tables.push({
        ...table,
        rows,
        file: tableFileName(table.schema, table.name),
        bytes: copied.bytes,
        sha256: copied.sha256,
      });
    }
    const sequences = await readSequences(client);
    await client.query('commit');

    tar = createTarWriter();
    const written = pipeline(
      tar.stream,
      zlib.createGzip({ level: 6 }),
      // Created 0600 (whatever the umask): the archive holds password hashes and session tokens.
      fs.createWriteStream(partial, { mode: ARCHIVE_FILE_MODE }),
    );
    written.catch(() => {}); // awaited below; observed here so an early failure is not "unhandled"
    for (const [index, table] of tables.entries()) {
      await tar.add(table.file, table.bytes, fs.createReadStream(path.join(staging, `${index}.copy`)));
    }
    const objects: Manifest['objects'] = [];
    for await (const object of options.storage.list()) {
      const hash = createHash('sha256');
      const body = await options.storage.read(object.key).catch((error: NodeJS.ErrnoException) => {
        // Deleted since it was listed (an abandoned upload being cleaned up): nothing to keep.
        if (error.code === 'ENOENT' || error.name === 'NoSuchKey') return null;
        throw error;
      });
      if (!body) continue;
      const hashed = (async function* () {
        for await (const chunk of body) {
          hash.update(chunk);
          yield chunk as Buffer;
        }
      })();
      const file = objectFileName(object.key);
      await tar.add(file, object.size, hashed);
      objects.push({ key: object.key, file, bytes: object.size, sha256: hash.digest('hex') });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      postgresVersion: version.rows[0]!.v,
      migrations,
      tables,
      sequences,
      objects,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add(MANIFEST_NAME, manifestBytes.length, manifestBytes);
    tar.finish();
    await written;
    fs.chmodSync(partial, ARCHIVE_FILE_MODE); // in case a file of that name was left with another mode
    fs.renameSync(partial, target);
    return {
      file: target,
      bytes: fs.statSync(target).size,
      milliseconds: Date.now() - started,
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      objects: objects.length,
    };
  } catch (error) {
    tar?.stream.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
