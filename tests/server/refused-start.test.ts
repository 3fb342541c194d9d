import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * What the configuration refuses stops the real start, before anything runs: a cron pg-boss could
 * not run (it would fail every job, forever, while health said ok), production without PUBLIC_URL
 * (every browser write refused), and TRUST_PROXY=true (clients choose their own address).
 */
const root = path.resolve(import.meta.dirname, '../..');

it('the server refuses to start with a bad cron, no PUBLIC_URL in production and TRUST_PROXY=true, listing all three', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-refused-'));
  try {
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        AUTH_SECRET: 'a'.repeat(40),
        ALLOW_TEST_CHECKOUT: 'true',
        DATA_DIR: dataDir,
        BACKUP_SCHEDULE: '99 3 * * *',
        TRUST_PROXY: 'true',
      },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Stillpoint cannot start, the configuration has problems:');
    expect(result.stderr).toMatch(/BACKUP_SCHEDULE "99 3 \* \* \*" is not a valid cron expression/);
    expect(result.stderr).toMatch(/TRUST_PROXY=true would believe an X-Forwarded-For header/);
    expect(result.stderr).toMatch(/PUBLIC_URL is required in production/);
    // Refused before anything ran: no database was made in DATA_DIR.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
