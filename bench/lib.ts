import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildState } from '../scripts/lib/build-state.mjs';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { type LoadResult, wrk } from './wrk.ts';

export const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway embedded PostgreSQL with the migrations applied (default durability settings).
 * `settings` replaces the benchmark's own (256 MB of shared buffers, 200 connections); `{}` runs
 * PostgreSQL's defaults, as the server's embedded database does.
 */
export async function startBenchDatabase(
  settings: Record<string, string> = { shared_buffers: '256MB', max_connections: '200' },
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-bench-'));
  fs.chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    password: 'bench-only',
    settings,
  });
  const databaseUrl = cluster.connectionString('postgres');
  // A benchmark that throws still stops its database: 'exit' is emitted after an uncaught error too
  // (a failed full run once left its PostgreSQL and server running through the next runs).
  const stopOnExit = () => {
    if (cluster.pid) process.kill(cluster.pid, 'SIGINT'); // PostgreSQL's fast shutdown
  };
  process.once('exit', stopOnExit);
  await runMigrations(databaseUrl);
  return {
    databaseUrl,
    dir,
    /** The postmaster's process id: its backends are its children (`postgresCpuSeconds`). */
    pid: cluster.pid,
    query: async (text: string) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      process.off('exit', stopOnExit);
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run build` when dist/ is missing or older than the sources (as `npm start` does), so the
 * benchmark measures the compiled JavaScript production runs, not the sources through tsx.
 */
export function ensureBuild() {
  if (buildState() === 'fresh') return;
  console.info('building the app…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
}

/** The real server as production runs it (the compiled build), in its own process. */
export async function startAppServer(
  databaseUrl: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  /** A command the server runs under, e.g. `taskset -c 0` (bench/small-machine.ts). */
  launcher: string[] = [],
): Promise<{
  url: string;
  pid: number;
  stop: () => Promise<void>;
  /** SIGKILL, as a machine dies (bench/newsletter.ts's restart mid-send). */
  kill: () => Promise<void>;
}> {
  ensureBuild();
  const port = await freePort();
  // BENCH_PROFILE=dir writes a V8 CPU profile of the server to that folder (open it in DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  // The production command (docs/deploy.md): start.mjs adds the server's V8 settings.
  const command = [...launcher, process.execPath, ...profile, path.join(root, 'scripts/start.mjs')];
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-1',
      ALLOW_TEST_CHECKOUT: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Stopped with the benchmark, even one that throws (as its database, above).
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  child.once('exit', () => process.off('exit', stopOnExit));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => String(chunk).includes('is running at') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
    kill: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** A response as the ceiling repeats it: the body and every header the app chose. */
export type CeilingResponse = { body: Buffer; headers: Record<string, string> };

/** Headers Node writes for itself on every response (the ceiling's server does the same). */
const PER_RESPONSE_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * The app's answer as the ceiling repeats it. With `BENCH_BARE_CEILING=1` only the content type
 * is kept (the ceiling before decision 046, which left out the security headers the app sends).
 */
export async function ceilingResponse(response: Response): Promise<CeilingResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (PER_RESPONSE_HEADERS.has(name)) continue;
    if (process.env.BENCH_BARE_CEILING === '1' && name !== 'content-type') continue;
    headers[name] = value;
  }
  return { body: Buffer.from(await response.arrayBuffer()), headers };
}

/**
 * The ceiling: a bare node:http server in its own process answering each path with the exact
 * bytes the app answered — the same body and the same headers (security headers, cache-control,
 * the next-page cursor; Node adds date, connection and content-length for both), so the ratio
 * shows what the app's own work costs (docs/decisions/046).
 */
export async function startCeilingServer(responses: Record<string, CeilingResponse>) {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `stillpoint-ceiling-${process.pid}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(responses).map(([url, r]) => [
          url,
          { body: r.body.toString('base64'), headers: r.headers },
        ]),
      ),
    ),
  );
  const script = `
    const http = require('node:http');
    const data = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
    const table = new Map(Object.entries(data).map(([url, r]) => {
      const body = Buffer.from(r.body, 'base64');
      return [url, { body, headers: { ...r.headers, 'content-length': String(body.length) } }];
    }));
    http.createServer((req, res) => {
      const r = table.get(req.url);
      if (!r) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, r.headers);
      res.end(r.body);
    }).listen(${port}, '127.0.0.1', () => process.stdout.write('ready\\n'));
    // A normal exit on SIGTERM, so that --cpu-prof writes its profile.
    process.on('SIGTERM', () => process.exit(0));
  `;
  // With BENCH_PROFILE the ceiling is profiled too (its file names carry its own pid).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        fs.rmSync(file, { force: true });
      }),
  };
}

export async function fetchBytes(url: string, init?: RequestInit): Promise<CeilingResponse> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ceilingResponse(response);
}

