import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import { retryOnDeadlock } from './db-errors.ts';
import type { JobHealth } from './job-health.ts';
import { retirePgBoss10Schema } from './job-queue-upgrade.ts';

/**
 * Background jobs on pg-boss (queues in PostgreSQL, decision 008): no extra server, and a cron
 * schedule runs once across every instance sharing the database. Jobs are plain async functions;
 * each run is logged, and a failure is retried by pg-boss (twice, a minute apart).
 */
export type JobDefinition = {
  name: string;
  /** A cron expression in UTC; omit for jobs that are only sent on demand. */
  cron?: string;
  run: () => Promise<unknown>;
};

export type JobRunner = {
  /** Queue a run now (tests, and the admin's "run now"); resolves to the job id. */
  send: (name: string) => Promise<string | null>;
  /** Waits up to `timeoutMs` for a queued job to finish; returns its final state. */
  waitFor: (name: string, id: string, timeoutMs?: number) => Promise<string>;
  stop: () => Promise<void>;
};

/** Several instances may start at once; each queue creation may lose a few deadlocks. */
const STARTUP_RETRIES = { attempts: 6, pauseMs: 100 };

/** pg-boss's own schema in the site's database (a rollback drops it with the app's tables). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

export async function startJobRunner(options: {
  databaseUrl: string;
  log: FastifyBaseLogger;
  jobs: JobDefinition[];
  /** How often idle workers look for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Told when the runner starts and stops and how each run ends (readiness and metrics). */
  health?: JobHealth;
}): Promise<JobRunner> {
  const { log, health } = options;
  const schema = JOB_QUEUE_SCHEMA;
  // A database a pg-boss 10 release used: its schema cannot be migrated (job-queue-upgrade.ts).
  const carried = await retirePgBoss10Schema(options.databaseUrl, schema, log);
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema,
    max: 3,
    application_name: 'stillpoint-jobs',
  });
  boss.on('error', (error) => {
    log.error({ err: error }, 'job queue error');
    health?.recordQueueError(error);
  });
  await boss.start();

  try {
    for (const job of options.jobs) {
      // Instances starting together create the same queues at once; PostgreSQL may pick one of
      // them as a deadlock victim. Creating a queue is idempotent, so the victim tries again.
      await retryOnDeadlock(
        () =>
          boss.createQueue(job.name, {
            retryLimit: 2,
            retryDelay: 60,
            retryBackoff: true,
            expireInSeconds: 60 * 60,
          }),
        STARTUP_RETRIES,
      );
      const cron = job.cron;
      if (cron) {
        await retryOnDeadlock(() => boss.schedule(job.name, cron, {}, { tz: 'UTC' }), STARTUP_RETRIES);
      }
      await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
        const started = Date.now();
        try {
          const result = await job.run();
          log.info({ job: job.name, ms: Date.now() - started, result }, 'job finished');
          health?.recordRun(job.name, 'completed');
          return result;
        } catch (error) {
          log.error({ err: error, job: job.name }, 'job failed');
          health?.recordRun(job.name, 'failed');
          throw error;
        }
      });
    }
    // Jobs that were waiting in the pg-boss 10 schema, for queues this instance still runs.
    const names = new Set(options.jobs.map((job) => job.name));
    for (const job of carried) if (names.has(job.name)) await boss.send(job.name, job.data ?? {});
  } catch (error) {
    // Half set up: stop what started, so a retry begins clean.
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }
  health?.started();
  boss.on('stopped', () => health?.stopped());

  return {
    send: (name) => boss.send(name, {}),
    waitFor: async (name, id, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await boss.getJobById(name, id);
        if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
        if (Date.now() > deadline) return job?.state ?? 'missing';
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    // stop() waits for running jobs (up to the timeout) before it resolves.
    stop: async () => {
      health?.stopped();
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
