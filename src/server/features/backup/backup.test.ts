import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import tarStream from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../../tests/setup/global-database.ts';
import { setUpTestApp, signUp } from '../../../../tests/setup/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { productJobs } from '../../jobs.ts';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import { readAll, type Storage } from '../../lib/storage/storage.ts';
import { seedDemo } from '../../seed/demo.ts';
import { createBackup } from './backup.service.ts';
import { BackupArchiveError, type Manifest, RestoreTimeoutError } from './manifest.ts';
import { RESTORE_STAGING_PREFIX, restoreBackup, verifyArchive } from './restore.service.ts';
import { BACKUP_JOB_NAME, runScheduledBackup } from './scheduled-backup.ts';

const t = setUpTestApp();
let work: string;
const { adminUrl } = inject('testDatabase');
const createdDatabases: string[] = [];

/** An empty database (no tables at all), as an operator would create for a restore. */
async function emptyDatabase(): Promise<string> {
  const name = `restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template template0`);
  await admin.end();
  createdDatabases.push(name);
  return withDatabase(adminUrl, name);
}

type TableRows = Map<string, string[]>;

/** Every row of every table of the public schema as PostgreSQL's row text, sorted. */
async function dumpTables(client: pg.ClientBase): Promise<TableRows> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = 'public' order by 1`,
  );
  const dump: TableRows = new Map();
  for (const { name } of tables) {
    const { rows } = await client.query<{ row: string }>(`select t::text as row from public."${name}" t`);
    dump.set(name, rows.map((r) => r.row).sort());
  }
  return dump;
}

async function fileHashes(storage: Storage): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for await (const object of storage.list()) {
    hashes.set(
      object.key,
      createHash('sha256')
        .update(await readAll(storage, object.key))
        .digest('hex'),
    );
  }
  return hashes;
}

async function countTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')",
  );
  await client.end();
  return rows[0]!.n;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-backup-test-'));
  await seedDemo(t.app);
  await t.app.storage.write('images/extra-file.webp', randomBytes(70_000), 'image/webp');
}, 120_000);

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of createdDatabases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const stagingLeft = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith(RESTORE_STAGING_PREFIX)) : [];

/** A tar.gz with these entries, in this order, written with tar-stream (crafted archives). */
async function writeArchive(file: string, entries: Array<{ name: string; body: Buffer }>) {
  const pack = tarStream.pack();
  for (const entry of entries) pack.entry({ name: entry.name, size: entry.body.length }, entry.body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(chunks)));
}

/** Every entry of a real archive, and its manifest, to build crafted ones from. */
async function readEntries(archive: string, stagingParent: string) {
  const verified = await verifyArchive(archive, stagingParent);
  try {
    const entries = [...verified.files].map(([name, staged]) => ({ name, body: fs.readFileSync(staged) }));
    return { entries, manifest: verified.manifest };
  } finally {
    verified.discard();
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('backup and restore', () => {
  let archive: string;
  let atSnapshot: TableRows;
  let filesBefore: Map<string, string>;
  let restoredDump: TableRows;

  it('takes a consistent snapshot while members keep signing up, and restores it exactly', async () => {
    // The push key pair lives in the database: made now, it must come back with the restore.
    const publicKey = await t.app.push.getPublicKey();
    filesBefore = await fileHashes(t.app.storage);
    expect(filesBefore.size).toBeGreaterThan(3);

    // Writes keep arriving during the whole backup: new accounts (users, accounts, sessions).
    let writing = true;
    let signUps = 0;
    const writer = (async () => {
      while (writing) {
        const { response } = await signUp(t.app);
        expect(response.statusCode).toBe(200);
        signUps += 1;
      }
    })();

    archive = path.join(work, 'site.tar.gz');
    const result = await createBackup({
      databaseUrl: t.databaseUrl,
      storage: t.app.storage,
      file: archive,
      onSnapshot: async (snapshotId) => {
        // What the database held at the backup's instant, read through the same snapshot.
        const reader = new pg.Client({ connectionString: t.databaseUrl });
        await reader.connect();
        await reader.query('begin isolation level repeatable read, read only');
        await reader.query(`set transaction snapshot '${snapshotId}'`);
        atSnapshot = await dumpTables(reader);
        await reader.query('commit');
        await reader.end();
        // Let some sign-ups land after the snapshot, before the tables are copied.
        const until = signUps + 3;
        while (signUps < until) await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    writing = false;
    await writer;
    expect(signUps).toBeGreaterThan(3);
    expect(result.objects).toBe(filesBefore.size);
    expect(result.bytes).toBe(fs.statSync(archive).size);
    expect(fs.readdirSync(work)).toEqual(['site.tar.gz']);

    // The live database moved on; the archive holds the snapshot, not the later rows.
    const live = new pg.Client({ connectionString: t.databaseUrl });
    await live.connect();
    const liveUsers = (await dumpTables(live)).get('users')!;
    await live.end();
    expect(liveUsers.length).toBeGreaterThan(atSnapshot.get('users')!.length);

    const targetUrl = await emptyDatabase();
    const targetStorage = createLocalStorage(path.join(work, 'restored-objects'));
    const restored = await restoreBackup({
      archive,
      databaseUrl: targetUrl,
      storage: targetStorage,
      stagingParent: work,
    });
    expect(restored.objects).toBe(filesBefore.size);

    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    const after = await dumpTables(client);
    restoredDump = after;
    const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    expect([...after.keys()]).toEqual([...atSnapshot.keys()]);
    for (const [table, rows] of atSnapshot) expect(after.get(table), table).toEqual(rows);
    expect(atSnapshot.get('content_items')!.length).toBeGreaterThan(0);
    expect(migrations.rows[0]!.n).toBeGreaterThan(0);
    expect(await fileHashes(targetStorage)).toEqual(filesBefore);
    // Staged under the folder it was given, and gone afterwards.
    expect(stagingLeft(work)).toEqual([]);

    // The restored site (a new DATA_DIR) signs pushes with the same pair: subscriptions survive.
    const restoredSite = await buildApp({
      config: { ...t.config, dataDir: fs.mkdtempSync(path.join(work, 'restored-data-')) },
      databaseUrl: targetUrl,
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    try {
      const served = await restoredSite.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(served.json()).toEqual({ publicKey });
    } finally {
      await restoredSite.close();
    }
  }, 120_000);

  it('writes the archive for its owner only (0600), whatever the umask', async () => {
    const previous = process.umask(0o022);
    try {
      expect(modeOf(archive)).toBe(0o600);
      const dir = path.join(work, 'scheduled-mode');
      const scheduled = await runScheduledBackup({
        databaseUrl: t.databaseUrl,
        storage: t.app.storage,
        dir,
        keep: 3,
      });
      expect(modeOf(scheduled.file)).toBe(0o600);
      // The archive's entries are marked owner-only too, so `tar -x` keeps the rows private.
      const listing = execFileSync('tar', ['-tvzf', scheduled.file], { encoding: 'utf8' });
      expect(
        listing
          .split('\n')
          .filter(Boolean)
          .every((line) => line.startsWith('-rw-------')),
      ).toBe(true);
    } finally {
      process.umask(previous);
    }
  }, 60_000);

  it('restores an archive unpacked and packed again by GNU tar', async () => {
    const unpacked = fs.mkdtempSync(path.join(work, 'gnu-'));
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const repacked = path.join(work, 'repacked-by-gnu-tar.tar.gz');
    // GNU tar adds directory entries and orders entries as the folder lists them.
    execFileSync('tar', ['-czf', repacked, '-C', unpacked, 'stillpoint-backup']);
    expect(execFileSync('tar', ['-tzf', repacked], { encoding: 'utf8' })).toContain('stillpoint-backup/\n');
    const targetUrl = await emptyDatabase();
    const targetStorage = createLocalStorage(path.join(work, 'gnu-restored-objects'));
    await restoreBackup({
      archive: repacked,
      databaseUrl: targetUrl,
      storage: targetStorage,
      stagingParent: work,
    });
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    const after = await dumpTables(client);
    await client.end();
    for (const [table, rows] of restoredDump) expect(after.get(table), table).toEqual(rows);
    expect(await fileHashes(targetStorage)).toEqual(filesBefore);
  }, 120_000);

  it('leaves live password-reset and verification tokens out of the archive', async () => {
    const token = `reset-token-${randomBytes(8).toString('hex')}`;
    await t.app.database.db.execute(
      sql`insert into verifications (identifier, value, expires_at) values (${`reset-password:${token}`}, ${token}, now() + interval '1 hour')`,
    );
    const file = path.join(work, 'without-tokens.tar.gz');
    await createBackup({ databaseUrl: t.databaseUrl, storage: t.app.storage, file });
    const { entries, manifest } = await readEntries(file, work);
    expect(manifest.tables.find((table) => table.name === 'verifications')?.rows).toBe(0);
    expect(entries.some((entry) => entry.body.includes(token))).toBe(false);
    expect(
      execFileSync('sh', ['-c', `gzip -dc '${file}' | grep -c '${token}' || true`], {
        encoding: 'utf8',
      }).trim(),
    ).toBe('0');

    // An archive of an earlier release that still carries a token: the restore leaves it out.
    const carried = manifest.tables.find((table) => table.name === 'verifications')!;
    const row = carried.columns
      .map(
        (column) =>
          ({
            id: randomUUID(),
            identifier: `reset-password:${token}`,
            value: token,
          })[column] ?? '2031-01-01 00:00:00+00',
      )
      .join('\t');
    const body = Buffer.from(`${row}\n`);
    const older: Manifest = {
      ...manifest,
      tables: manifest.tables.map((table) =>
        table === carried ? { ...table, rows: 1, bytes: body.length, sha256: sha256(body) } : table,
      ),
    };
    const olderFile = path.join(work, 'older-with-token.tar.gz');
    await writeArchive(olderFile, [
      ...entries.map((entry) => (entry.name === carried.file ? { name: entry.name, body } : entry)),
      { name: 'stillpoint-backup/manifest.json', body: Buffer.from(JSON.stringify(older)) },
    ]);
    const targetUrl = await emptyDatabase();
    await restoreBackup({
      archive: olderFile,
      databaseUrl: targetUrl,
      storage: createLocalStorage(path.join(work, 'older-objects')),
      stagingParent: work,
    });
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    const restored = await client.query('select count(*)::int as n from verifications');
    const users = await client.query('select count(*)::int as n from users');
    await client.end();
    expect(restored.rows[0].n).toBe(0);
    expect(users.rows[0].n).toBeGreaterThan(0);
  }, 60_000);

  it.each([
    [
      'a table outside the backed-up schemas',
      { schema: 'pg_catalog', name: 'pg_authid' },
      /outside the backed-up schemas/,
    ],
    [
      'a table the schema does not have',
      { schema: 'public', name: 'planted' },
      /does not have \(public\.planted\)/,
    ],
    [
      "drizzle's own bookkeeping",
      { schema: 'drizzle', name: '__drizzle_migrations' },
      /outside the backed-up schemas/,
    ],
  ])(
    'refuses a crafted manifest naming %s, and changes nothing',
    async (_, table, message) => {
      const { entries, manifest } = await readEntries(archive, work);
      const body = Buffer.from('x\n');
      const file = `stillpoint-backup/database/${table.schema}.${table.name}.copy`;
      const crafted: Manifest = {
        ...manifest,
        tables: [
          ...manifest.tables,
          { ...table, columns: ['rolname'], rows: 1, file, bytes: body.length, sha256: sha256(body) },
        ],
      };
      const craftedFile = path.join(work, `crafted-${randomBytes(3).toString('hex')}.tar.gz`);
      await writeArchive(craftedFile, [
        ...entries,
        { name: file, body },
        { name: 'stillpoint-backup/manifest.json', body: Buffer.from(JSON.stringify(crafted)) },
      ]);
      const targetUrl = await emptyDatabase();
      const objectsDir = path.join(work, `objects-${randomBytes(3).toString('hex')}`);
      const error = await restoreBackup({
        archive: craftedFile,
        databaseUrl: targetUrl,
        storage: createLocalStorage(objectsDir),
        stagingParent: work,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupArchiveError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/Nothing was changed/);
      expect(await countTables(targetUrl)).toBe(0);
      expect(fs.existsSync(objectsDir)).toBe(false);
      expect(stagingLeft(work)).toEqual([]);
    },
    60_000,
  );

  it('ends a restore whose archive stops arriving within its time limit, with a clear message', async () => {
    // A named pipe fed half an archive and never closed: a stalled network mount or `ssh ... |`.
    // Before the time limit, this restore waited forever.
    const fifo = path.join(work, 'stalled.tar.gz');
    execFileSync('mkfifo', [fifo]);
    const dataDir = path.join(work, 'stalled-data');
    const targetUrl = await emptyDatabase();
    const restoring = restoreBackup({
      archive: fifo,
      databaseUrl: targetUrl,
      storage: createLocalStorage(path.join(dataDir, 'objects')),
      stagingParent: dataDir,
      timeoutMs: 1500,
    }).catch((e: unknown) => e);
    const writer = await fs.promises.open(fifo, 'w');
    try {
      const bytes = fs.readFileSync(archive);
      await writer.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      // Staged under the target's DATA_DIR while it runs.
      expect(stagingLeft(dataDir)).toHaveLength(1);
      const error = await restoring;
      expect(error).toBeInstanceOf(RestoreTimeoutError);
      expect((error as Error).message).toMatch(
        /did not finish within its time limit \(2 s\) while reading .+\. Nothing was changed\./,
      );
      expect(await countTables(targetUrl)).toBe(0);
      expect(stagingLeft(dataDir)).toEqual([]);
    } finally {
      await writer.close();
    }
  }, 60_000);

  it('refuses a database that already holds data, and changes nothing', async () => {
    const storage = createLocalStorage(path.join(work, 'unused-objects'));
    await expect(
      restoreBackup({ archive, databaseUrl: t.databaseUrl, storage, stagingParent: work }),
    ).rejects.toThrow(/already holds tables/);
    expect(fs.existsSync(path.join(work, 'unused-objects'))).toBe(false);
  });

  it.each([
    ['cut short', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6))],
    [
      'with one flipped byte',
      (bytes: Buffer) => {
        const copy = Buffer.from(bytes);
        const at = Math.floor(copy.length / 2);
        copy[at] = copy[at]! ^ 0x20;
        return copy;
      },
    ],
  ])('refuses an archive %s with a clear message and leaves the target untouched', async (_, damage) => {
    const damaged = path.join(work, `damaged-${randomBytes(3).toString('hex')}.tar.gz`);
    fs.writeFileSync(damaged, damage(fs.readFileSync(archive)));
    const targetUrl = await emptyDatabase();
    const objectsDir = path.join(work, `objects-${randomBytes(3).toString('hex')}`);
    const error = await restoreBackup({
      archive: damaged,
      databaseUrl: targetUrl,
      storage: createLocalStorage(objectsDir),
      stagingParent: work,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupArchiveError);
    expect((error as Error).message).toMatch(/cannot be restored: .+\. Nothing was changed/);
    expect(await countTables(targetUrl)).toBe(0);
    expect(fs.existsSync(objectsDir)).toBe(false);
  });
});

describe('scheduled backups', () => {
  it('are off unless BACKUP_SCHEDULE is set', () => {
    const names = (env: Record<string, string>) =>
      productJobs(t.app, {
        config: loadConfig({ NODE_ENV: 'test', ...env }),
        databaseUrl: t.databaseUrl,
      }).map((job) => job.name);
    expect(names({})).not.toContain(BACKUP_JOB_NAME);
    expect(names({ BACKUP_SCHEDULE: '15 3 * * *' })).toContain(BACKUP_JOB_NAME);
  });

  it('refuse a backup bucket that is the uploads bucket', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'site', S3_REGION: 'eu-west-1', BACKUP_S3_BUCKET: 'site' }),
    ).toThrow(/BACKUP_S3_BUCKET must be another bucket/);
    expect(
      loadConfig({ NODE_ENV: 'test', S3_REGION: 'eu-west-1', BACKUP_S3_BUCKET: 'archives' }).backups.s3
        ?.bucket,
    ).toBe('archives');
  });

  it('keep only the newest BACKUP_KEEP archives and leave other files alone', async () => {
    const dir = path.join(work, 'scheduled');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    for (const day of [1, 2, 3]) {
      await runScheduledBackup({
        databaseUrl: t.databaseUrl,
        storage: t.app.storage,
        dir,
        keep: 2,
        now: new Date(`2031-01-0${day}T03:15:00Z`),
      });
    }
    expect(fs.readdirSync(dir).sort()).toEqual([
      'notes.txt',
      'stillpoint-20310102-031500.tar.gz',
      'stillpoint-20310103-031500.tar.gz',
    ]);
  }, 60_000);
});
