import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, randomClientAddress, setUpTestApp } from '../../../tests/setup/test-app.ts';
import { createResponseCache } from '../lib/response-cache.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { createEarlyAnswers } from './early-answers.ts';
import { checkPolicy, edgePlugin } from './edge.ts';
import type { RoutePolicy } from './policy.ts';

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
  // What the guards read: the test app's sessions, and the typed errors' answers.
  app.decorate('auth', t.app.auth);
  app.decorateRequest('sessionUser', undefined);
  app.decorateRequest('viewerAccess', undefined);
  await app.register(errorsPlugin);
  await app.register(edgePlugin, {
    config: { ...t.config, rateLimitScale },
    earlyAnswers: createEarlyAnswers(),
  });
  const hooks = new Map<
    string,
    Pick<RouteOptions, 'onRequest' | 'preValidation' | 'onSend' | 'onResponse'>
  >();
  app.addHook('onRoute', (route) => {
    hooks.set(`${String(route.method)} ${route.url}`, {
      onRequest: route.onRequest,
      preValidation: route.preValidation,
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
      preValidation: undefined,
      onSend: undefined,
      onResponse: undefined,
    });
  });

  it('gives public, viewer and credential routes no hook: the hot reads pay nothing for access', async () => {
    const { hooks } = await edgeApp((app) => {
      app.get('/public', { config: { policy: { access: 'public' } } }, async () => ({ ok: true }));
      app.get('/viewer', { config: { policy: { access: 'viewer' } } }, async () => ({ ok: true }));
      app.get('/feed', { config: { policy: { access: { credential: 'a token' } } } }, async () => ({
        ok: true,
      }));
    });
    for (const route of ['GET /public', 'GET /viewer', 'GET /feed']) {
      expect(hooks.get(route), route).toEqual({
        onRequest: undefined,
        preValidation: undefined,
        onSend: undefined,
        onResponse: undefined,
      });
    }
  });

  it("refuses whoever the route's declared access leaves out, though its handler checks nothing", async () => {
    const body = {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    } as const;
    const { app } = await edgeApp((app) => {
      for (const access of ['member', 'premium', 'moderator', 'admin'] as const) {
        app.post(
          `/${access}`,
          { schema: { body }, config: { policy: { access, limit: { exempt: 'a test' } } } },
          async () => ({ ok: true }),
        );
      }
    });
    const roles = ['visitor', 'member', 'premium', 'moderator', 'admin'] as const;
    const actors = Object.fromEntries(
      await Promise.all(roles.map(async (role) => [role, await createActor(t.app, role)] as const)),
    );
    const send = (url: string, role: (typeof roles)[number], payload: Record<string, unknown>) => {
      const cookie = actors[role]!.cookie;
      return app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
    };
    const expected: Record<string, Record<(typeof roles)[number], number | string>> = {
      '/member': { visitor: 401, member: 200, premium: 200, moderator: 200, admin: 200 },
      '/premium': {
        visitor: 401,
        member: 'PREMIUM_REQUIRED',
        premium: 200,
        moderator: 'PREMIUM_REQUIRED',
        admin: 200,
      },
      '/moderator': {
        visitor: 401,
        member: 'MODERATOR_REQUIRED',
        premium: 'MODERATOR_REQUIRED',
        moderator: 200,
        admin: 200,
      },
      '/admin': {
        visitor: 401,
        member: 'ADMIN_REQUIRED',
        premium: 'ADMIN_REQUIRED',
        moderator: 'ADMIN_REQUIRED',
        admin: 200,
      },
    };
    for (const [url, byRole] of Object.entries(expected)) {
      for (const role of roles) {
        const response = await send(url, role, { name: 'calm' });
        const want = byRole[role];
        const label = `${url} as ${role}: ${response.body}`;
        if (typeof want === 'number') {
          expect(response.statusCode, label).toBe(want);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().code, label).toBe(want);
        }
      }
    }
    // Refused before the body is examined: a visitor's bad body is a 401, a member's a 400.
    expect((await send('/member', 'visitor', { wrong: true })).statusCode).toBe(401);
    expect((await send('/member', 'member', { wrong: true })).statusCode).toBe(400);
  });

  it('refuses an access it does not know, when the route is added', () => {
    // @ts-expect-error: no such access (a typo must not leave a route open).
    const misspelt: RoutePolicy = { access: 'admn' };
    expect(() => checkPolicy('GET', '/api/x', misspelt)).toThrow('unknown access "admn"');
    const noReason = { access: { credential: ' ' } } as RoutePolicy;
    expect(() => checkPolicy('GET', '/api/x', noReason)).toThrow('unknown access');
    const extraKey = { access: { credential: 'a token', role: 'admin' } } as unknown as RoutePolicy;
    expect(() => checkPolicy('GET', '/api/x', extraKey)).toThrow('unknown access');
    for (const access of ['public', 'viewer', 'member', 'premium', 'moderator', 'admin'] as const) {
      expect(() => checkPolicy('GET', '/api/x', { access })).not.toThrow();
    }
    expect(() => checkPolicy('GET', '/api/x', { access: { credential: 'a signed link' } })).not.toThrow();
  });

  it("refuses a premium shape other than 'items' or { none: '<why>' }, when the route is added", () => {
    // @ts-expect-error: no such shape.
    const misspelt: RoutePolicy = { premium: 'item' };
    expect(() => checkPolicy('GET', '/api/x', misspelt)).toThrow("GET /api/x: premium must be 'items'");
    const noReason = { premium: { none: ' ' } } as RoutePolicy;
    expect(() => checkPolicy('GET', '/api/x', noReason)).toThrow('premium must be');
    const extraKey = { premium: { none: 'a count', items: true } } as unknown as RoutePolicy;
    expect(() => checkPolicy('GET', '/api/x', extraKey)).toThrow('premium must be');
    const wrongKey = { premium: { why: 'a count' } } as unknown as RoutePolicy;
    expect(() => checkPolicy('GET', '/api/x', wrongKey)).toThrow('premium must be');
    expect(() => checkPolicy('GET', '/api/x', { premium: 'items' })).not.toThrow();
    expect(() => checkPolicy('GET', '/api/x', { premium: { none: 'a count' } })).not.toThrow();
    // Leaving it out is named by premium-content.test.ts (as `access` by the authorization matrix).
    expect(() => checkPolicy('GET', '/api/x', { access: 'public' })).not.toThrow();
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
