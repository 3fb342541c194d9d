import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../tests/setup/global-database.ts';
import { setUpTestApp } from '../../../tests/setup/test-app.ts';
import { type Finding, formatFindings, runDoctor } from './doctor.ts';

/** `npm run admin -- doctor`: each finding, with a real database, SMTP server and S3 server. */
const { adminUrl } = inject('testDatabase');
const t = setUpTestApp();
const CORS_BUCKET = 'with-cors';
const BARE_BUCKET = 'without-cors';
const CORS_XML = `<CORSConfiguration><CORSRule><AllowedOrigin>https://calm.example</AllowedOrigin>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader>
</CORSRule></CORSConfiguration>`;

let work: string;
let dataDir: string;
let emptyDatabase: string;
let smtp: SMTPServer;
let smtpPort: number;
let s3rver: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-doctor-'));
  dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir, { mode: 0o750 });
  fs.chmodSync(dataDir, 0o750);
  fs.writeFileSync(path.join(dataDir, 'vapid.json'), JSON.stringify({ publicKey: 'p', privateKey: 'k' }), {
    mode: 0o600,
  });
  emptyDatabase = `doctor_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${emptyDatabase} template template0`);
  await client.end();

  smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'] });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [
      { name: CORS_BUCKET, configs: [CORS_XML] },
      { name: BARE_BUCKET, configs: [] },
    ],
  });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await s3rver?.close();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${emptyDatabase} with (force)`);
  await client.end();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A healthy site's environment; each test changes what it is about. */
const site = (env: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: t.databaseUrl,
  PUBLIC_URL: 'https://calm.example',
  TRUST_PROXY: '1',
  ...env,
});
const problems = (findings: Finding[]) => findings.filter((finding) => finding.level === 'problem');
const byCheck = (findings: Finding[], check: string) => findings.filter((finding) => finding.check === check);

describe('npm run admin -- doctor', () => {
  it('finds nothing wrong with a healthy site: every check ok', async () => {
    const findings = await runDoctor(site());
    expect(problems(findings)).toEqual([]);
    expect(findings.filter((finding) => finding.level === 'warning')).toEqual([]);
    expect(findings.map((finding) => finding.check)).toEqual([
      'node',
      'configuration',
      'data-dir',
      'public-url',
      'disk',
      'database',
      'push',
    ]);
    expect(byCheck(findings, 'database')[0]?.message).toMatch(/^reachable, all \d+ migrations applied$/);
    expect(formatFindings(findings)).toMatch(/No problems\.$/);
  });

  it('finds the push keys where every instance reads them: the database, before an old vapid.json', async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('delete from push_keys');
      // Only the older release's file: the next start moves it into the database.
      expect(byCheck(await runDoctor(site()), 'push')[0]).toMatchObject({
        level: 'ok',
        message: 'push keys in DATA_DIR/vapid.json: the next start moves them into the database',
      });
      await client.query("insert into push_keys (id, public_key, private_key) values (1, 'p', 'k')");
      expect(byCheck(await runDoctor(site()), 'push')[0]).toMatchObject({
        level: 'ok',
        message: 'push keys in the database, the same for every instance',
      });
    } finally {
      await client.end();
    }
  });

  it('judges the Node version against 22.12', async () => {
    for (const [version, level] of [
      ['20.19.0', 'problem'],
      ['22.11.0', 'problem'],
      ['22.12.0', 'ok'],
      ['24.1.0', 'ok'],
      ['26.0.0', 'ok'],
    ] as const) {
      const [node] = await runDoctor(site(), { nodeVersion: version });
      expect(node?.level, version).toBe(level);
    }
  });

  it('lists every configuration problem at once, and still checks the data folder', async () => {
    const open = path.join(work, 'open');
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o777);
    const findings = await runDoctor({
      NODE_ENV: 'production',
      DATA_DIR: open,
      BACKUP_SCHEDULE: '99 3 * * *',
      TRUST_PROXY: 'true',
    });
    const messages = problems(findings).map((finding) => finding.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/BACKUP_SCHEDULE "99 3 \* \* \*" is not a valid cron expression/),
        expect.stringMatching(/TRUST_PROXY=true would believe/),
        expect.stringMatching(/PUBLIC_URL is required in production/),
        expect.stringMatching(/AUTH_SECRET is required in production/),
        `DATA_DIR ${open} is writable by every user (mode 777)`,
      ]),
    );
    for (const finding of problems(findings)) expect(finding.fix, finding.message).toBeTruthy();
  });

  it('finds secrets readable by others in DATA_DIR', async () => {
    const leaky = path.join(work, 'leaky');
    fs.mkdirSync(leaky, { mode: 0o750 });
    fs.writeFileSync(path.join(leaky, 'secrets.json'), '{}', { mode: 0o644 });
    fs.chmodSync(path.join(leaky, 'secrets.json'), 0o644);
    const [finding] = problems(await runDoctor(site({ DATA_DIR: leaky })));
    expect(finding).toMatchObject({
      check: 'data-dir',
      message: `${path.join(leaky, 'secrets.json')} holds secrets and is readable by others (mode 644)`,
      fix: `chmod 600 ${path.join(leaky, 'secrets.json')}`,
    });
  });

  it('wants https in production, and hints at TRUST_PROXY behind a TLS proxy', async () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), ALLOW_TEST_CHECKOUT: 'true' };
    const plain = await runDoctor(site({ ...production, PUBLIC_URL: 'http://calm.example' }));
    expect(byCheck(plain, 'public-url')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(/not https/),
    });
    const noProxy = await runDoctor(site({ ...production, TRUST_PROXY: '' }));
    expect(problems(noProxy)).toEqual([]);
    expect(byCheck(noProxy, 'trust-proxy')[0]).toMatchObject({
      level: 'warning',
      fix: expect.stringMatching(/TRUST_PROXY=1/),
    });
  });

  it('finds a database that does not answer, and one that is not migrated', async () => {
    const dead = await runDoctor(site({ DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none' }));
    expect(byCheck(dead, 'database')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(/^the database does not answer: /),
    });
    const empty = await runDoctor(site({ DATABASE_URL: withDatabase(adminUrl, emptyDatabase) }));
    expect(byCheck(empty, 'migrations')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(/^(\d+) of \1 migrations are not applied \(first: 0000_foundation\)$/),
      fix: expect.stringMatching(/backup/),
    });
  });

  it('finds too little free disk under DATA_DIR', async () => {
    const findings = await runDoctor(site({ READY_MIN_FREE_MB: String(1024 ** 3) }));
    expect(byCheck(findings, 'disk')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(/MB free under DATA_DIR, less than READY_MIN_FREE_MB/),
    });
  });

  it('checks SMTP with the server itself: reachable, and not', async () => {
    const reachable = await runDoctor(site({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }));
    expect(byCheck(reachable, 'smtp')[0]).toMatchObject({ level: 'ok' });
    const closed = await runDoctor(site({ SMTP_URL: 'smtp://127.0.0.1:1' }));
    expect(byCheck(closed, 'smtp')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(/SMTP server 127.0.0.1:1 is not reachable/),
      fix: expect.stringMatching(/SMTP_URL/),
    });
  });

  it('checks the bucket is reachable and lets browsers upload from PUBLIC_URL (CORS)', async () => {
    const s3 = (bucket: string) =>
      site({
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: s3Endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      });
    expect(byCheck(await runDoctor(s3(CORS_BUCKET)), 's3')[0]).toMatchObject({
      level: 'ok',
      message: `bucket ${CORS_BUCKET} is reachable and allows uploads from https://calm.example`,
    });
    expect(byCheck(await runDoctor(s3(BARE_BUCKET)), 's3')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(new RegExp(`^bucket ${BARE_BUCKET} has no CORS`)),
      fix: expect.stringMatching(
        /AllowedOrigins \["https:\/\/calm.example"\], AllowedMethods \["PUT", "GET"\]/,
      ),
    });
    expect(byCheck(await runDoctor(s3('missing-bucket')), 's3')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(/^bucket missing-bucket is not reachable: /),
    });
  });

  it('finds a scheduled backup that is missing or older than two days', async () => {
    const backups = path.join(work, 'backups');
    fs.mkdirSync(backups);
    const env = site({ BACKUP_SCHEDULE: '15 3 * * *', BACKUP_DIR: backups });
    expect(byCheck(await runDoctor(env), 'backup')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(/^there is no backup in .*, though BACKUP_SCHEDULE is "15 3 \* \* \*"$/),
    });
    const archive = path.join(backups, 'stillpoint-20260101-031500.tar.gz');
    fs.writeFileSync(archive, 'x');
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3_600_000);
    fs.utimesSync(archive, threeDaysAgo, threeDaysAgo);
    expect(byCheck(await runDoctor(env), 'backup')[0]).toMatchObject({
      level: 'problem',
      message: expect.stringMatching(/is 3 days old/),
    });
    fs.utimesSync(archive, new Date(), new Date());
    expect(byCheck(await runDoctor(env), 'backup')[0]).toMatchObject({ level: 'ok' });
  });

  it('as a command: prints each problem with its fix and exits 1', async () => {
    const run = promisify(execFile);
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'doctor'], {
      env: { PATH: process.env.PATH, ...site({ READY_MIN_FREE_MB: String(1024 ** 3) }) },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^✗ disk: .*\n {4}fix: free space/m);
    expect(failed.stdout).toMatch(/^1 problem\.$/m);
    const passed = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'doctor'], {
      env: { PATH: process.env.PATH, ...site() },
      timeout: 60_000,
    });
    expect(passed.stdout).toMatch(/^No problems\.$/m);
  }, 90_000);
});
