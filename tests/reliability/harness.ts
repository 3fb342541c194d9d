import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The real server process for reliability tests (`npm run test:reliability`): started the way an
 * operator starts it, killed the way a machine kills it.
 */
export const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // The embedded cluster runs as `postgres` when we are root: it must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  return dir;
}

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

export function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      PUBLIC_URL: `http://localhost:${options.port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Load and crash tests write as fast as they can; the limits themselves are tested elsewhere.
      RATE_LIMIT_SCALE: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    pid: child.pid!,
    port: options.port,
    url: `http://127.0.0.1:${options.port}`,
    output: () => output,
    exited,
  };
}

export async function waitForReady(server: ServerProcess, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.output().includes('Stillpoint is running at')) return Date.now() - started;
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await sleep(50);
  }
  throw new Error(`server did not start within ${timeoutMs} ms:\n${server.output()}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function postmasterPid(dataDir: string): number | undefined {
  try {
    const text = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    return Number.parseInt(text.split('\n')[0]!, 10);
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The database URL the running server wrote to DATA_DIR/runtime.json (embedded mode). */
export function runtimeDatabaseUrl(dataDir: string): string {
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')).databaseUrl;
}

/** Resident memory of a process in bytes (Linux). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)\s+kB/)?.[1] ?? 0);
  return kb * 1024;
}

export const randomAddress = () => {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
};

/** A signed-in member talking to one server (cookie, our Origin, optionally its own address). */
export type Client = {
  email: string;
  cookie: string;
  request: (url: string, init?: { method?: string; body?: unknown; base?: string }) => Promise<Response>;
};

export async function signUp(
  base: string,
  publicUrl: string,
  email: string,
  password: string,
  address?: string,
): Promise<Client> {
  const headers = (extra: Record<string, string> = {}) => ({
    origin: publicUrl,
    ...(address ? { 'x-forwarded-for': address } : {}),
    ...extra,
  });
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({
      email,
      password,
      name: 'Reliable Member',
      firstName: 'Reliable',
      lastName: 'Member',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Sign-up opens no session (issue 32): sign in as the form does.
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return {
    email,
    cookie,
    request: (url, init = {}) =>
      fetch(`${init.base ?? base}${url}`, {
        method: init.method ?? 'GET',
        headers: headers({
          cookie,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        }),
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      }),
  };
}

export function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode === null) server.child.kill(signal);
  return server.exited;
}

/**
 * Admin rights the operator's way: `npm run admin -- grant EMAIL` against the server's database
 * (its DATA_DIR's running cluster, or DATABASE_URL). In production ADMIN_EMAILS waits for a
 * confirmed address, which these tests have no mailbox for.
 */
export async function grantAdmin(options: { dataDir: string; databaseUrl?: string }, email: string) {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/admin.ts', 'grant', email],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: options.dataDir,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      },
    },
  );
}
