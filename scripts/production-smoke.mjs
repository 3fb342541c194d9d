// The production install, end to end, as an operator does it (docs/deploy.md): build the release,
// unpack it into an empty folder, `npm ci --omit=dev` there, start it with
// `node scripts/start.mjs` (NODE_ENV=production), sign up, read the library, stop it with SIGTERM.
// Runs on the Node that runs it (.ci/run: the oldest supported line). One line per step, ✓ or ✗,
// then `N passed, N failed`. The Dockerfile's stages run the same commands (COMMANDS below;
// tests/server/deploy-files.test.ts holds them to it).
//
//   node scripts/production-smoke.mjs [--port 5099] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './lib/build-state.mjs';

/** The commands, as the Dockerfile writes them. */
export const COMMANDS = {
  release: ['npm', 'run', 'release'],
  unpack: (tarball, folder) => ['tar', '-xzf', tarball, '--strip-components=1', '-C', folder],
  install: ['npm', 'ci', '--omit=dev'],
  start: ['node', 'scripts/start.mjs'],
};
/** Build tools that must not be in a production install. */
const BUILD_TOOLS = [
  'vite',
  'vitest',
  'drizzle-kit',
  'typescript',
  'tsx',
  '@biomejs/biome',
  '@playwright/test',
];

const results = { passed: 0, failed: 0 };
function step(ok, message, detail) {
  results[ok ? 'passed' : 'failed'] += 1;
  console.info(`${ok ? '✓' : '✗'} smoke: ${message}`);
  if (!ok && detail) console.info(detail);
  return ok;
}
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
// Both units: `du -sh` shows MiB.
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB (${(bytes / 2 ** 20).toFixed(0)} MiB)`;

/** Bytes on disk under `target` (what `du` counts), links not followed, each hard link once. */
function diskUsage(target, seen = new Set()) {
  const stat = fs.lstatSync(target);
  if (seen.has(stat.ino)) return 0;
  seen.add(stat.ino);
  let total = stat.blocks * 512;
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target)) total += diskUsage(path.join(target, name), seen);
  }
  return total;
}

/** npm's own environment (npm_config_*) would override the release's .npmrc: leave it out. */
function cleanEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return { ...env, ...extra };
}

function run(command, cwd) {
  const [file, ...args] = command;
  const result = spawnSync(file, args, { cwd, env: cleanEnv(), encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = net.connect({ host: '127.0.0.1', port });
    probe.on('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.on('error', () => resolve(true));
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postmasterPid(dataDir) {
  try {
    return Number.parseInt(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8'), 10);
  } catch {
    return undefined;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const argument = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > -1 ? process.argv[at + 1] : fallback;
  };
  const port = Number(argument('--port', process.env.SMOKE_PORT ?? '5099'));
  const keep = process.argv.includes('--keep');
  const started = performance.now();
  console.info(`▶ production smoke on Node ${process.version}, port ${port}`);

  // The embedded cluster runs as `postgres` when we are root: it must reach both folders.
  const installDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-release-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-release-data-'));
  fs.chmodSync(installDir, 0o755);
  fs.chmodSync(dataDir, 0o755);
  let server;
  let output = '';
  const cleanUp = async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    const pid = postmasterPid(dataDir);
    if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
    await sleep(300);
    if (keep) console.info(`kept ${installDir} and ${dataDir}`);
    else for (const dir of [installDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // 1. The release, as `npm run release` writes it.
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const tarball = path.join(root, 'release', `stillpoint-${version}.tgz`);
    let since = performance.now();
    const release = run(COMMANDS.release, root);
    if (!step(release.ok && fs.existsSync(tarball), `npm run release (${seconds(since)})`, release.output))
      return;
    const tarballSize = fs.statSync(tarball).size;
    console.info(`  release tarball ${path.relative(root, tarball)}: ${megabytes(tarballSize)}`);

    // 2. Unpacked into an empty folder: a build and no sources.
    since = performance.now();
    const unpack = run(COMMANDS.unpack(tarball, installDir), root);
    const unpacked =
      unpack.ok &&
      fs.existsSync(path.join(installDir, 'dist/build.json')) &&
      !fs.existsSync(path.join(installDir, 'src')) &&
      !fs.existsSync(path.join(installDir, 'node_modules'));
    if (
      !step(
        unpacked,
        `unpacked into an empty folder: dist/, no sources, no node_modules (${seconds(since)})`,
        unpack.output,
      )
    )
      return;

    // 3. The production dependencies, nothing else.
    since = performance.now();
    const install = run(COMMANDS.install, installDir);
    const present = BUILD_TOOLS.filter((name) => fs.existsSync(path.join(installDir, 'node_modules', name)));
    const installOk = install.ok && present.length === 0;
    const detail = install.ok ? `build tools installed: ${present.join(', ')}` : install.output;
    if (!step(installOk, `npm ci --omit=dev, no build tools (${seconds(since)})`, detail)) return;
    since = performance.now();
    const modulesSize = diskUsage(path.join(installDir, 'node_modules'));
    const installSize = diskUsage(installDir);
    console.info(
      `  production install: ${megabytes(installSize)} on disk, node_modules ${megabytes(modulesSize)} (measured in ${seconds(since)})`,
    );

    // 4. Started the documented way, in production mode, without building.
    since = performance.now();
    const publicUrl = `http://localhost:${port}`;
    const [, ...startArgs] = COMMANDS.start;
    const serverEnv = cleanEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: randomBytes(32).toString('base64'),
      PUBLIC_URL: publicUrl,
      ALLOW_TEST_CHECKOUT: 'true',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    });
    server = spawn(process.execPath, startArgs, {
      cwd: installDir,
      env: serverEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));
    const append = (chunk) => {
      output = (output + chunk).slice(-20_000);
    };
    server.stdout.on('data', append);
    server.stderr.on('data', append);
    const deadline = Date.now() + 180_000;
    while (
      !output.includes('Stillpoint is running at') &&
      server.exitCode === null &&
      Date.now() < deadline
    ) {
      await sleep(100);
    }
    const ready = output.includes('Stillpoint is running at') && !output.includes('building');
    if (
      !step(
        ready,
        `node scripts/start.mjs answered in ${seconds(since)}, without building`,
        output.slice(-3000),
      )
    )
      return;

    const base = `http://127.0.0.1:${port}`;
    since = performance.now();
    const health = await fetch(`${base}/api/health`);
    step(health.status === 200, `GET /api/health: ${health.status}`);
    const landing = await fetch(`${base}/`);
    const page = await landing.text();
    step(
      landing.status === 200 && page.includes('<div id="root"'),
      `GET / (the built client): ${landing.status} (health and page in ${seconds(since)})`,
    );

    // 5. A member signs up and signs in (sign-up opens no session: it answers alike for a taken
    // address); the admin CLI makes them admin on the running site; they add an item and read the
    // library back (production seeds no demo content).
    since = performance.now();
    const email = `smoke-${Date.now()}@example.test`;
    const password = 'quiet-harbour-evening-4';
    const post = (url, body, cookie = '') =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl, cookie },
        body: JSON.stringify(body),
      });
    const signUp = await post('/api/auth/sign-up/email', {
      email,
      password,
      name: 'Smoke Test',
      firstName: 'Smoke',
      lastName: 'Test',
    });
    step(signUp.status === 200, `sign-up: ${signUp.status}`, await signUp.text());
    const signIn = async () => {
      const response = await post('/api/auth/sign-in/email', { email, password });
      return response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
    };
    step((await signIn()) !== '', 'sign-in after sign-up: a session cookie');
    const grant = spawnSync(process.execPath, ['scripts/start.mjs', 'admin', 'grant', email], {
      cwd: installDir,
      env: serverEnv,
      encoding: 'utf8',
    });
    step(
      grant.status === 0,
      `npm run admin -- grant on the running site: exit ${grant.status}`,
      grant.stdout + grant.stderr,
    );
    const cookie = await signIn();
    const created = await post(
      '/api/videos',
      { title: 'Smoke: a quiet sit', description: 'Made by the production smoke.', type: 'audio' },
      cookie,
    );
    step(
      created.status === 200 || created.status === 201,
      `the admin adds an item: ${created.status}`,
      await created.text(),
    );
    const library = await fetch(`${base}/api/videos`, { headers: { cookie } });
    const items = library.status === 200 ? await library.json() : [];
    step(
      library.status === 200 &&
        Array.isArray(items) &&
        items.some((item) => item.title === 'Smoke: a quiet sit'),
      `the library lists it: ${library.status}, ${items.length} items (${seconds(since)})`,
    );

    // 6. SIGTERM: the process stops by itself, frees the port and stops its PostgreSQL.
    const postgresPid = postmasterPid(dataDir);
    since = performance.now();
    server.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(20_000).then(() => 'still running after 20 s')]);
    const portFree = await isPortFree(port);
    const postgresGone = postgresPid !== undefined && !isAlive(postgresPid) && !postmasterPid(dataDir);
    step(
      code === 0 && portFree && postgresGone,
      `SIGTERM: exit ${code} in ${seconds(since)}, port ${portFree ? 'free' : 'still taken'}, ` +
        `PostgreSQL ${postgresGone ? 'stopped' : `still running (pid ${postgresPid})`}`,
      output.slice(-3000),
    );
  } catch (error) {
    step(
      false,
      `stopped by an error: ${error instanceof Error ? error.stack : String(error)}`,
      output.slice(-3000),
    );
  } finally {
    const cleaning = performance.now();
    await cleanUp();
    console.info(`  cleaned up in ${seconds(cleaning)}`);
    console.info(`  smoke took ${seconds(started)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
  console.info(`${results.passed} passed, ${results.failed} failed`);
  process.exit(results.failed > 0 ? 1 : 0);
}
