import os from 'node:os';
import { buildLibrary } from './dataset.ts';
import {
  cpuSeconds,
  fetchBytes,
  type LoadResult,
  load,
  startAppServer,
  startBenchDatabase,
  startCeilingServer,
  writeResults,
} from './lib.ts';

/**
 * Library scenario: 10,000 content items generated in SQL; GET /api/videos first page and a
 * search, 50 connections, next to a bare node:http server returning the same bytes.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);

const database = await startBenchDatabase();
console.info(`generating ${ITEMS} content items…`);
await buildLibrary(database.query, ITEMS);
await database.query('analyze content_items');

const app = await startAppServer(database.databaseUrl, database.dir);
const scenarios = [
  { name: 'health', path: '/api/health' },
  { name: 'library first page', path: '/api/videos' },
  { name: 'library search', path: '/api/videos?search=breath' },
];
// The first health answer goes through Fastify; the server answers the next ones itself (app.ts).
await fetchBytes(`${app.url}/api/health`);
const responses = Object.fromEntries(
  await Promise.all(scenarios.map(async (s) => [s.path, await fetchBytes(`${app.url}${s.path}`)] as const)),
);
const ceiling = await startCeilingServer(responses);

const rows: Array<{
  scenario: string;
  path: string;
  bytes: number;
  app: LoadResult & { cpuMicrosPerRequest: number };
  ceiling: (LoadResult & { cpuMicrosPerRequest: number }) | null;
  ratio: number | null;
  /** Ceiling's CPU time per request ÷ the app's: the ratio with the machine's other load taken out. */
  cpuRatio: number | null;
}> = [];
/** One load, with the server's CPU time per request (steadier than req/s on a shared machine). */
async function measured(server: { url: string; pid: number }, path: string, options = {}) {
  const before = cpuSeconds(server.pid);
  const result = await load(`${server.url}${path}`, SECONDS, 50, options);
  const cpu = cpuSeconds(server.pid) - before;
  const requests = result.requestsPerSecond * SECONDS;
  return { ...result, cpuMicrosPerRequest: Math.round((cpu / requests) * 1e7) / 10 };
}
for (const scenario of scenarios) {
  const appResult = await measured(app, scenario.path);
  const ceilingResult = await measured(ceiling, scenario.path);
  rows.push({
    scenario: scenario.name,
    path: scenario.path,
    bytes: responses[scenario.path]!.body.length,
    app: appResult,
    ceiling: ceilingResult,
    ratio: Number((appResult.requestsPerSecond / ceilingResult.requestsPerSecond).toFixed(3)),
    cpuRatio: Number((ceilingResult.cpuMicrosPerRequest / appResult.cpuMicrosPerRequest).toFixed(3)),
  });
}
// The cache's floor: a different search on every request, so every one reaches PostgreSQL.
const words = ['breath', 'sleep', 'focus', 'walking', 'gentle', 'morning', 'rest', 'calm', 'body', 'open'];
const uncached = await measured(app, '/api/videos', {
  paths: Array.from({ length: 5000 }, (_, n) => `/api/videos?search=${words[n % words.length]}%20${n}`),
});
rows.push({
  scenario: 'search, uncached',
  path: '/api/videos?search=<varies>',
  bytes: 0,
  app: uncached,
  ceiling: null,
  ratio: null,
  cpuRatio: null,
});
await ceiling.stop();
await app.stop();
await database.stop();

const file = writeResults('library', {
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  items: ITEMS,
  seconds: SECONDS,
  connections: 50,
  rows,
});
console.info(
  '\nscenario             req/s   p50 ms  p99 ms  ceiling req/s  ratio   CPU µs/req app/ceiling  CPU ratio',
);
for (const row of rows) {
  console.info(
    `${row.scenario.padEnd(20)} ${String(row.app.requestsPerSecond).padStart(6)} ${String(row.app.p50).padStart(8)} ${String(row.app.p99).padStart(7)} ${String(row.ceiling?.requestsPerSecond ?? '-').padStart(14)}  ${row.ratio === null ? '    -' : `${(row.ratio * 100).toFixed(1)}%`.padStart(6)}  ${`${row.app.cpuMicrosPerRequest} / ${row.ceiling?.cpuMicrosPerRequest ?? '-'}`.padStart(22)}  ${row.cpuRatio === null ? '    -' : `${(row.cpuRatio * 100).toFixed(1)}%`.padStart(6)}${row.app.non2xx || row.app.errors ? `  (${row.app.non2xx} non-2xx, ${row.app.errors} errors)` : ''}`,
  );
}
console.info(`\nwritten to ${file}`);
