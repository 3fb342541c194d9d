import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { randomClientAddress, setUpTestApp } from '../../../tests/setup/test-app.ts';
import { createResponseCache } from '../lib/response-cache.ts';
import { createEarlyAnswers } from './early-answers.ts';
import { edgePlugin } from './edge.ts';

/**
 * The edge on its own, in a bare Fastify app on the test database: what it gives a route follows
 * from the route's declared policy alone (the whole app's routes are covered by rate-limits.test.ts,
 * first-page-early.test.ts and health-early.test.ts).
 */
const t = setUpTestApp();
let bare: FastifyInstance | undefined;
afterEach(async () => bare?.close());

/** A bare app with the edge, its database the test app's; `hooks` records each route's own hooks. */
async function edgeApp(configure: (app: FastifyInstance) => void, rateLimitScale = 1) {
  const app = Fastify();
  bare = app;
  app.decorate('database', t.app.database);
  await app.register(edgePlugin, {
    config: { ...t.config, rateLimitScale },
    earlyAnswers: createEarlyAnswers(),
  });
  const hooks = new Map<string, Pick<RouteOptions, 'onRequest' | 'onSend' | 'onResponse'>>();
  app.addHook('onRoute', (route) => {
    hooks.set(`${String(route.method)} ${route.url}`, {
      onRequest: route.onRequest,
      onSend: route.onSend,
      onResponse: route.onResponse,
    });
  });
  configure(app);
  await app.ready();
  return { app, hooks };
}

describe('the edge', () => {
  it('gives a read without a policy no hook at all', async () => {
    const { hooks } = await edgeApp((app) => {
      app.get('/plain', async () => ({ ok: true }));
    });
    expect(hooks.get('GET /plain')).toEqual({
      onRequest: undefined,
      onSend: undefined,
      onResponse: undefined,
    });
  });

  it("limits a write by its declared class, and one that declares none as a post ('community')", async () => {
    // Scaled down to one write per class and address.
    const { app } = await edgeApp((app) => {
      app.post('/declared', { config: { policy: { limit: 'reaction' } } }, async () => ({ ok: true }));
      app.post('/undeclared', async () => ({ ok: true }));
      app.post('/exempt', { config: { policy: { limit: { exempt: 'a test' } } } }, async () => ({
        ok: true,
      }));
    }, 0.001);
    const remoteAddress = randomClientAddress();
    const post = (url: string) => app.inject({ method: 'POST', url, remoteAddress });
    expect((await post('/declared')).statusCode).toBe(200);
    expect((await post('/declared')).statusCode).toBe(429);
    // Another class still has its write.
    expect((await post('/undeclared')).statusCode).toBe(200);
    expect((await post('/undeclared')).statusCode).toBe(429);
    for (let attempt = 0; attempt < 3; attempt++) expect((await post('/exempt')).statusCode).toBe(200);
  });

  it('empties the caches a successful write declares, and not after a refused one', async () => {
    const cache = createResponseCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const { app } = await edgeApp((app) => {
      app.get('/list', { config: { policy: { cache } } }, async () => cache.get('page') ?? 'none');
      app.post(
        '/items',
        { config: { policy: { limit: { exempt: 'a test' }, clears: [cache] } } },
        async (_request, reply) => reply.status(201).send({ ok: true }),
      );
      app.delete(
        '/items',
        { config: { policy: { limit: { exempt: 'a test' }, clears: [cache] } } },
        async (_r, reply) => reply.status(403).send({ refused: true }),
      );
    });
    cache.set('page', 'cached');
    expect((await app.inject({ method: 'DELETE', url: '/items' })).statusCode).toBe(403);
    expect(cache.get('page')).toBe('cached');
    expect((await app.inject({ method: 'POST', url: '/items' })).statusCode).toBe(201);
    expect(cache.get('page')).toBeUndefined();
  });

  it('refuses to start when a read declares a cache that no write clears', async () => {
    const cache = createResponseCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    await expect(
      edgeApp((app) => {
        app.get('/list', { config: { policy: { cache } } }, async () => 'page');
      }),
    ).rejects.toThrow("GET /list: no write declares `clears` for this route's cache");
  });
});
