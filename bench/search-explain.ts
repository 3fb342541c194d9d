import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { connectDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { listContent } from '../src/server/features/library/index.ts';
import {
  forumSearchStatement,
  type MatchRoute,
  searchForums,
} from '../src/server/features/search/search.service.ts';
import type { MemberAccess } from '../src/server/lib/viewer.ts';
import { buildCommunity, buildLibrary, buildUsers } from './dataset.ts';

/**
 * Where the header search's time goes, per section, on the benchmark's dataset (issue 38):
 * `EXPLAIN (ANALYZE, BUFFERS)` of the forum statement on each route (the newest rows first, as
 * before decision 093, and the GIN index alone) for a common word, a rare word and a word no post
 * holds, then the mean wall time of each section's call. The database is kept in
 * `BENCH_EXPLAIN_DIR` (default /tmp/stillpoint-search-explain) so a second run skips seeding.
 *
 *   BENCH_POSTS=1000000 node --import tsx bench/search-explain.ts
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const dir = process.env.BENCH_EXPLAIN_DIR ?? path.join(os.tmpdir(), 'stillpoint-search-explain');
const isSeeded = fs.existsSync(path.join(dir, 'seeded'));
fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
fs.chmodSync(dir, 0o755);
const cluster = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'postgres'),
  password: 'bench-only',
  settings: { shared_buffers: '256MB' },
});
const databaseUrl = cluster.connectionString('postgres');
const { db, pool } = connectDatabase(databaseUrl, { max: 2 });
const query = (text: string) => pool.query(text);
if (!isSeeded) {
  await runMigrations(databaseUrl);
  console.info(`seeding ${POSTS.toLocaleString()} posts, ${(2 * POSTS).toLocaleString()} comments…`);
  await buildUsers(query, 100_000);
  await buildLibrary(query, 10_000);
  await buildCommunity(query, {
    users: 100_000,
    items: 10_000,
    posts: POSTS,
    commentsPerPost: 2,
    hiddenEvery: 97,
  });
  await query('vacuum analyze');
  fs.writeFileSync(path.join(dir, 'seeded'), String(POSTS));
}
const dialect = new PgDialect();
const viewer: MemberAccess = {
  id: '00000000-0000-4000-8000-000000000000',
  role: 'member',
  hasPremiumAccess: false,
  canModerate: false,
};
const searches = [
  ['common word', 'calm'],
  ['rare word', String(Math.floor(POSTS / 2))],
  ['word in no post', 'breath'],
] as const;

for (const [name, search] of searches) {
  for (const route of ['window', 'index', undefined] as const) {
    const statement = await forumSearchStatement(db, search, { limit: 10, route }, viewer);
    if (!statement) continue;
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const plan = await pool.query(`explain (analyze, buffers, costs off) ${text}`, params);
    const lines = plan.rows.map((row: Record<string, string>) => String(row['QUERY PLAN']));
    console.info(`\n=== forums, ${name} (${search}), route ${route ?? 'chosen by the statistics'} ===`);
    if (process.env.BENCH_EXPLAIN_FULL) console.info(lines.join('\n'));
    else
      console.info(
        lines
          .filter((line) => /Execution|Planning|Buffers: shared hit=\d+ read|^\S/.test(line))
          .slice(-4)
          .join('\n'),
      );
  }
}

async function meanMs(run: () => Promise<unknown>, times = 40) {
  for (let i = 0; i < 5; i += 1) await run();
  const start = process.hrtime.bigint();
  for (let i = 0; i < times; i += 1) await run();
  return Number(process.hrtime.bigint() - start) / 1e6 / times;
}

console.info('\nmean wall time per call (one connection at a time, ms):');
for (const [name, search] of searches) {
  const figures: string[] = [];
  for (const route of ['window', 'index', undefined] as (MatchRoute | undefined)[]) {
    const ms = await meanMs(() => searchForums(db, search, { limit: 10, route }, viewer));
    figures.push(`forums ${route ?? 'chosen'} ${ms.toFixed(2)}`);
  }
  const library = await meanMs(() =>
    listContent(
      db,
      {
        search,
        type: undefined,
        access: undefined,
        duration: undefined,
        language: undefined,
        sort: 'newest',
        limit: 10,
        cursor: undefined,
      },
      viewer,
      { publishedOnly: true },
    ),
  );
  console.info(`  ${name.padEnd(16)} ${figures.join(', ')}, library ${library.toFixed(2)}`);
}
await pool.end();
await cluster.stop();
