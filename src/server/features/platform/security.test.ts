import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createTestApp,
  setUpActors,
  setUpTestApp,
  signIn,
  signUp,
} from '../../../../tests/setup/test-app.ts';

/**
 * Security headers, cookie flags and CSRF on every route (issue 9). Walks the registered routes,
 * so a new route is covered the day it is added.
 */

const t = setUpTestApp();
const [member] = setUpActors(t, 'member');

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
    // Sign-up opens no session (issue 32); the sign-in after it sets the cookie.
    const { email } = await signUp(t.app);
    const response = await signIn(t.app, email);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.includes('session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
  });
});

/** `%XX` for one character, upper- or lower-case hex. */
const escapeChar = (char: string, lower = false) => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${lower ? hex : hex.toUpperCase()}`;
};

/**
 * Ways to spell one path (issue 13): percent-encoded letters (which the router decodes), a
 * trailing slash (routed: `ignoreTrailingSlash`), a query, and the spellings that do not route
 * (double slashes, dot segments, an encoded slash, upper case). A write refused in its plain
 * spelling must be refused in every one of them.
 */
function spellingsOf(path: string): string[] {
  const segments = path.split('/').slice(1);
  const first = segments[0]!;
  const staticIndex = segments.findLastIndex((segment) => /^[a-z-]+$/.test(segment));
  const last = segments[staticIndex]!;
  const withSegment = (index: number, value: string) =>
    `/${segments.map((segment, i) => (i === index ? value : segment)).join('/')}`;
  return [
    path,
    withSegment(0, `${escapeChar(first[0]!)}${first.slice(1)}`),
    withSegment(staticIndex, `${last.slice(0, -1)}${escapeChar(last.at(-1)!, true)}`),
    `/${segments.map((segment) => segment.replace(/[a-z]/g, (char) => escapeChar(char))).join('/')}`,
    `${path}/`,
    `${path}?next=1`,
    `/${first}/${segments.slice(1).join('//')}`,
    `//${segments.join('/')}`,
    `/${first}/./${segments.slice(1).join('/')}`,
    `/${first}/x/../${segments.slice(1).join('/')}`,
    `/${first}%2F${segments.slice(1).join('/')}`,
    path.toUpperCase(),
  ];
}

/** The not-found handler's body: the request never reached a route. */
const isUnrouted = (response: { statusCode: number; body: string }) =>
  response.statusCode === 404 &&
  / not found"/.test(response.body) &&
  /"message":"[A-Z]+ \//.test(response.body);

describe('CSRF', () => {
  const writeRoutes = () =>
    t.app.registeredRoutes.filter(
      (route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && route.url !== '/api/stripe/webhook',
    );
  const writePath = (url: string) => fill(url).replace('get-session', 'sign-out');

  it('every cookie-bearing write from a foreign Origin is refused, before it does anything', async () => {
    // A fresh member: the header walk above followed GET /api/logout.
    const member = await createActor(t.app, 'member');
    const writes = writeRoutes();
    expect(writes.length).toBeGreaterThan(25);
    // Ours and better-auth's, under /api and outside it.
    expect(writes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/auth/*', '/objects/uploads/:id', '/api/create-checkout-session']),
    );
    for (const route of writes) {
      for (const origin of ['https://evil.example', 'null', `${t.config.publicUrl}.evil.example`]) {
        const response = await member.request({
          method: route.method as 'POST',
          url: writePath(route.url),
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

  it('every spelling of every write path is refused from a foreign Origin or without one', async () => {
    const member = await createActor(t.app, 'member');
    let routedSpellings = 0;
    for (const route of writeRoutes()) {
      const spellings = spellingsOf(writePath(route.url));
      for (const url of spellings) {
        const label = `${route.method} ${url} (${route.url})`;
        const foreign = await member.request({
          method: route.method as 'POST',
          url,
          payload: {},
          headers: { origin: 'https://evil.example' },
        });
        expect(foreign.statusCode, `${label} from a foreign origin: ${foreign.body}`).toBe(403);
        expect(foreign.json().code, label).toBe('INVALID_ORIGIN');
        const originless = await t.app.inject({
          method: route.method as 'POST',
          url,
          payload: {},
          headers: { cookie: member.cookie! },
        });
        expect(originless.statusCode, `${label} without an origin: ${originless.body}`).toBe(403);
      }
      // The encoded spellings really reach the route (so the refusals above are the check's).
      for (const url of spellings.slice(1, 4)) {
        const visitor = await t.app.inject({
          method: route.method as 'POST',
          url,
          payload: {},
          headers: { origin: t.config.publicUrl },
        });
        expect(isUnrouted(visitor), `${route.method} ${url} reaches ${route.url}: ${visitor.body}`).toBe(
          false,
        );
        routedSpellings += 1;
      }
    }
    expect(routedSpellings).toBeGreaterThan(75);
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('the Stripe webhook stays exempt however its path is spelled', async () => {
    for (const url of spellingsOf('/api/stripe/webhook').slice(0, 6)) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: '{}',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      });
      // Reached the webhook, which wants Stripe's signature (not the Origin check's 403).
      expect(response.statusCode, `${url}: ${response.body}`).not.toBe(403);
      expect(response.statusCode, url).toBeLessThan(500);
    }
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

describe('GET /api/logout opened from another site', () => {
  const logout = (cookie: string, site?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}) },
    });

  it('asks instead of signing out when another site started the navigation', async () => {
    const member = await createActor(t.app, 'member');
    for (const site of ['cross-site', 'same-site']) {
      const response = await logout(member.cookie!, site);
      expect(response.statusCode, site).toBe(302);
      expect(response.headers.location, site).toBe('/sign-out');
      expect(response.headers['set-cookie'], site).toBeUndefined();
      expect(response.headers['cache-control'], site).toBe('no-store');
    }
    // An encoded spelling of the path is the same route with the same rule.
    const encoded = await t.app.inject({
      method: 'GET',
      url: '/%61pi/logout',
      headers: { cookie: member.cookie!, 'sec-fetch-site': 'cross-site' },
    });
    expect(encoded.headers.location).toBe('/sign-out');
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('signs out at once from our own pages, a typed address, or a browser without Fetch Metadata', async () => {
    for (const site of ['same-origin', 'none', undefined]) {
      const member = await createActor(t.app, 'member');
      const response = await logout(member.cookie!, site);
      expect(response.statusCode, String(site)).toBe(302);
      expect(response.headers.location, String(site)).toBe('/');
      expect(String(response.headers['set-cookie']), String(site)).toMatch(/session_token=;/);
      expect((await member.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    }
  });

  it('a visitor without a session coming from another site simply lands on /', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.headers.location).toBe('/');
  });
});
