import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { findLatestBackup } from './latest-backup.ts';

/**
 * The app's Prometheus metrics, on prom-client (the maintained client: valid exposition format,
 * `promtool check metrics` clean). One registry per app, so two apps in one process (tests) never
 * share a series. Served by plugins/metrics.ts at `GET /metrics`.
 */
export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** Request latency buckets in seconds, from a cached answer to a slow report. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const LINT_FAILING_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export function createAppMetrics(options: { pool: pg.Pool; backupsDir: string }) {
  const registry = new Registry();
  const registers = [registry];

  const httpRequestDuration = new Histogram({
    name: 'stillpoint_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status (its _count counts them).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const { pool } = options;
  new Gauge({
    name: 'stillpoint_db_pool_connections',
    help: 'Database pool connections by state (total, idle, and requests waiting for one).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new Gauge({
    name: 'stillpoint_jobs',
    help: 'Background jobs in the pg-boss queue, by queue and state.',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      // Before pg-boss made its schema, or while the database is away, the query fails: the
      // scrape still gets every other figure (the pool's among them).
      const rows = await pool
        .query<{ name: string; state: string; n: number }>(
          'select name, state::text as state, count(*)::int as n from pgboss.job group by 1, 2',
        )
        .then((result) => result.rows)
        .catch(() => []);
      for (const row of rows) this.set({ queue: row.name, state: row.state }, row.n);
    },
  });

  const jobRuns = new Counter({
    name: 'stillpoint_job_runs_total',
    help: 'Background job runs in this instance, by job and outcome (completed or failed).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });

  const emails = new Counter({
    name: 'stillpoint_emails_total',
    help: 'E-mails handed to SMTP, by outcome (sent, or failed and retried later).',
    labelNames: ['outcome'] as const,
    registers,
  });

  // The newest archive: the one this process made, or (made by `npm run admin -- backup` or
  // another instance) the newest file in the backups folder.
  let lastMade: { at: Date; bytes: number } | undefined;
  const latestBackup = () => {
    const onDisk = findLatestBackup(options.backupsDir);
    if (!lastMade) return onDisk;
    return onDisk && onDisk.at > lastMade.at ? onDisk : lastMade;
  };
  new Gauge({
    name: 'stillpoint_backup_last_timestamp_seconds',
    help: 'When the newest backup archive was written (Unix time; 0 before the first).',
    registers,
    collect() {
      this.reset();
      const latest = latestBackup();
      if (latest) this.set(latest.at.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'stillpoint_backup_last_size_bytes',
    help: 'Size of the newest backup archive in bytes (0 before the first).',
    registers,
    collect() {
      this.reset();
      const latest = latestBackup();
      if (latest) this.set(latest.bytes);
    },
  });

  return {
    registry,
    httpRequestDuration,
    /** Process figures (CPU, memory, GC, file descriptors, event loop): only when scraped. */
    collectProcessMetrics: () => {
      collectDefaultMetrics({ register: registry });
      // Gauges named `_total` fail `promtool check metrics`; each is the sum of the same family
      // without the suffix (by type), which stays.
      for (const name of LINT_FAILING_DEFAULTS) registry.removeSingleMetric(name);
    },
    recordJobRun: (job: string, outcome: 'completed' | 'failed') => jobRuns.inc({ job, outcome }),
    recordEmails: (result: { sent: number; failed: number }) => {
      if (result.sent) emails.inc({ outcome: 'sent' }, result.sent);
      if (result.failed) emails.inc({ outcome: 'failed' }, result.failed);
    },
    recordBackup: (backup: { bytes: number }) => {
      lastMade = { at: new Date(), bytes: backup.bytes };
    },
  };
}
