import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { APP_VERSION } from '../../lib/version.ts';

/**
 * `GET /api/health` declares an early answer for requests without a session (its policy in
 * health.routes.ts): once Fastify has answered it healthy, the HTTP server repeats those bytes
 * while the database check is fresh (src/server/edge/early-answers.ts). Over real HTTP, as a load
 * balancer polls it.
 */
const t = setUpTestApp();
const [member, admin] = setUpActors(t, 'member', 'admin');
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
  it('repeats the healthy bytes and headers to requests without a session', async () => {
    const first = await get('/api/health');
    expect(first.response.status).toBe(200);
    expect(first.body).toBe('{"status":"ok"}');
    const second = await get('/api/health');
    expect(second.early).toBe(true);
    expect(second.body).toBe(first.body);
    expect(headersOf(second.response)).toEqual(headersOf(first.response));
    expect(second.response.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves a request with a cookie to Fastify: a member gets the same bytes, an admin the version too', async () => {
    await get('/api/health');
    const stranger = await get('/api/health', { headers: { cookie: 'a=b' } });
    expect(stranger.early).toBe(false);
    expect(stranger.body).toBe('{"status":"ok"}');
    const asMember = await get('/api/health', { headers: { cookie: member.cookie! } });
    expect(asMember.body).toBe('{"status":"ok"}');
    const asAdmin = await get('/api/health', { headers: { cookie: admin.cookie! } });
    expect(asAdmin.early).toBe(false);
    expect(JSON.parse(asAdmin.body)).toEqual({ status: 'ok', version: APP_VERSION });
    expect(asAdmin.response.headers.get('cache-control')).toBe('no-store');
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
