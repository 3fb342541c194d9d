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
      app.get(
        '/list',
        { config: { policy: { readsCache: cache } } },
        async () => cache.get('page') ?? 'none',
      );
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
        app.get('/list', { config: { policy: { readsCache: cache } } }, async () => 'page');
      }),
    ).rejects.toThrow("GET /list: no write declares `clears` for this route's cache");
  });

  it('answers a read from its declared cache by key, keeps only 200s, and shares nothing keyed null', async () => {
    const store = createResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    let handled = 0;
    const { app } = await edgeApp((app) => {
      app.get(
        '/pages',
        {
          config: {
            policy: {
              cache: {
                store,
                key: async (request) => {
                  const { who, page } = request.query as { who?: string; page?: string };
                  return who === 'admin' ? null : `page-${page ?? '1'}`;
                },
                keepHeaders: ['x-next'],
              },
            },
          },
        },
        async (request, reply) => {
          handled += 1;
          const { page } = request.query as { page?: string };
          if (page === 'missing') return reply.status(404).send({ handled });
          reply.header('x-next', 'cursor').header('x-other', 'not kept');
          return { handled };
        },
      );
      app.post(
        '/items',
        { config: { policy: { limit: { exempt: 'a test' }, clears: [store] } } },
        async () => ({
          ok: true,
        }),
      );
    });
    const get = (url: string) => app.inject({ method: 'GET', url });

    const first = await get('/pages');
    expect(first.json()).toEqual({ handled: 1 });
    // The second request is answered from the cache: the handler does not run again, and the
    // kept header comes with the bytes (the other one was the first answer's alone).
    const second = await get('/pages');
    expect(second.json()).toEqual({ handled: 1 });
    expect(second.headers['x-next']).toBe('cursor');
    expect(second.headers['x-other']).toBeUndefined();
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(handled).toBe(1);

    // Another key is another answer; a null key is never looked up or kept.
    expect((await get('/pages?page=2')).json()).toEqual({ handled: 2 });
    expect((await get('/pages?who=admin')).json()).toEqual({ handled: 3 });
    expect((await get('/pages?who=admin')).json()).toEqual({ handled: 4 });
    // A refusal is not kept.
    expect((await get('/pages?page=missing')).statusCode).toBe(404);
    expect((await get('/pages?page=missing')).json()).toEqual({ handled: 6 });

    // A write that clears the store sends the next reader to the handler.
    await app.inject({ method: 'POST', url: '/items' });
    expect((await get('/pages')).json()).toEqual({ handled: 7 });
  });

  it('refuses an early answer that can tell neither by a cache nor by isCurrent when it is current', async () => {
    await expect(
      edgeApp((app) => {
        app.get(
          '/first',
          { config: { policy: { earlyAnswer: { url: '/first', for: 'visitors' } } } },
          async () => 'page',
        );
      }),
    ).rejects.toThrow('GET /first: an early answer needs `isCurrent` or a `cache`');
  });
});
