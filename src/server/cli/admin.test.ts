import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../tests/setup/global-database.ts';
import { setUpTestApp, signUp } from '../../../tests/setup/test-app.ts';

/** `npm run admin -- backup|restore` as an operator runs it, against DATABASE_URL. */
const execFileAsync = promisify(execFile);
const { adminUrl } = inject('testDatabase');

const t = setUpTestApp();
let work: string;
let emptyName: string;

async function admin(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/admin.ts', ...args],
      { env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-cli-'));
  await signUp(t.app, { email: 'kept@example.test' });
  await t.app.storage.write('images/kept.webp', randomBytes(2048), 'image/webp');
  emptyName = `cli_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${emptyName} template template0`);
  await client.end();
});

afterAll(async () => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${emptyName} with (force)`);
  await client.end();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run admin -- backup / restore', () => {
  it('backs up the site and restores it into an empty database and storage', async () => {
    const archive = path.join(work, 'site.tar.gz');
    const backup = await admin(['backup', archive], {
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.config.dataDir,
    });
    expect(backup.output).toMatch(/Backup written: .*site\.tar\.gz \(.* MB, \d+ tables, \d+ rows, 1 files/);
    expect(backup.code).toBe(0);

    const again = await admin(['backup', archive], {
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.config.dataDir,
    });
    expect(again.code).toBe(1);
    expect(again.output).toContain('already exists');

    const target = { DATABASE_URL: withDatabase(adminUrl, emptyName), DATA_DIR: path.join(work, 'restored') };
    const restored = await admin(['restore', archive], target);
    expect(restored.output).toMatch(/Restored \d+ tables \(\d+ rows\) and 1 files\./);
    expect(restored.code).toBe(0);
    expect(fs.existsSync(path.join(work, 'restored', 'objects', 'images', 'kept.webp'))).toBe(true);
    const client = new pg.Client({ connectionString: target.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query("select email from users where email = 'kept@example.test'");
    await client.end();
    expect(rows).toHaveLength(1);

    const twice = await admin(['restore', archive], target);
    expect(twice.code).toBe(1);
    expect(twice.output).toContain('already holds tables');
  }, 90_000);

  it('prints the usage for an unknown command', async () => {
    const result = await admin(['dump'], {});
    expect(result.code).toBe(2);
    expect(result.output).toContain('npm run admin -- backup [FILE]');
  });
});

describe('npm run admin -- suspend / unsuspend', () => {
  it('suspends an account (its sessions end, audit logged) and lifts it; refuses a missing reason', async () => {
    const member = await signUp(t.app, { email: 'paused@example.test' });
    const env = { DATABASE_URL: t.databaseUrl };
    const noReason = await admin(['suspend', 'paused@example.test', '7'], env);
    expect(noReason.code).toBe(2);
    const suspended = await admin(['suspend', 'paused@example.test', '7', 'Spam', 'links'], env);
    expect(suspended.output).toContain('paused@example.test is suspended until');
    expect(suspended.code).toBe(0);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: member.cookie },
    });
    expect(me.statusCode).toBe(401);
    const { rows } = await t.app.database.pool.query(
      `select action, reason from moderation_audit_log where action in ('suspend', 'unsuspend') order by created_at`,
    );
    expect(rows).toEqual([{ action: 'suspend', reason: 'Spam links' }]);
    const lifted = await admin(['unsuspend', 'paused@example.test'], env);
    expect(lifted.code).toBe(0);
    expect(lifted.output).toContain('paused@example.test can sign in again.');
  }, 90_000);
});
