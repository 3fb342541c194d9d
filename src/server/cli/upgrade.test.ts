import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../tests/setup/global-database.ts';
import { loadConfig } from '../config.ts';
import { type UpgradeRecord, writeUpgrades } from './releases.ts';
import { prunePreUpgradeBackups, rollback, UPGRADE_BACKUPS_KEPT } from './upgrade.ts';

// The refusals of `rollback` and the pruning of pre-upgrade backups; the round trips themselves
// are tests/server/upgrade.test.ts.
const { adminUrl } = inject('testDatabase');
let work: string;
let dataDir: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-rollback-'));
  dataDir = path.join(work, 'data');
  for (const version of ['1.0.0', '1.1.0']) {
    const release = path.join(work, 'site/releases', version);
    fs.mkdirSync(release, { recursive: true });
    fs.writeFileSync(path.join(release, 'package.json'), JSON.stringify({ name: 'stillpoint', version }));
  }
  fs.symlinkSync('releases/1.1.0', path.join(work, 'site/current'));
  fs.mkdirSync(dataDir);
  writeUpgrades(dataDir, [
    {
      from: '1.0.0',
      to: '1.1.0',
      at: '2026-11-27T10:00:00.000Z',
      fromRelease: fs.realpathSync(path.join(work, 'site/releases/1.0.0')),
      toRelease: fs.realpathSync(path.join(work, 'site/releases/1.1.0')),
      backup: path.join(dataDir, 'backups/pre-upgrade.tar.gz'),
      schemaBefore: '0020_before',
      schemaAfter: '0021_after',
    },
  ]);
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

const noBackup = () => Promise.reject(new Error('no backup in these tests'));
const run = (env: Record<string, string>) =>
  rollback({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }),
    codeRoot: path.join(work, 'site/current'),
    takeBackup: noBackup,
    log: () => undefined,
  });

describe('rollback refuses, changing nothing', () => {
  it('with an external database that another client (the running service) still uses', async () => {
    const name = `rollback_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = withDatabase(adminUrl, name);
    const service = new pg.Client({ connectionString: databaseUrl, application_name: 'stillpoint-app' });
    await service.connect();
    try {
      fs.mkdirSync(path.join(dataDir, 'backups'));
      fs.writeFileSync(path.join(dataDir, 'backups/pre-upgrade.tar.gz'), 'not read before the check');
      await expect(run({ DATABASE_URL: databaseUrl })).rejects.toThrow(
        /1 other connection\(s\) use the database: pid \d+ stillpoint-app .*Stop the service/,
      );
      expect(fs.readlinkSync(path.join(work, 'site/current'))).toBe('releases/1.1.0');
      expect(fs.readdirSync(dataDir).filter((entry) => entry.startsWith('rolled-back-'))).toEqual([]);
    } finally {
      await service.end();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  });

  it('when the pre-upgrade backup is gone', async () => {
    await expect(run({})).rejects.toThrow(/pre-upgrade backup .* is gone/);
    expect(fs.readlinkSync(path.join(work, 'site/current'))).toBe('releases/1.1.0');
  });

  it('when DATA_DIR lies inside a release folder', async () => {
    await expect(
      rollback({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(work, 'site/current/data') }),
        codeRoot: path.join(work, 'site/current'),
        takeBackup: noBackup,
        log: () => undefined,
      }),
    ).rejects.toThrow(/DATA_DIR .* is inside a release folder/);
  });
});

describe('pre-upgrade backups are pruned after an upgrade', () => {
  it('keeps the newest three and those an upgrade that can still be rolled back needs', () => {
    const backups = path.join(dataDir, 'backups');
    fs.mkdirSync(backups);
    const archive = (day: number) =>
      path.join(backups, `stillpoint-pre-upgrade-1.0.0-to-1.1.0-2026110${day}-120000.tar.gz`);
    for (let day = 1; day <= 6; day++) fs.writeFileSync(archive(day), '');
    const scheduled = path.join(backups, 'stillpoint-20261101-030000.tar.gz');
    fs.writeFileSync(scheduled, '');
    const record = (day: number, fromRelease: string, rolledBack = false): UpgradeRecord => ({
      from: '1.0.0',
      to: '1.1.0',
      at: `2026-11-0${day}T12:00:00.000Z`,
      fromRelease: path.join(work, 'site/releases', fromRelease),
      toRelease: path.join(work, 'site/releases/1.1.0'),
      backup: archive(day),
      schemaBefore: '0020_before',
      schemaAfter: '0021_after',
      ...(rolledBack ? { rolledBackAt: `2026-11-0${day}T13:00:00.000Z` } : {}),
    });
    const lines: string[] = [];
    prunePreUpgradeBackups(
      backups,
      [
        record(1, '0.9.0'), // its previous release is gone: it can no longer be rolled back
        record(2, '1.0.0', true), // rolled back already
        record(3, '1.0.0'), // can still be rolled back: kept though older than the newest three
        record(4, '1.0.0', true),
        record(5, '1.0.0', true),
        record(6, '1.0.0'),
      ],
      (line) => lines.push(line),
    );
    expect(UPGRADE_BACKUPS_KEPT).toBe(3);
    expect(fs.readdirSync(backups).sort()).toEqual(
      [archive(3), archive(4), archive(5), archive(6), scheduled].map((file) => path.basename(file)).sort(),
    );
    expect(lines).toEqual([
      `removing the old pre-upgrade backup ${archive(2)} (the newest 3 stay)…`,
      `removing the old pre-upgrade backup ${archive(1)} (the newest 3 stay)…`,
    ]);
  });
});
