// `npm run admin -- upgrade RELEASE.tgz` and `npm run admin -- rollback` on a real install: two
// release tarballs packed here the way `npm run release` packs one (dist/, scripts/, package.json,
// package-lock.json, .npmrc under one top folder), the previous one unpacked into
// <root>/releases/<version> with a `current` link, real server processes on an embedded
// PostgreSQL in a temporary DATA_DIR. The "new" release is the same build with one more migration
// (a table and a column, test-only) and another hashed asset, so the schema really moves.
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
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../../src/server/features/backup/restore.service.ts';
import { freePort, runtimeDatabaseUrl, signUp, tempDir } from '../reliability/harness.ts';

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
  const client = new pg.Client({ connectionString: runtimeDatabaseUrl(dataDir) });
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

  // The first install, by hand as docs/deploy.md says: unpack, install, link `current`.
  const release = path.join(installRoot, 'releases', PREVIOUS);
  fs.mkdirSync(release, { recursive: true });
  const unpacked = spawnSync('tar', ['-xzf', previousTarball, '-C', release, '--strip-components=1']);
  expect(unpacked.status, String(unpacked.stderr)).toBe(0);
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(release, 'node_modules'));
  fs.symlinkSync(`releases/${PREVIOUS}`, path.join(installRoot, 'current'));
}, 120_000);

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
