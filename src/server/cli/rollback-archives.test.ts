import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../tests/setup/global-database.ts';
import { loadConfig } from '../config.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { createBackup } from '../features/backup/backup.service.ts';
import { restoreBackup } from '../features/backup/restore.service.ts';
import { createLocalStorage } from '../lib/storage/local-storage.ts';
import { UpgradeError, type UpgradeRecord } from './releases.ts';
import { rollbackThroughArchives } from './rollback-archives.ts';

// The parts of a rollback through archives that the round trip in tests/server/upgrade.test.ts
// does not reach: a restore that fails (the site is put back), and a drop that would take
// something of the operator's with it (refused, nothing dropped). The "releases" run their admin
// commands in this process: runAdmin restores with this code.
const { adminUrl, templateName } = inject('testDatabase');
let work: string;
let dataDir: string;
let databaseName: string;
let databaseUrl: string;
let record: UpgradeRecord;

async function query<Row extends pg.QueryResultRow>(text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

const storage = () => createLocalStorage(path.join(dataDir, 'objects'));
const forumSlugs = async () =>
  (await query<{ slug: string }>('select slug from forums order by slug')).map((row) => row.slug);
const storedKeys = async () => {
  const keys: string[] = [];
  for await (const object of storage().list()) keys.push(object.key);
  return keys.sort();
};

beforeEach(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-rollback-archives-'));
  dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  databaseName = `rollback_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName} template ${templateName}`);
  await admin.end();
  databaseUrl = withDatabase(adminUrl, databaseName);
  // Two releases with this checkout's migrations (what rollback reads of them).
  for (const version of ['1.0.0', '1.1.0']) {
    const db = path.join(work, 'releases', version, 'dist/server/db');
    fs.mkdirSync(db, { recursive: true });
    fs.symlinkSync(MIGRATIONS_FOLDER, path.join(db, 'migrations'));
  }
  // The site before the upgrade, backed up; then what the upgraded release wrote.
  await query(`insert into forums (slug, title, description) values ('before', 'Before', 'kept')`);
  await storage().write('images/before.webp', Buffer.from('before'), 'image/webp');
  const backup = path.join(dataDir, 'backups/stillpoint-pre-upgrade.tar.gz');
  await createBackup({ databaseUrl, storage: storage(), file: backup });
  await query(`insert into forums (slug, title, description) values ('after', 'After', 'set aside')`);
  await storage().write('images/after.webp', Buffer.from('after'), 'image/webp');
  record = {
    from: '1.0.0',
    to: '1.1.0',
    at: '2026-11-27T10:00:00.000Z',
    fromRelease: path.join(work, 'releases/1.0.0'),
    toRelease: path.join(work, 'releases/1.1.0'),
    backup,
    schemaBefore: '0020_before',
    schemaAfter: '0021_after',
  };
});

afterEach(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

const rollBack = (runAdmin: (release: string, args: string[], what: string) => Promise<void>) =>
  rollbackThroughArchives({
    record,
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
    currentRelease: record.toRelease,
    setAside: path.join(dataDir, 'rolled-back-test'),
    takeBackup: (file) => createBackup({ databaseUrl, storage: storage(), file }),
    runAdmin,
    log: () => undefined,
  });

describe('rollback through archives', () => {
  it('puts the site back as the upgraded release left it when the restore fails', async () => {
    const calls: string[] = [];
    await expect(
      rollBack(async (release, args, what) => {
        calls.push(`${path.basename(release)} ${args[0]} ${path.basename(args[1]!)}`);
        await restoreBackup({ archive: args[1]!, databaseUrl, storage: storage(), stagingParent: dataDir });
        // The previous release fails after writing everything (as a failing newer migration would).
        if (release === record.fromRelease) throw new UpgradeError(`${what} failed (exit 1).`);
      }),
    ).rejects.toThrow(/The restore failed \(exit 1\)\. The site was put back as it was/);
    expect(calls).toEqual([
      '1.0.0 restore stillpoint-pre-upgrade.tar.gz',
      '1.1.0 restore stillpoint-1.1.0-before-rollback.tar.gz',
    ]);
    expect(await forumSlugs()).toEqual(['after', 'before']);
    expect(await storedKeys()).toEqual(['images/after.webp', 'images/before.webp']);
  });

  it("refuses, dropping nothing, when something of the operator's depends on a table of the app", async () => {
    await query('create schema reports');
    await query('create view reports.forum_names as select slug from public.forums');
    let restored = false;
    await expect(
      rollBack(async () => {
        restored = true;
      }),
    ).rejects.toThrow(
      /nothing was dropped: .* \(view reports\.forum_names depends on table forums\)[\s\S]*unchanged/,
    );
    expect(restored).toBe(false);
    expect(await forumSlugs()).toEqual(['after', 'before']);
    expect(await query('select 1 from drizzle.__drizzle_migrations limit 1')).toHaveLength(1);
    expect(await storedKeys()).toEqual(['images/after.webp', 'images/before.webp']);
    expect(await query('select slug from reports.forum_names')).toHaveLength(2);
  });
});
