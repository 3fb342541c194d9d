import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/setup/test-app.ts';
import { startTestJobs } from '../../../tests/setup/test-jobs.ts';
import { buildApp } from '../app.ts';
import { CLEANUP_UPLOADS_JOB } from '../jobs.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = setUpTestApp();

  it('is not there: 404, even with a bearer token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'GET /metrics not found', code: 'NOT_FOUND' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const t = setUpTestApp({ METRICS_TOKEN: TOKEN });
  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 401 without the right bearer token, and says nothing else', async () => {
    for (const authorization of [
      undefined,
      TOKEN,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      'Basic abc',
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('stillpoint_');
    }
  });

  it('times requests by route pattern and status, with pool, process, GC, fd and event-loop figures', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/posts/00000000-0000-4000-8000-000000000000' });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).toContain('# TYPE stillpoint_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /^stillpoint_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 2$/m,
    );
    // The route's pattern, not the id: one series however many items are asked for.
    expect(text).toMatch(
      /^stillpoint_http_request_duration_seconds_count\{method="GET",route="\/api\/posts\/:id",status="404"\} 1$/m,
    );
    expect(text).not.toContain('00000000-0000-4000');
    expect(text).toMatch(
      /^stillpoint_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health",status="200"\} 2$/m,
    );
    expect(text).toMatch(/^stillpoint_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^stillpoint_db_pool_connections\{state="waiting"\} \d+$/m);
    expect(text).toContain('# TYPE stillpoint_jobs gauge');
    expect(text).toContain('# TYPE stillpoint_job_runs_total counter');
    expect(text).toContain('# TYPE stillpoint_emails_total counter');
    // prom-client's default process metrics.
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]\d*$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total [\d.e-]+$/m);
    expect(text).toMatch(/^process_open_fds \d+$/m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    // Every sample line is `name{labels} number`.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_0-9]+(\{[^}]*\})? (-?[\d.e+-]+|\+Inf|NaN)$/);
    }
  });

  it('passes `promtool check metrics` (Debian package prometheus)', async (context) => {
    const promtool = findOnPath('promtool');
    if (!promtool) {
      context.skip('promtool is not installed (apt-get install prometheus); .ci/run installs it');
      return;
    }
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    const result = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('still answers while the database is away, with the pool figures', async () => {
    const app = await buildApp({
      config: t.config,
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none',
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/^stillpoint_db_pool_connections\{state="total"\} \d+$/m);
      expect(response.body).not.toMatch(/^stillpoint_jobs\{/m);
    } finally {
      await app.close();
    }
  });

  it('reports the newest backup archive in the backups folder: its time and size', async () => {
    expect((await scrape(`Bearer ${TOKEN}`)).body).toMatch(/^stillpoint_backup_last_timestamp_seconds 0$/m);
    fs.mkdirSync(t.config.backups.dir, { recursive: true });
    fs.writeFileSync(path.join(t.config.backups.dir, 'stillpoint-20260101-031500.tar.gz'), 'x'.repeat(10));
    fs.writeFileSync(path.join(t.config.backups.dir, 'stillpoint-20260102-031500.tar.gz'), 'x'.repeat(1234));
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^stillpoint_backup_last_size_bytes 1234$/m);
    const at = Number(/^stillpoint_backup_last_timestamp_seconds (\S+)$/m.exec(text)?.[1]);
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(600);
  });

  it("counts pg-boss jobs by queue and state, and this instance's runs by job and outcome", async () => {
    const runner = await startTestJobs(t);
    try {
      const id = await runner.send(CLEANUP_UPLOADS_JOB.name);
      expect(await runner.waitFor(CLEANUP_UPLOADS_JOB.name, id!)).toBe('completed');
      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(text).toMatch(/^stillpoint_jobs\{queue="cleanup-uploads",state="completed"\} [1-9]\d*$/m);
      expect(text).toMatch(/^stillpoint_job_runs_total\{job="cleanup-uploads",outcome="completed"\} 1$/m);
    } finally {
      await runner.stop();
    }
  }, 30_000);
});

/** The program's path when it is on PATH. */
function findOnPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, program);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}
