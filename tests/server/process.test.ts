import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real process, as an operator runs it: `server.ts` with embedded PostgreSQL in DATA_DIR.
 * Killed with SIGKILL, it must come back on the same DATA_DIR with its data.
 */
const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let port: number;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForReady(started: Started, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.output().includes('Stillpoint is running at')) return;
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start in time:\n${started.output()}`);
}

const origin = () => `http://localhost:${port}`;
const post = (url: string, body: unknown) =>
  fetch(`${origin()}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin() },
    body: JSON.stringify(body),
  });

function postmasterPid(): number | undefined {
  try {
    return Number.parseInt(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]!,
      10,
    );
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

const running: Started[] = [];
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-process-'));
  fs.chmodSync(dataDir, 0o755);
  port = await freePort();
});
afterAll(async () => {
  for (const started of running) started.child.kill('SIGKILL');
  const pid = postmasterPid();
  if (pid && isAlive(pid)) process.kill(pid, 'SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  const email = `restart-${Date.now()}@example.test`;
  const password = 'quiet-lake-morning-7';

  it('starts on an empty DATA_DIR and accepts a sign-up', async () => {
    const first = startServer();
    running.push(first);
    await waitForReady(first);
    const health = await fetch(`${origin()}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const response = await post('/api/auth/sign-up/email', {
      email,
      password,
      name: 'Kai Rest',
      firstName: 'Kai',
      lastName: 'Rest',
    });
    expect(response.status).toBe(200);
  }, 90_000);

  it('grants admin rights from the CLI while the app runs', async () => {
    const cli = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'grant', email], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    let output = '';
    cli.stdout.on('data', (chunk) => {
      output += chunk;
    });
    cli.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise((resolve) => cli.on('exit', resolve));
    expect(output).toContain(`${email} is now an admin.`);
    expect(code).toBe(0);
    const signedIn = await post('/api/auth/sign-in/email', { email, password });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await fetch(`${origin()}/api/auth/user`, { headers: { cookie } });
    expect((await me.json()).isAdmin).toBe(true);
  }, 60_000);

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const second = startServer();
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/Another Stillpoint process \(pid \d+\) is already using/);
    // The first one is unharmed.
    expect((await fetch(`${origin()}/api/health`)).status).toBe(200);
  }, 60_000);

  it('comes back after SIGKILL, stopping the PostgreSQL left behind, with the data there', async () => {
    const first = running.pop()!;
    const orphan = postmasterPid();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(orphan && isAlive(orphan)).toBe(true); // PostgreSQL outlived its parent

    const again = startServer();
    running.push(again);
    await waitForReady(again);
    expect(again.output()).toMatch(/left running by an earlier run/);
    const response = await post('/api/auth/sign-in/email', { email, password });
    expect(response.status).toBe(200);
  }, 90_000);

  it('stops on SIGTERM within 10 s, stopping PostgreSQL and releasing DATA_DIR', async () => {
    const current = running.pop()!;
    const pid = postmasterPid();
    const started = Date.now();
    current.child.kill('SIGTERM');
    const code = await current.exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(pid && isAlive(pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'stillpoint.lock'))).toBe(false);
  }, 30_000);
});
