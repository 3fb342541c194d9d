import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { notFound, unauthorized } from '../lib/errors.ts';
import { createHistogram, family } from '../lib/metrics.ts';

/**
 * `GET /metrics` in Prometheus text format, for an operator's scraper: requests by route and
 * status with their latency, the database pool, the job queue, and the process (memory, CPU,
 * event loop). Only with METRICS_TOKEN set, and only for `Authorization: Bearer <token>`;
 * unset, the route answers 404 like any unknown path (README, "Monitoring").
 */
const sameSecret = (given: string, expected: string) =>
  // Hashing first gives equal lengths, so the comparison takes the same time for any input.
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

async function jobQueueSamples(pool: pg.Pool) {
  const exists = await pool.query<{ found: boolean }>(
    "select to_regclass('pgboss.job') is not null as found",
  );
  if (!exists.rows[0]?.found) return [];
  const { rows } = await pool.query<{ name: string; state: string; n: number }>(
    'select name, state::text as state, count(*)::int as n from pgboss.job group by 1, 2 order by 1, 2',
  );
  return rows.map((row) => ({ labels: { queue: row.name, state: row.state }, value: row.n }));
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { token: string | undefined }) => {
    const latency = createHistogram();
    const eventLoop = monitorEventLoopDelay({ resolution: 20 });
    eventLoop.enable();
    app.addHook('onClose', async () => eventLoop.disable());

    // Each (method, status, route) series is looked up by a plain string key, without building
    // and formatting its labels on every response.
    const seriesByKey = new Map<string, ReturnType<typeof latency.series>>();
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (`/api/content/:id`), never the raw URL: one series per route.
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let series = seriesByKey.get(key);
      if (!series) {
        series = latency.series({ method: request.method, route, status: String(reply.statusCode) });
        seriesByKey.set(key, series);
      }
      series.observe(reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const token = options.token;
      if (!token) throw notFound(`${request.method} /metrics`);
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!given || !sameSecret(given, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized();
      }
      const pool = app.database.pool;
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      const seconds = (nanoseconds: number) => nanoseconds / 1e9;
      const body = [
        family(
          'stillpoint_http_requests_total',
          'counter',
          'HTTP requests answered, by route and status.',
          latency.counts(),
        ),
        family(
          'stillpoint_http_request_duration_seconds',
          'histogram',
          'Time to answer HTTP requests.',
          latency.samples(),
        ),
        family('stillpoint_db_pool_connections', 'gauge', 'Database pool connections by state.', [
          { labels: { state: 'total' }, value: pool.totalCount },
          { labels: { state: 'idle' }, value: pool.idleCount },
          { labels: { state: 'waiting' }, value: pool.waitingCount },
        ]),
        family(
          'stillpoint_jobs',
          'gauge',
          'Background jobs in the queue, by queue and state.',
          await jobQueueSamples(pool),
        ),
        family('stillpoint_process_memory_bytes', 'gauge', 'Process memory by kind.', [
          { labels: { kind: 'rss' }, value: memory.rss },
          { labels: { kind: 'heap_used' }, value: memory.heapUsed },
          { labels: { kind: 'heap_total' }, value: memory.heapTotal },
          { labels: { kind: 'external' }, value: memory.external },
        ]),
        family('stillpoint_process_cpu_seconds_total', 'counter', 'CPU time used by the process.', [
          { labels: { mode: 'user' }, value: cpu.user / 1e6 },
          { labels: { mode: 'system' }, value: cpu.system / 1e6 },
        ]),
        family('stillpoint_process_uptime_seconds', 'gauge', 'Seconds since the process started.', [
          { value: process.uptime() },
        ]),
        family(
          'stillpoint_event_loop_delay_seconds',
          'gauge',
          'Event loop delay since the previous scrape.',
          [
            { labels: { quantile: '0.5' }, value: seconds(eventLoop.percentile(50)) },
            { labels: { quantile: '0.99' }, value: seconds(eventLoop.percentile(99)) },
            { labels: { quantile: '1' }, value: seconds(eventLoop.max) },
          ],
        ),
      ].join('\n\n');
      eventLoop.reset();
      return reply
        .header('cache-control', 'no-store')
        .type('text/plain; version=0.0.4; charset=utf-8')
        .send(`${body}\n`);
    });
  },
  { name: 'metrics' },
);
