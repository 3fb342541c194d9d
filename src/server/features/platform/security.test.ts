import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  createActor,
  createTestApp,
  signUp,
  type TestApp,
} from '../../../../tests/setup/test-app.ts';

/**
 * Security headers, cookie flags and CSRF on every route (issue 9). Walks the registered routes,
 * so a new route is covered the day it is added.
 */

let t: TestApp;
let member: Actor;

beforeAll(async () => {
  t = await createTestApp();
  member = await createActor(t.app, 'member');
});
afterAll(async () => t?.close());

const fill = (url: string) => url.replace(/:(\w+)/g, () => randomUUID()).replace(/\*$/, 'get-session');

function assertSecurityHeaders(headers: Record<string, unknown>, label: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${label}: CSP`).toContain("default-src 'self'");
  expect(csp, `${label}: script-src`).toMatch(/script-src 'self'(;|$)/);
  expect(csp, `${label}: no inline script`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, `${label}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${label}: referrer-policy`).toBe('strict-origin-when-cross-origin');
}

describe('headers on every route', () => {
  it('every registered route answers with the security headers, whatever its status', async () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      for (const actor of [undefined, member]) {
        const response = await (actor
          ? actor.request({ method: route.method as 'GET', url: fill(route.url) })
          : t.app.inject({ method: route.method as 'GET', url: fill(route.url) }));
        assertSecurityHeaders(response.headers, `${route.method} ${route.url} → ${response.statusCode}`);
      }
    }
    // And paths no route knows.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    assertSecurityHeaders(missing.headers, '404');
  });

  it('HSTS is sent when the site is served over https (production)', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://stillpoint.example',
      AUTH_SECRET: 'production-secret-production-secret-12',
      ALLOW_TEST_CHECKOUT: 'true',
    });
    try {
      for (const url of ['/api/health', '/api/videos', '/api/nothing-here']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await production.close();
    }
    const development = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(development.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cookies', () => {
  it('the session cookie is HttpOnly, SameSite=Lax, Path=/ and never readable by scripts', async () => {
    const { response } = await signUp(t.app);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.includes('session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
  });
});

describe('CSRF', () => {
  it('every cookie-bearing write from a foreign Origin is refused, before it does anything', async () => {
    // A fresh member: the header walk above followed GET /api/logout.
    const member = await createActor(t.app, 'member');
    const writes = t.app.registeredRoutes.filter(
      (route) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
        route.url.startsWith('/api/') &&
        route.url !== '/api/stripe/webhook',
    );
    expect(writes.length).toBeGreaterThan(25);
    for (const route of writes) {
      for (const origin of ['https://evil.example', 'null', `${t.config.publicUrl}.evil.example`]) {
        const response = await member.request({
          method: route.method as 'POST',
          url: fill(route.url).replace('get-session', 'sign-out'),
          payload: {},
          headers: { origin },
        });
        expect(response.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(response.json().code).toBe('INVALID_ORIGIN');
      }
    }
    // The member is still signed in: the foreign sign-out above did nothing.
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('a cookie-bearing write without any Origin is refused too', async () => {
    const member = await createActor(t.app, 'member');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { cookie: member.cookie! },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });
});
