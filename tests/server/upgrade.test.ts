// `npm run admin -- upgrade RELEASE.tgz` and `npm run admin -- rollback` on a real install: two
// release tarballs packed here the way `npm run release` packs one (dist/, scripts/, package.json,
// package-lock.json, .npmrc under one top folder), the previous one unpacked into
// <root>/releases/<version> with a `current` link, real server processes on an embedded
// PostgreSQL in a temporary DATA_DIR. The "new" release is the same build with one more migration
// (a table and a column, test-only) and another hashed asset, so the schema really moves.
//
// A second round trip runs a site on an external database (DATABASE_URL: a database of the test
// cluster) with its files in S3 (s3rver), which rollback empties and restores through archives.
//
// Installing: the command's `--node-modules-from` links each release's node_modules to this
// checkout's instead of running `npm ci --omit=dev` (minutes, and the registry). That real path is
// the command's default; the CI smoke installs a release with it.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyArchive } from '../../src/server/features/backup/restore.service.ts';
import { createS3Storage } from '../../src/server/lib/storage/s3-storage.ts';
import { freePort, runtimeDatabaseUrl, signUp, tempDir } from '../reliability/harness.ts';
import { withDatabase } from '../setup/global-database.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const PREVIOUS = manifest.version as string;
const NEXT = PREVIOUS.replace(/^(\d+)\.(\d+)\..*$/, (_, major, minor) => `${major}.${Number(minor) + 1}.0`);
/** A patch release without a migration. */
const PATCH = PREVIOUS.replace(
  /^(\d+)\.(\d+)\.(\d+).*$/,
  (_, major, minor, patch) => `${major}.${minor}.${Number(patch) + 1}`,
);
/** Every packed file's time: the build stamp is then as new as its sources (scripts/lib/build-state.mjs). */
const BUILT_AT = new Date('2026-11-01T00:00:00Z');
const PASSWORD = 'a calm and long passphrase';

let work: string;
let serverBuild: string;
let installRoot: string;
let dataDir: string;
let previousTarball: string;
let nextTarball: string;
let migrationsBefore: number;
let probeTag: string;
/** DATABASE_URL and S3_* of the site on an external database and S3 (the second round trip). */
let externalEnv: Record<string, string> = {};
const running: ChildProcess[] = [];

function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A release tarball of the server build in `serverBuild`, a stand-in client and this checkout's scripts. */
async function packRelease(options: {
  version: string;
  asset: string;
  migration?: { tag: string; sql: string };
}): Promise<string> {
  const file = path.join(work, `stillpoint-${options.version}.tgz`);
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(file));
  const add = (name: string, content: string | Buffer, mode = 0o644) =>
    new Promise<void>((resolve, reject) =>
      pack.entry(
        { name: `stillpoint-${options.version}/${name}`, mtime: BUILT_AT, mode },
        content,
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  await add('package.json', `${JSON.stringify({ ...manifest, version: options.version }, null, 2)}\n`);
  await add('package-lock.json', fs.readFileSync(path.join(repo, 'package-lock.json')));
  await add('.npmrc', fs.readFileSync(path.join(repo, '.npmrc')));
  for (const name of filesUnder(path.join(repo, 'scripts'))) {
    await add(`scripts/${name}`, fs.readFileSync(path.join(repo, 'scripts', name)));
  }
  const journalName = 'server/db/migrations/meta/_journal.json';
  for (const name of filesUnder(serverBuild)) {
    let content = fs.readFileSync(path.join(serverBuild, name));
    if (name === journalName && options.migration) {
      const journal = JSON.parse(content.toString());
      const last = journal.entries.at(-1);
      journal.entries.push({
        idx: last.idx + 1,
        version: last.version,
        when: last.when + 1000,
        tag: options.migration.tag,
        breakpoints: true,
      });
      content = Buffer.from(JSON.stringify(journal, null, 2));
    }
    await add(`dist/${name}`, content);
  }
  if (options.migration) {
    await add(`dist/server/db/migrations/${options.migration.tag}.sql`, options.migration.sql);
  }
  await add(
    'dist/client/index.html',
    `<!doctype html><html><head><title>Stillpoint</title><script type="module" src="/assets/${options.asset}"></script></head><body><div id="root"></div></body></html>`,
  );
  await add(`dist/client/assets/${options.asset}`, `console.log(${JSON.stringify(options.version)});\n`);
  pack.finalize();
  await writing;
  return file;
}

const siteEnv = () => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  ...externalEnv,
});

