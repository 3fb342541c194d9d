// The release an operator installs (scripts/release.mjs), and the production command README and
// docs/deploy.md give: `node scripts/start.mjs` in the unpacked folder. It must hold everything the
// compiled server reads and nothing to build with, start without building, and stop on SIGTERM
// with its port free and its embedded PostgreSQL stopped (under `npm start`, npm 11 exits on
// SIGTERM and leaves both running: docs/decisions/071-production-start-command.md).
// The real `npm ci --omit=dev` from the registry is CI's production smoke
// (scripts/production-smoke.mjs); here the release runs on this checkout's node_modules.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const version: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-release-test-'));
// The embedded cluster runs as `postgres` when we are root: it must reach the release and DATA_DIR.
fs.chmodSync(work, 0o755);
const tarball = path.join(work, `stillpoint-${version}.tgz`);
const installDir = path.join(work, 'app');
const dataDir = path.join(work, 'data');
const BUILD_MS = 240_000;

let server: ChildProcess | undefined;
let output = '';

function postmasterPid(): number | undefined {
  try {
    return Number.parseInt(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8'), 10);
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something still accepts connections on the port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'scripts/release.mjs'), '--out-dir', work], {
    cwd: root,
    stdio: 'pipe',
    timeout: BUILD_MS,
  });
  // What docs/deploy.md says: unpack into an empty folder.
  fs.mkdirSync(installDir, { mode: 0o755 });
  fs.mkdirSync(dataDir, { mode: 0o755 });
  execFileSync('tar', ['-xzf', tarball, '--strip-components=1', '-C', installDir]);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(installDir, 'node_modules'));
  // A copy that did not keep modification times: the lockfile is now newer than the build. A
  // release has no sources to rebuild from, so its build must still count as complete.
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(installDir, 'package-lock.json'), later, later);
}, BUILD_MS + 10_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  const pid = postmasterPid();
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 300));
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the release tarball', () => {
  it('holds the build, the migrations, the start script and the lockfile under one folder, and no sources', () => {
    const names = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    expect(new Set(names.map((name) => name.split('/')[0]))).toEqual(new Set([`stillpoint-${version}`]));
    const inside = names.map((name) => name.slice(`stillpoint-${version}/`.length));
    expect(inside).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        '.npmrc',
        'scripts/start.mjs',
        'scripts/lib/build-state.mjs',
        'scripts/lib/server-flags.mjs',
        'dist/build.json',
        'dist/server/server.js',
        'dist/server/cli/admin.js',
        'dist/server/db/migrations/meta/_journal.json',
        'dist/client/index.html',
        'dist/render/prerender.mjs',
      ]),
    );
    const outside = inside.filter((name) => /^(src|tests|node_modules|release|data|\.env$)/.test(name));
    expect(outside).toEqual([]);
    // Every migration the sources have is in the release.
    const migrations = fs
      .readdirSync(path.join(root, 'src/server/db/migrations'))
      .filter((f) => f.endsWith('.sql'));
    expect(migrations.length).toBeGreaterThan(0);
    for (const file of migrations) expect(inside).toContain(`dist/server/db/migrations/${file}`);
    // The lockfile the release installs from is the one it was built with.
    expect(fs.readFileSync(path.join(installDir, 'package-lock.json'), 'utf8')).toBe(
      fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'),
    );
  });
});

describe('node scripts/start.mjs in the unpacked release', () => {
  it('starts in production without building, answers a sign-up, and on SIGTERM exits with its port free and PostgreSQL stopped', async () => {
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: installDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        AUTH_SECRET: randomBytes(32).toString('base64'),
        PUBLIC_URL: publicUrl,
        ALLOW_TEST_CHECKOUT: 'true',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | string | null>((resolve) =>
      server!.on('exit', (code, signal) => resolve(code ?? signal)),
    );
    const append = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    server.stdout?.on('data', append);
    server.stderr?.on('data', append);
    const deadline = Date.now() + 120_000;
    while (!output.includes('Stillpoint is running at')) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`no start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).not.toContain('building');
    // The server's V8 settings (docs/decisions/101): start.mjs replaced itself, in the same process
    // (so the SIGTERM below reaches the server), with a node started with them.
    const commandLine = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine.slice(1, 4)).toEqual([
      '--max-semi-space-size=8',
      '--heap-growing-percent=30',
      path.join(installDir, 'scripts/start.mjs'),
    ]);
    // …and with the allocator's variable, which glibc reads only when a process starts.
    const environment = fs.readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain('MALLOC_ARENA_MAX=2');

    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify({
        email: `release-${Date.now()}@example.test`,
        password: 'quiet-harbour-evening-4',
        name: 'Release Test',
        firstName: 'Release',
        lastName: 'Test',
      }),
    });
    expect(signUp.status, await signUp.text()).toBe(200);
    const postgresPid = postmasterPid();
    expect(postgresPid && isAlive(postgresPid)).toBe(true);

    server.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(await isListening(port)).toBe(false);
    expect(isAlive(postgresPid!), 'the embedded PostgreSQL is still running').toBe(false);
    expect(postmasterPid()).toBeUndefined();
  }, 150_000);
});
