import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';

/**
 * Visitors' first page is sent again by the HTTP server while its cache entry is warm
 * (src/server/edge/early-answers.ts, docs/decisions/054). Over real HTTP: the early answer must be the
 * bytes and headers Fastify sent, teasers only, and never reach a request with a cookie, another
 * URL, a stale page or a draining server.
 */
const t = setUpTestApp();
const [premium, admin] = setUpActors(t, 'premium', 'admin');
let address = '';
const secret = `Hidden practice text ${randomUUID()} `.repeat(30);

beforeAll(async () => {
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const created = await admin.request({
    method: 'POST',
    url: '/api/videos',
    payload: { title: 'A premium evening practice', description: secret, isPremium: true },
  });
  expect(created.statusCode, created.body).toBe(201);
});

afterEach(() => vi.restoreAllMocks());

/** Each request's answer, and whether the HTTP server answered it before Fastify. */
async function get(url: string, headers: Record<string, string> = {}) {
  const spy = vi.spyOn(t.app.earlyAnswers, 'tryAnswer');
  const response = await fetch(`${address}${url}`, { headers });
  const body = await response.text();
  const early = spy.mock.results.some((result) => result.value === true);
  spy.mockRestore();
  return { response, body, early };
}

const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));

describe("visitors' first page, answered before Fastify", () => {
  it('repeats the exact bytes and headers Fastify sent, with premium texts as teasers', async () => {
    const first = await get('/api/videos');
    const second = await get('/api/videos');
    expect(first.response.status).toBe(200);
    expect(first.early).toBe(false);
    expect(second.early).toBe(true);
    expect(second.response.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(headersOf(second.response)).toEqual(headersOf(first.response));
    expect(second.response.headers.get('content-security-policy')).toBeTruthy();
    const item = JSON.parse(second.body).find(
      (entry: { title: string }) => entry.title === 'A premium evening practice',
    );
    expect(item.isTeaser).toBe(true);
    expect(second.body).not.toContain(secret.trim());
  });

  it('leaves a request with a cookie, an Authorization header or another URL to Fastify', async () => {
    await get('/api/videos');
    const withSession = await get('/api/videos', { cookie: premium.cookie! });
    expect(withSession.early).toBe(false);
    const item = JSON.parse(withSession.body).find(
      (entry: { title: string }) => entry.title === 'A premium evening practice',
    );
    expect(item).toMatchObject({ isTeaser: false, description: secret.trim() });
    expect((await get('/api/videos', { authorization: 'Bearer x' })).early).toBe(false);
    expect((await get('/api/videos?limit=5')).early).toBe(false);
    expect((await get('/api/videos/')).early).toBe(false);
  });

  it('stops repeating a page once a write changes the list', async () => {
    await get('/api/videos');
    expect((await get('/api/videos')).early).toBe(true);
    const title = `Fresh practice ${randomUUID()}`;
    const created = await admin.request({
      method: 'POST',
      url: '/api/videos',
      payload: { title, description: 'Breathe.' },
    });
    expect(created.statusCode).toBe(201);
    const after = await get('/api/videos');
    expect(after.early).toBe(false);
    expect(after.body).toContain(title);
    expect((await get('/api/videos')).early).toBe(true);
  });

  it('answers 503 through Fastify once the server is draining', async () => {
    await get('/api/videos');
    t.app.startDraining();
    const draining = await get('/api/videos');
    expect(draining.early).toBe(false);
    expect(draining.response.status).toBe(503);
  });
});
