import os from 'node:os';
import pg from 'pg';
import { buildLibrary } from './dataset.ts';
import { startBenchDatabase } from './lib.ts';

/**
 * `node --import tsx bench/search-pool.ts`: PostgreSQL's side of the uncached library search alone,
 * without HTTP or Fastify: the visitor's search statement (the service's SQL for the
 * `card` shape, written out) with a different word and number per query, 50 callers through a
 * pool of 20, 8 and 4 connections, twice. Says what the database and the driver allow before the
 * app adds anything (bench/README.md, "Open notes"). BENCH_SECONDS (5) per pool size.
 */

const database = await startBenchDatabase();
await buildLibrary(database.query, 10_000);
await database.query('analyze');
const cols = `id, title, description, type, thumbnail_url, video_url, video_file_url, duration, is_premium, is_published, tags, intensity, calendar_dates, created_at, updated_at`;
const text = `select ${cols} from content_items where is_published = true and search_vector @@ to_tsquery('simple', $1) and (not is_premium or search_vector @@ to_tsquery('simple', $2)) order by created_at desc, id desc limit $3`;
const words = ['breath', 'sleep', 'focus', 'walking', 'gentle', 'morning', 'rest', 'calm', 'body', 'open'];
// Typed words are looked up whole: the vector stores every opening of a word (decision 065).
const args = (n: number) => [`${words[n % 10]} & ${n % 5000}`, `${words[n % 10]}:AB & ${n % 5000}:AB`, 25];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
for (const round of [1, 2]) {
  for (const max of [20, 8, 4]) {
    const pool = new pg.Pool({ connectionString: database.databaseUrl, max });
    pool.on('error', () => {});
    await Promise.all(Array.from({ length: max }, () => pool.query('select 1')));
    let done = 0;
    const latencies: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    const usage = process.cpuUsage();
    await Promise.all(
      Array.from({ length: 50 }, async (_, worker) => {
        let n = worker;
        while (performance.now() < end) {
          const t = performance.now();
          await pool.query({ text, values: args(n) });
          latencies.push(performance.now() - t);
          n += 50;
          done++;
        }
      }),
    );
    const cpu = process.cpuUsage(usage);
    latencies.sort((a, b) => a - b);
    console.info(
      `round ${round} pool ${max}: ${Math.round(done / SECONDS)} q/s, p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, p99 ${latencies[Math.floor(latencies.length * 0.99)]!.toFixed(1)} ms, node cpu ${Math.round((cpu.user + cpu.system) / done)} µs/q, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    await pool.end();
  }
}
await database.stop();
