import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpTestApp } from '../../../../tests/setup/test-app.ts';

/**
 * `GET /api/health` declares an early answer for anyone (its policy in health.routes.ts): once
 * Fastify has answered it healthy, the HTTP server repeats those bytes while the database check is
 * fresh (src/server/edge/early-answers.ts). Over real HTTP, as a load balancer polls it.
 */
const t = setUpTestApp();
let address = '';

beforeAll(async () => {
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(() => vi.restoreAllMocks());

/** The answer, and whether the HTTP server sent it before Fastify. */
async function get(url: string, init: RequestInit = {}) {
  const spy = vi.spyOn(t.app.earlyAnswers, 'tryAnswer');
  const response = await fetch(`${address}${url}`, init);
  const body = await response.text();
  const early = spy.mock.results.some((result) => result.value === true);
  spy.mockRestore();
  return { response, body, early };
}

const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));

describe('GET /api/health, answered before Fastify', () => {
  it('repeats the healthy bytes and headers to anyone, a cookie or not', async () => {
    const first = await get('/api/health');
    expect(first.response.status).toBe(200);
    expect(first.body).toBe('{"status":"ok"}');
    const second = await get('/api/health');
    expect(second.early).toBe(true);
    expect(second.body).toBe(first.body);
    expect(headersOf(second.response)).toEqual(headersOf(first.response));
    expect(second.response.headers.get('cache-control')).toBe('no-store');
    // Health answers the same to everyone, so a session cookie does not matter.
    expect((await get('/api/health', { headers: { cookie: 'a=b' } })).early).toBe(true);
  });

  it('leaves another method, another spelling and a stale database check to Fastify', async () => {
    await get('/api/health');
    expect((await get('/api/health', { method: 'HEAD' })).early).toBe(false);
    expect((await get('/api/health?probe=1')).early).toBe(false);
    // The database check is fresh for a second; a moment later Fastify checks again.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    const stale = await get('/api/health');
    expect(stale.early).toBe(false);
    expect(stale.response.status).toBe(200);
  });

  it('answers 503 through Fastify once the server is draining', async () => {
    await get('/api/health');
    t.app.startDraining();
    const draining = await get('/api/health');
    expect(draining.early).toBe(false);
    expect(draining.response.status).toBe(503);
  });
});
