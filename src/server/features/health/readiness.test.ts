import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { startTestJobs } from '../../../../tests/setup/test-jobs.ts';
import { buildApp } from '../../app.ts';
import { productJobs } from '../../jobs.ts';
import { cronProblem } from '../../lib/cron.ts';
import { FAILURES_IN_A_ROW_UNREADY } from '../../lib/job-health.ts';
import { startJobRunner } from '../../lib/jobs.ts';

const t = setUpTestApp();
const ready = (app = t.app) => app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready', () => {
  it('answers 503 before the job queue has started, 200 { ok: true } while it runs, 503 once it has stopped', async () => {
    const before = await ready();
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({
      ok: false,
      reasons: ['the job queue has not started (e-mail, notifications and backups wait; see the log)'],
    });
    const runner = await startTestJobs(t);
    const running = await ready();
    expect(running.json()).toEqual({ ok: true });
    expect(running.statusCode).toBe(200);
    expect(running.headers['cache-control']).toBe('no-store');
    await runner.stop();
    const after = await ready();
    expect(after.statusCode).toBe(503);
    expect(after.json()).toEqual({ ok: false, reasons: ['the job queue has stopped'] });
    // Liveness is another question: the process still answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 30_000);

  it('answers 503 naming a job that failed its last runs, and 200 again once it succeeds', async () => {
    let failing = true;
    const runner = await startJobRunner({
      databaseUrl: t.databaseUrl,
      log: t.app.log,
      jobs: [
        {
          name: 'always-broken',
          run: async () => {
            if (failing) throw new Error('broken on purpose');
          },
        },
      ],
      pollingIntervalSeconds: 0.5,
      health: t.app.jobHealth,
    });
    try {
      for (let run = 0; run < FAILURES_IN_A_ROW_UNREADY; run += 1) {
        // Each job fails its first attempt (pg-boss retries it a minute later: state `retry`).
        await waitForAttempt(runner, (await runner.send('always-broken'))!);
        if (run < FAILURES_IN_A_ROW_UNREADY - 1) expect((await ready()).statusCode).toBe(200);
      }
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        ok: false,
        reasons: [`job always-broken failed its last ${FAILURES_IN_A_ROW_UNREADY} runs (see the log)`],
      });
      failing = false;
      await waitForAttempt(runner, (await runner.send('always-broken'))!);
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('answers 503 when the job queue keeps reporting errors, until a job completes', async () => {
    const app = await buildApp({
      config: t.config,
      databaseUrl: t.databaseUrl,
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    try {
      app.jobHealth.started();
      // What pg-boss emits as `error` when its scheduler cannot parse a schedule, every cycle.
      for (let cycle = 0; cycle < FAILURES_IN_A_ROW_UNREADY; cycle += 1) {
        expect((await ready(app)).statusCode).toBe(200);
        app.jobHealth.recordQueueError(new Error('Constraint error, got value 99 expected range 0-59'));
      }
      const response = await ready(app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        ok: false,
        reasons: [
          'the job queue reported 3 errors with no job completed between them (last: Constraint error, got value 99 expected range 0-59)',
        ],
      });
      app.jobHealth.recordRun('deliver-notifications', 'completed');
      expect((await ready(app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when less than READY_MIN_FREE_MB is free under DATA_DIR', async () => {
    const app = await buildApp({
      config: { ...t.config, readyMinFreeMb: 1024 * 1024 * 1024 },
      databaseUrl: t.databaseUrl,
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    try {
      app.jobHealth.started();
      const response = await ready(app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        ok: false,
        reasons: ['less than READY_MIN_FREE_MB (1073741824 MB) is free under DATA_DIR'],
      });
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const app = await buildApp({
      config: t.config,
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none',
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    try {
      app.jobHealth.started();
      const response = await ready(app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ok: false, reasons: ['the database does not answer'] });
    } finally {
      await app.close();
    }
  });
});

/** Waits until pg-boss has run the job once (its state leaves `created`/`active`). */
async function waitForAttempt(runner: Awaited<ReturnType<typeof startJobRunner>>, id: string) {
  await expect
    .poll(async () => runner.waitFor('always-broken', id, 200), { timeout: 15_000, interval: 250 })
    .toMatch(/^(completed|failed|retry)$/);
}

describe('the product jobs', () => {
  it('all run on schedules pg-boss can parse', () => {
    const schedules = productJobs(t.app).flatMap((job) => (job.cron ? [[job.name, job.cron]] : []));
    expect(schedules.length).toBeGreaterThan(4);
    for (const [name, cron] of schedules) expect(cronProblem(cron!), name).toBeUndefined();
  });
});
