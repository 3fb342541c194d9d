import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/setup/test-app.ts';
import { startTestJobs } from '../../../tests/setup/test-jobs.ts';
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

  it('counts requests by route pattern and status, with latency, pool, jobs and process figures', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/posts/00000000-0000-4000-8000-000000000000' });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toContain('# TYPE stillpoint_http_requests_total counter');
    expect(text).toMatch(
      /^stillpoint_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 2$/m,
    );
    // The route's pattern, not the id: one series however many items are asked for.
    expect(text).toMatch(
      /stillpoint_http_requests_total\{method="GET",route="\/api\/posts\/:id",status="404"\} 1/,
    );
    expect(text).not.toContain('00000000-0000-4000');
    expect(text).toMatch(
      /^stillpoint_http_request_duration_seconds_bucket\{method="GET",route="\/api\/health",status="200",le="\+Inf"\} 2$/m,
    );
    expect(text).toMatch(
      /^stillpoint_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 2$/m,
    );
    expect(text).toMatch(/^stillpoint_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toContain('# TYPE stillpoint_jobs gauge');
    expect(text).toMatch(/^stillpoint_process_memory_bytes\{kind="rss"\} [1-9]\d*$/m);
    expect(text).toMatch(/^stillpoint_process_cpu_seconds_total\{mode="user"\} [\d.e-]+$/m);
    expect(text).toMatch(/^stillpoint_event_loop_delay_seconds\{quantile="0.99"\} [\d.e+-]+$/m);
    // Every sample line is `name{labels} number`.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? (-?[\d.e+-]+|\+Inf|NaN)$/);
    }
  });

  it('counts pg-boss jobs by queue and state', async () => {
    const runner = await startTestJobs(t);
    try {
      const id = await runner.send(CLEANUP_UPLOADS_JOB.name);
      expect(await runner.waitFor(CLEANUP_UPLOADS_JOB.name, id!)).toBe('completed');
      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(text).toMatch(/^stillpoint_jobs\{queue="cleanup-uploads",state="completed"\} [1-9]\d*$/m);
    } finally {
      await runner.stop();
    }
  }, 30_000);
});
