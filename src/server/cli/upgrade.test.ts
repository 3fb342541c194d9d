import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { writeUpgrades } from './releases.ts';
import { rollback } from './upgrade.ts';

// The refusals of `rollback` that need no database; the round trip itself is
// tests/server/upgrade.test.ts.
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

const run = (env: Record<string, string>) =>
  rollback({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }),
    codeRoot: path.join(work, 'site/current'),
    log: () => undefined,
  });

describe('rollback refuses, changing nothing', () => {
  it('with an external database when the schema moved, and says what to do by hand', async () => {
    await expect(run({ DATABASE_URL: 'postgres://stillpoint@127.0.0.1:1/none' })).rejects.toThrow(
      /cannot move this site's database \(DATABASE_URL\) aside[\s\S]*npm run admin -- restore .*pre-upgrade\.tar\.gz[\s\S]*ln -sfn releases\/1\.0\.0/,
    );
    expect(fs.readlinkSync(path.join(work, 'site/current'))).toBe('releases/1.1.0');
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
        log: () => undefined,
      }),
    ).rejects.toThrow(/DATA_DIR .* is inside a release folder/);
  });
});