/** `npm run admin -- …` as the operator runs it in <root>/current. */
async function admin(args: string[], release = path.join(installRoot, 'current')) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(release, 'scripts/start.mjs'), 'admin', ...args],
      { cwd: release, env: siteEnv(), timeout: 180_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** The service: `node scripts/start.mjs` in <root>/current, until `stop` is called. */
async function startSite() {
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const current = path.join(installRoot, 'current');
  const child = spawn(process.execPath, [path.join(current, 'scripts/start.mjs')], {
    cwd: current,
    env: { ...siteEnv(), PORT: String(port), PUBLIC_URL: publicUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Stillpoint is running at')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the site did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    publicUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(site: { base: string; publicUrl: string }, email: string) {
  return fetch(`${site.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: site.publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
}

async function query<Row extends pg.QueryResultRow>(text: string): Promise<Row[]> {
  const client = new pg.Client({
    connectionString: externalEnv.DATABASE_URL ?? runtimeDatabaseUrl(dataDir),
  });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/** What the tests look at in the database, read while the site runs. */
async function readSite() {
  const [post] = await query<{ title: string; email: string }>(
    `select p.title, u.email from forum_posts p join users u on u.id = p.user_id`,
  );
  const [level] = await query<{ count: number; probe: boolean; column: boolean }>(
    `select (select count(*)::int from drizzle.__drizzle_migrations) as count,
            to_regclass('public.upgrade_round_trip') is not null as probe,
            exists (select 1 from information_schema.columns
                     where table_name = 'forum_posts' and column_name = 'upgrade_note') as column`,
  );
  return { post, ...level! };
}

const currentVersion = () => path.basename(fs.realpathSync(path.join(installRoot, 'current')));

beforeAll(async () => {
  work = tempDir('stillpoint-upgrade-');
  serverBuild = path.join(work, 'build');
  installRoot = path.join(work, 'site');
  dataDir = path.join(work, 'data');
  const built = spawnSync(process.execPath, [path.join(repo, 'scripts/build.mjs'), '--server-only'], {
    cwd: repo,
    env: { ...process.env, STILLPOINT_DIST_DIR: serverBuild },
    encoding: 'utf8',
  });
  expect(built.status, built.stdout + built.stderr).toBe(0);
  const journal = JSON.parse(
    fs.readFileSync(path.join(serverBuild, 'server/db/migrations/meta/_journal.json'), 'utf8'),
  );
  migrationsBefore = journal.entries.length;
  probeTag = `${String(migrationsBefore).padStart(4, '0')}_upgrade_round_trip`;
  previousTarball = await packRelease({ version: PREVIOUS, asset: 'index-Previous1.js' });
  nextTarball = await packRelease({
    version: NEXT,
    asset: 'index-Next2222.js',
    migration: {
      tag: probeTag,
      sql: [
        'CREATE TABLE "upgrade_round_trip" ("id" integer PRIMARY KEY);',
        'ALTER TABLE "forum_posts" ADD COLUMN "upgrade_note" text;',
      ].join('\n--> statement-breakpoint\n'),
    },
  });

  installPrevious();
}, 120_000);

/** The first install, by hand as docs/deploy.md says: unpack, install, link `current`. */
function installPrevious() {
  const release = path.join(installRoot, 'releases', PREVIOUS);
  fs.mkdirSync(release, { recursive: true });
  const unpacked = spawnSync('tar', ['-xzf', previousTarball, '-C', release, '--strip-components=1']);
  expect(unpacked.status, String(unpacked.stderr)).toBe(0);
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(release, 'node_modules'));
  fs.symlinkSync(`releases/${PREVIOUS}`, path.join(installRoot, 'current'));
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('upgrade and roll back with data', () => {
  it('the previous release runs, holds a member and a post, and refuses what it cannot do', async () => {
    const site = await startSite();
    try {
      await signUp(site.base, site.publicUrl, 'kept@example.test', PASSWORD);
      await query(
        `insert into forums (slug, title, description) values ('kept', 'Kept', 'Through upgrades')`,
      );
      await query(
        `insert into forum_posts (forum_id, user_id, title, content)
         select f.id, u.id, 'Still here', 'A post written before the upgrade'
           from forums f, users u where f.slug = 'kept' and u.email = 'kept@example.test'`,
      );
      expect(await readSite()).toMatchObject({
        post: { title: 'Still here', email: 'kept@example.test' },
        count: migrationsBefore,
        probe: false,
      });
    } finally {
      await site.stop();
    }

    const version = await admin(['version']);
    expect(version.output).toContain(`Stillpoint ${PREVIOUS}`);
    const nothing = await admin(['rollback']);
    expect(nothing.code).not.toBe(0);
    expect(nothing.output).toContain(`Nothing to roll back`);
    const same = await admin([
      'upgrade',
      previousTarball,
      '--node-modules-from',
      path.join(repo, 'node_modules'),
    ]);
    expect(same.code).not.toBe(0);
    expect(same.output).toContain(`${PREVIOUS} is already the current release`);
    const notARelease = path.join(work, 'not-a-release.tgz');
    fs.writeFileSync(notARelease, 'plain text');
    const unreadable = await admin(['upgrade', notARelease]);
    expect(unreadable.output).toContain('is not a readable release tarball');
    // Refusals change nothing: no backup, no release folder.
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
    expect(fs.readdirSync(path.join(installRoot, 'releases'))).toEqual([PREVIOUS]);
  }, 180_000);

  it('upgrade: backs up the old schema first, installs beside, migrates, switches, keeps old assets', async () => {
    const upgraded = await admin([
      'upgrade',
      nextTarball,
      '--node-modules-from',
      path.join(repo, 'node_modules'),
    ]);
    expect(upgraded.code, upgraded.output).toBe(0);
    expect(upgraded.output).toMatch(
      /1\/7 checking[\s\S]*2\/7 backing up[\s\S]*5\/7 migrating[\s\S]*7\/7 switching/,
    );
    expect(upgraded.output).toContain('systemctl restart stillpoint');
    expect(currentVersion()).toBe(NEXT);
    expect(fs.existsSync(path.join(installRoot, 'releases', PREVIOUS, 'package.json'))).toBe(true);

    const [record] = JSON.parse(fs.readFileSync(path.join(dataDir, 'upgrades.json'), 'utf8'));
    expect(record).toMatchObject({ from: PREVIOUS, to: NEXT, schemaAfter: probeTag });
    expect(record.schemaBefore).not.toBe(probeTag);
    // The backup was taken before the migration: it holds the previous schema.
    const backup = await verifyArchive(record.backup, work);
    try {
      expect(backup.manifest.migrations.count).toBe(migrationsBefore);
    } finally {
      backup.discard();
    }

    const site = await startSite();
    try {
      expect((await signIn(site, 'kept@example.test')).status).toBe(200);
      expect(await readSite()).toMatchObject({
        post: { title: 'Still here', email: 'kept@example.test' },
        count: migrationsBefore + 1,
        probe: true,
        column: true,
      });
      // A tab opened on the previous release still gets its files, beside the new ones.
      for (const asset of ['index-Previous1.js', 'index-Next2222.js']) {
        expect((await fetch(`${site.base}/assets/${asset}`)).status, asset).toBe(200);
      }
    } finally {
      await site.stop();
    }
    const version = await admin(['version']);
    expect(version.output).toContain(`Stillpoint ${NEXT}`);
    expect(version.output).toContain(`Schema of this release: ${probeTag}`);
    const downgrade = await admin(['upgrade', previousTarball]);
    expect(downgrade.code).not.toBe(0);
    expect(downgrade.output).toContain(`older than the current ${NEXT}`);
    expect(downgrade.output).toContain('npm run admin -- rollback');
  }, 240_000);

  it('rollback: switches back, restores the pre-upgrade backup, keeps the upgraded data aside', async () => {
    const rolledBack = await admin(['rollback']);
    expect(rolledBack.code, rolledBack.output).toBe(0);
    expect(currentVersion()).toBe(PREVIOUS);
    const [record] = JSON.parse(fs.readFileSync(path.join(dataDir, 'upgrades.json'), 'utf8'));
    expect(record.rolledBackAt).toBeTruthy();
    expect(fs.existsSync(path.join(record.setAside, 'postgres'))).toBe(true);
    expect(rolledBack.output).toContain(`delete that folder`);

    const site = await startSite();
    try {
      expect((await signIn(site, 'kept@example.test')).status).toBe(200);
      expect(await readSite()).toMatchObject({
        post: { title: 'Still here', email: 'kept@example.test' },
        count: migrationsBefore,
        probe: false,
        column: false,
      });
      expect((await fetch(`${site.base}/assets/index-Previous1.js`)).status).toBe(200);
    } finally {
      await site.stop();
    }
    const again = await admin(['rollback']);
    expect(again.code).not.toBe(0);
    expect(again.output).toContain('Nothing to roll back');
  }, 240_000);

  it("a backup by the newer code of a stopped site's older database does not migrate it", async () => {
    // `git pull` then `npm run admin -- backup`: the code is ahead of the database.
    const archive = path.join(work, 'after-pull.tar.gz');
    const backup = await admin(['backup', archive], path.join(installRoot, 'releases', NEXT));
    expect(backup.code, backup.output).toBe(0);
    const verified = await verifyArchive(archive, work);
    try {
      expect(verified.manifest.migrations.count).toBe(migrationsBefore);
    } finally {
      verified.discard();
    }
    const version = await admin(['version']);
    expect(version.output).toContain(`Stillpoint ${PREVIOUS}`);
  }, 120_000);

  it('a release without a migration rolls back by switching alone, with no restore', async () => {
    const patchTarball = await packRelease({ version: PATCH, asset: 'index-Patch333.js' });
    const nodeModules = path.join(repo, 'node_modules');
    const upgraded = await admin(['upgrade', patchTarball, '--node-modules-from', nodeModules]);
    expect(upgraded.code, upgraded.output).toBe(0);
    expect(currentVersion()).toBe(PATCH);
    const rolledBack = await admin(['rollback']);
    expect(rolledBack.code, rolledBack.output).toBe(0);
    expect(rolledBack.output).not.toContain('restoring');
    expect(currentVersion()).toBe(PREVIOUS);
    const records = JSON.parse(fs.readFileSync(path.join(dataDir, 'upgrades.json'), 'utf8'));
    expect(records.at(-1)).toMatchObject({ from: PREVIOUS, to: PATCH });
    expect(records.at(-1).schemaBefore).toBe(records.at(-1).schemaAfter);
    expect(records.at(-1).setAside).toBeUndefined();
  }, 120_000);
});

describe('upgrade and roll back a site on an external database with its files in S3', () => {
  const BUCKET = 'stillpoint-upgrade';
  const { adminUrl } = inject('testDatabase');
  const databaseName = `upgrade_external_${process.pid}`;
  let s3rver: S3rver;
  let s3Directory: string;
  let s3: S3Client;
  let storage: ReturnType<typeof createS3Storage>;
  /** A key the app never makes (its keys start with a letter): in no archive, so never deleted. */
  const FOREIGN_KEY = '_operator/notes.txt';

  beforeAll(async () => {
    s3Directory = tempDir('stillpoint-upgrade-s3-');
    s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await s3rver.run();
    const settings = {
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    storage = createS3Storage(settings);
    s3 = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    // From here the helpers above act on this site.
    externalEnv = {
      DATABASE_URL: withDatabase(adminUrl, databaseName),
      S3_BUCKET: BUCKET,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    installRoot = path.join(work, 'external-site');
    dataDir = path.join(work, 'external-data');
    installPrevious();
  }, 60_000);

  afterAll(async () => {
    externalEnv = {};
    s3?.destroy();
    await s3rver?.close();
    if (s3Directory) fs.rmSync(s3Directory, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  const bucketKeys = async () => {
    const keys: string[] = [];
    for await (const object of storage.list()) keys.push(object.key);
    return keys.sort();
  };
  const postTitles = async () =>
    (await query<{ title: string }>('select title from forum_posts order by title')).map((row) => row.title);

  it('rollback restores the pre-upgrade data and files; the archive set aside holds what came after', async () => {
    let site = await startSite();
    try {
      await signUp(site.base, site.publicUrl, 'kept@example.test', PASSWORD);
      await query(
        `insert into forums (slug, title, description) values ('kept', 'Kept', 'Through upgrades')`,
      );
      await query(
        `insert into forum_posts (forum_id, user_id, title, content)
         select f.id, u.id, 'Still here', 'A post written before the upgrade'
           from forums f, users u where f.slug = 'kept' and u.email = 'kept@example.test'`,
      );
      await storage.write('images/before.webp', Buffer.from('before the upgrade'), 'image/webp');
    } finally {
      await site.stop();
    }
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: FOREIGN_KEY, Body: "not the app's" }));

    const nodeModules = path.join(repo, 'node_modules');
    const upgraded = await admin(['upgrade', nextTarball, '--node-modules-from', nodeModules]);
    expect(upgraded.code, upgraded.output).toBe(0);
    site = await startSite();
    try {
      await query(
        `insert into forum_posts (forum_id, user_id, title, content)
         select f.id, u.id, 'Written after the upgrade', 'Only in the archive set aside'
           from forums f, users u where f.slug = 'kept' and u.email = 'kept@example.test'`,
      );
      await storage.write('images/after.webp', Buffer.from('after the upgrade'), 'image/webp');
    } finally {
      await site.stop();
    }

    const started = performance.now();
    const rolledBack = await admin(['rollback']);
    const seconds = (performance.now() - started) / 1000;
    expect(rolledBack.code, rolledBack.output).toBe(0);
    console.info(`rollback on an external database and S3: ${seconds.toFixed(1)} s`);
    expect(rolledBack.output).toMatch(/dropping \d+ tables \([^)]*forum_posts[^)]*\)/);
    expect(currentVersion()).toBe(PREVIOUS);

    // The site is as the pre-upgrade backup holds it, and a foreign object is untouched.
    expect(await postTitles()).toEqual(['Still here']);
    expect(await readSite()).toMatchObject({ count: migrationsBefore, probe: false, column: false });
    expect(await bucketKeys()).toEqual(['images/before.webp']);
    await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: FOREIGN_KEY }));

    // What the upgraded site held is in the archive set aside, the owner's only.
    const records = JSON.parse(fs.readFileSync(path.join(dataDir, 'upgrades.json'), 'utf8'));
    const { setAside } = records.at(-1);
    expect(path.dirname(setAside)).toBe(dataDir);
    expect(fs.statSync(setAside).mode & 0o777).toBe(0o700);
    const [archiveName] = fs.readdirSync(setAside);
    const archive = path.join(setAside, archiveName!);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const kept = await verifyArchive(archive, work);
    try {
      expect(kept.manifest.migrations.count).toBe(migrationsBefore + 1);
      expect(kept.manifest.objects.map((object) => object.key).sort()).toEqual([
        'images/after.webp',
        'images/before.webp',
      ]);
      const posts = kept.manifest.tables.find((table) => table.name === 'forum_posts')!;
      const rows = fs.readFileSync(kept.files.get(posts.file)!, 'utf8');
      expect(rows).toContain('Written after the upgrade');
    } finally {
      kept.discard();
    }

    site = await startSite();
    try {
      expect((await signIn(site, 'kept@example.test')).status).toBe(200);
    } finally {
      await site.stop();
    }
  }, 300_000);
});
