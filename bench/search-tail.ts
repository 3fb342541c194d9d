import fs from 'node:fs';
import { buildLibrary } from './dataset.ts';
import { startAppServer, startBenchDatabase, withCpuAccount } from './lib.ts';
import { requireWrk, wrk } from './wrk.ts';

/**
 * `node --import tsx bench/search-tail.ts [pool size…]`: where the uncached library search's p99
 * comes from, per database pool size (decision 069). For each size given (default `20 8`; repeat
 * one to see the spread from one start to the next) the server starts with that
 * `DATABASE_POOL_SIZE` on 10,000 items, and wrk loads the search that misses every cache
 * (50 connections, BENCH_SECONDS each, BENCH_RUNS runs). Each run prints:
 * - req/s, p50 and p99 as wrk saw them, and the CPU per request by process;
 * - the share of requests the server itself took over 25 and 50 ms (its `/metrics` histogram);
 *   the rest of wrk's tail is time before the server reads a request or after it writes one;
 * - how long the Node process's main thread was ready to run but waiting for a core
 *   (`/proc/<pid>/schedstat`).
 * The first run after each start opens the pool's connections and warms the JIT: read it apart.
 */
requireWrk();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const sizes = process.argv.slice(2).map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error('pool sizes are whole numbers');
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

const database = await startBenchDatabase();
await buildLibrary(database.query, 10_000);
await database.query('vacuum analyze');
await database.query('checkpoint');
const words = ['breath', 'sleep', 'focus', 'walking', 'gentle', 'morning', 'rest', 'calm', 'body', 'open'];
const paths = Array.from({ length: 5000 }, (_, n) => `/api/videos?search=${words[n % words.length]}%20${n}`);

/** The server's own latency histogram for the list route, cumulative counts by bucket bound. */
async function serverBuckets(url: string): Promise<Map<string, number>> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const buckets = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('stillpoint_http_request_duration_seconds_bucket')) continue;
    if (!line.includes('route="/api/videos"') || !line.includes('status="200"')) continue;
    const bound = /le="([^"]+)"/.exec(line)?.[1];
    if (bound) buckets.set(bound, Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return buckets;
}

/** [on a core, waiting for one] in seconds, of the process's main thread. */
function schedule(pid: number): [number, number] {
  const [running = 0, waiting = 0] = fs
    .readFileSync(`/proc/${pid}/schedstat`, 'utf8')
    .trim()
    .split(' ')
    .map(Number);
  return [running / 1e9, waiting / 1e9];
}

for (const size of sizes.length > 0 ? sizes : [20, 8]) {
  const app = await startAppServer(database.databaseUrl, database.dir, {
    DATABASE_POOL_SIZE: String(size),
    METRICS_TOKEN,
  });
  console.info(`\npool of ${size}`);
  console.info(
    ' run   req/s  p50 ms  p99 ms  µs Node · PostgreSQL · machine  server >25 / >50 ms  Node waiting for a core',
  );
  let before = await serverBuckets(app.url);
  for (let run = 1; run <= RUNS; run += 1) {
    const [runningBefore, waitingBefore] = schedule(app.pid);
    const result = await withCpuAccount({ node: app.pid, postgres: database.pid }, SECONDS, () =>
      wrk(`${app.url}/`, { seconds: SECONDS, connections: 50, paths }),
    );
    const [running, waiting] = schedule(app.pid);
    const after = await serverBuckets(app.url);
    const count = (bound: string) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0);
    const over = (bound: string) => `${((1 - count(bound) / Math.max(1, count('+Inf'))) * 100).toFixed(2)}%`;
    const serverTail = `${over('0.025')} / ${over('0.05')}`;
    before = after;
    const waitShare =
      (waiting - waitingBefore) / Math.max(1e-9, running - runningBefore + waiting - waitingBefore);
    console.info(
      `${String(run).padStart(4)} ${String(result.requestsPerSecond).padStart(7)} ${String(result.p50).padStart(7)} ${String(result.p99).padStart(7)}  ${`${result.cpu.node} · ${result.cpu.postgres} · ${result.cpu.machine}`.padStart(28)}  ${serverTail.padStart(18)}  ${(waitShare * 100).toFixed(0)}% of its ready time${result.errors || result.non2xx ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`,
    );
  }
  await app.stop();
}
await database.stop();