/**
 * CPU seconds (user + system) a process has used so far (Linux /proc). CPU time per request is
 * steadier than req/s on a shared machine: other processes slow the clock, not the work.
 */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ = 100 on Linux)
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds PostgreSQL has used: the postmaster, its live children (the backends, the
 * checkpointer…) and the children that have exited. Read before a pool closes its connections,
 * or the exited backends' time is counted only once the postmaster has reaped them.
 */
export function postgresCpuSeconds(postmasterPid: number): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fields: string[];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    } catch {
      continue; // exited while we read
    }
    const ticks = (from: number, to: number) =>
      fields.slice(from, to + 1).reduce((sum, value) => sum + Number(value), 0);
    if (Number(entry) === postmasterPid)
      total += ticks(11, 14) / 100; // own and reaped children's
    else if (Number(fields[1]) === postmasterPid) total += ticks(11, 12) / 100;
  }
  return total;
}

/** CPU seconds the whole machine has been busy (every core, every process, the kernel). */
export function machineBusySeconds(): number {
  const [, user, nice, system, , , irq, softirq] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  // Steal (the hypervisor running someone else) is not this machine's work.
  return (user! + nice! + system! + irq! + softirq!) / 100;
}

/** Where a load's CPU time went, in µs per request: the app's Node process, PostgreSQL, the machine. */
export type CpuPerRequest = { node: number; postgres: number; machine: number };

/**
 * Resident memory during a load, the highest of samples taken every 250 ms, in MB (issue 38):
 * the server's `VmRSS` (/proc/<pid>/status), and PostgreSQL's as the sum of the `Pss` of the
 * postmaster and its children (/proc/<pid>/smaps_rollup): proportional set size splits the shared
 * buffers between the processes that touch them, where summing each backend's RSS would count
 * them once per backend.
 */
export type MemoryPeak = { serverRssMb: number; postgresPssMb: number };

function procKilobytes(file: string, field: string): number {
  try {
    const match = fs.readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // exited while we read
  }
}

/** The server's resident set (VmRSS), in kB. */
export function serverRssKb(pid: number): number {
  return procKilobytes(`/proc/${pid}/status`, 'VmRSS');
}

/** PostgreSQL's proportional set size: the postmaster's and its children's Pss summed, in kB. */
export function postgresPssKb(postmasterPid: number): number {
  let total = procKilobytes(`/proc/${postmasterPid}/smaps_rollup`, 'Pss');
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === postmasterPid) continue;
    let parent: string | undefined;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    } catch {
      continue;
    }
    if (Number(parent) === postmasterPid) total += procKilobytes(`/proc/${entry}/smaps_rollup`, 'Pss');
  }
  return total;
}

/** Samples both every 250 ms until `stop`, which answers the peaks. */
export function sampleMemory(pids: { node: number; postgres: number }): { stop: () => MemoryPeak } {
  let server = 0;
  let postgres = 0;
  const sample = () => {
    server = Math.max(server, serverRssKb(pids.node));
    postgres = Math.max(postgres, postgresPssKb(pids.postgres));
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const mb = (kb: number) => Math.round(kb / 102.4) / 10;
      return { serverRssMb: mb(server), postgresPssMb: mb(postgres) };
    },
  };
}

/**
 * Runs `run` and splits the CPU time it cost by process. The machine's figure includes the load
 * generator and the kernel: two cores can serve at most 2 s ÷ that figure requests a second.
 * Also the peaks of resident memory during the run (`sampleMemory`).
 */
export async function withCpuAccount<T extends { requestsPerSecond: number }>(
  pids: { node: number; postgres: number },
  seconds: number,
  run: () => Promise<T>,
): Promise<T & { cpu: CpuPerRequest; memory: MemoryPeak }> {
  const read = () => [cpuSeconds(pids.node), postgresCpuSeconds(pids.postgres), machineBusySeconds()];
  const before = read();
  const memory = sampleMemory(pids);
  const result = await run();
  const after = read();
  const requests = Math.max(1, result.requestsPerSecond * seconds);
  const micros = (index: number) => Math.round(((after[index]! - before[index]!) / requests) * 1e6);
  return {
    ...result,
    cpu: { node: micros(0), postgres: micros(1), machine: micros(2) },
    memory: memory.stop(),
  };
}

export type { LoadResult };

/** One wrk run (see wrk.ts): 50 connections by default, optional headers and rotating paths. */
export function load(
  url: string,
  seconds: number,
  connections = 50,
  options: { headers?: Record<string, string>; paths?: string[] } = {},
): Promise<LoadResult> {
  return wrk(url, { seconds, connections, ...options });
}

export function writeResults(name: string, results: unknown) {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // first run
  }
  all[name] = results;
  fs.writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  return file;
}

export { http };
