import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { connectDatabase, type Database } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { getContentAnalytics } from '../src/server/features/admin/content-metrics.ts';
import {
  readContentAnalytics,
  refreshContentAnalytics,
} from '../src/server/features/admin/content-snapshots.ts';
import { buildLibrary, buildPractice, buildUsers } from './dataset.ts';

/**
 * The admin's content figures (issue 35, decision 091) at the admin benchmark's size: 100,000
 * members, 10,000 items, 1,000,000 practice sessions over 120 days and 20,000 questionnaires.
 * Each statement `getContentAnalytics` runs is printed under `EXPLAIN (ANALYZE, BUFFERS)` for the
 * 7- and 90-day windows (`BENCH_EXPLAIN_DAYS`; one at a time, on a warm cache: the second of two
 * runs; `BENCH_EXPLAIN_ONLY=1` stops there), then the mean wall time of the whole call computed
 * live and read from its stored answer (decision 098), and one run of the refresh job. The database is kept in `BENCH_EXPLAIN_DIR` (default
 * /tmp/stillpoint-content-explain) so a second run skips seeding.
 *
 *   node --import tsx bench/content-explain.ts
 */
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const QUESTIONNAIRES = Number(process.env.BENCH_QUESTIONNAIRES ?? 20_000);
const dir = process.env.BENCH_EXPLAIN_DIR ?? path.join(os.tmpdir(), 'stillpoint-content-explain');
const isSeeded = fs.existsSync(path.join(dir, 'seeded'));
fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
fs.chmodSync(dir, 0o755);
const cluster = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'postgres'),
  password: 'bench-only',
  settings: { shared_buffers: '256MB' },
});
const databaseUrl = cluster.connectionString('postgres');
// Migrations run every time, so a changed index or table applies to a kept database.
await runMigrations(databaseUrl);
const { db, pool } = connectDatabase(databaseUrl, { max: 6 });
const query = (text: string) => pool.query(text);
if (!isSeeded) {
  console.info(`seeding ${USERS.toLocaleString()} users, ${SESSIONS.toLocaleString()} sessions…`);
  await buildUsers(query, USERS);
  await buildLibrary(query, 10_000);
  await buildPractice(query, SESSIONS, QUESTIONNAIRES);
  await query('vacuum analyze');
  fs.writeFileSync(path.join(dir, 'seeded'), String(SESSIONS));
}
if (process.env.BENCH_EXPLAIN_PREPARE) {
  // A hook for whatever the figures read besides the sessions (a rollup filled by its job).
  const { prepare } = await import(path.resolve(process.env.BENCH_EXPLAIN_PREPARE));
  await prepare(db);
}

const dialect = new PgDialect();
const names = ['totals', 'top items', 'weekly members', 'retention', 'questionnaires', 'questionnaire weeks'];

/** Stands in for the database: each statement is explained (twice, the second printed), in turn. */
function explaining(label: string): Database {
  let index = 0;
  let queue = Promise.resolve();
  const execute = (statement: SQL) => {
    const name = names[index++] ?? `statement ${index}`;
    const run = queue.then(async () => {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      await pool.query(`explain (analyze, buffers) ${text}`, params);
      const plan = await pool.query(`explain (analyze, buffers) ${text}`, params);
      const lines = plan.rows.map((row: Record<string, string>) => String(row['QUERY PLAN']));
      console.info(`\n=== ${label}: ${name} ===`);
      console.info(
        process.env.BENCH_EXPLAIN_FULL
          ? lines.join('\n')
          : lines.filter((line) => /Execution Time|Planning Time/.test(line)).join('\n'),
      );
      return { rows: [] as unknown[] };
    });
    queue = run.then(() => undefined);
    return run;
  };
  return { execute } as unknown as Database;
}

const windows = (process.env.BENCH_EXPLAIN_DAYS ?? '7,90').split(',').map(Number) as (7 | 30 | 90)[];
for (const days of windows) {
  await getContentAnalytics(explaining(`${days} days`), { days, timeZone: 'Europe/London' }).catch(() => {});
}

async function meanMs(run: () => Promise<unknown>, times = 3) {
  await run();
  const start = process.hrtime.bigint();
  for (let i = 0; i < times; i += 1) await run();
  return Number(process.hrtime.bigint() - start) / 1e6 / times;
}
console.info('\nmean wall time of the whole call (ms):');
for (const days of [7, 30, 90] as const) {
  const query = { days, timeZone: 'Europe/London' };
  const live = await meanMs(() => getContentAnalytics(db, query));
  const stored = await meanMs(() => readContentAnalytics(db, query), 20);
  console.info(`  ${days} days: computed live ${live.toFixed(1)}, stored answer read ${stored.toFixed(2)}`);
}
// What the refresh job costs each zone an admin reads: its three windows, one after another.
const start = process.hrtime.bigint();
await refreshContentAnalytics(db);
console.info(
  `refresh job, one zone (3 windows): ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0)} ms`,
);
await pool.end();
await cluster.stop();
