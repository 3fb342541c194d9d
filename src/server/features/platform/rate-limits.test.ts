import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createActor,
  createTestApp,
  randomClientAddress,
  setUpTestApp,
  signUp,
  TEST_ORIGIN,
} from '../../../../tests/setup/test-app.ts';
import { buildApp } from '../../app.ts';
import { checkPolicy } from '../../edge/edge.ts';
import { type RoutePolicy, STATE_CHANGING_METHODS } from '../../edge/policy.ts';
import { WRITE_LIMITS } from '../../edge/write-limits.ts';

/**
 * Write limits with the production figures (no RATE_LIMIT_SCALE): every state-changing route
 * declares its class (or why it is exempt) in its own options, `config.policy.limit`; a member and
 * an address meet their limit with 429, Retry-After and a readable message; two app instances on
 * one database share the counters.
 *
 * Reads are not limited (decision 017), except the few whose free answers would let a script
 * guess a secret (offer codes): those are listed here, and any other read declaring a limit fails.
 */

const TEST_SECRET = 'test-secret-test-secret-test-secret-123';
const PASSWORD_LIMIT = WRITE_LIMITS.password.member.points;

const t = setUpTestApp();
beforeAll(async () => {}, 30_000);

/** A wrong password for account deletion: a password re-check, limited like sign-in. */
function deleteWithWrongPassword(
  app: FastifyInstance,
  options: { cookie?: string; remoteAddress: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'DELETE',
    url: '/api/user',
    remoteAddress: options.remoteAddress,
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { password: 'not-my-password-at-all' },
  });
}

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = response.json();
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.message).toMatch(
    /^You have done this many times in a short while\. Please try again in \d+ seconds?\.$/,
  );
}

describe('write limits', () => {
  it('every registered state-changing route declares its limit class or why it is exempt', () => {
    const writes = t.app.registeredRoutes.filter((route) => STATE_CHANGING_METHODS.has(route.method));
    const missing = writes
      .filter((route) => route.policy?.limit === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(
      missing,
      "declare `config: { policy: { limit: '<class>' } }` (src/server/edge/write-limits.ts) on these routes",
    ).toEqual([]);
    const unknownClasses = writes
      .map((route) => route.policy?.limit)
      .filter((limit) => typeof limit === 'string' && !(limit in WRITE_LIMITS));
    expect(unknownClasses).toEqual([]);
    const emptyReasons = writes.filter(
      (route) => typeof route.policy?.limit === 'object' && route.policy.limit.exempt.trim() === '',
    );
    expect(emptyReasons, 'an exemption says why').toEqual([]);
    expect(writes.length).toBeGreaterThan(30);
  });

  it('no read declares a limit but those guarding a secret', () => {
    const writeUrls = new Set(
      t.app.registeredRoutes
        .filter((route) => STATE_CHANGING_METHODS.has(route.method))
        .map((route) => route.url),
    );
    const limitedReads = t.app.registeredRoutes
      .filter((route) => !STATE_CHANGING_METHODS.has(route.method) && route.policy?.limit !== undefined)
      // A route serving several methods (better-auth's) declares one policy for all of them.
      .filter((route) => !writeUrls.has(route.url))
      .map((route) => `${route.method} ${route.url}: ${JSON.stringify(route.policy?.limit)}`);
    expect(limitedReads).toEqual(['GET /api/billing/offers/:code: "offerLookup"']);
  });

  it('a misspelt class fails the typecheck, a misspelt policy key the app build', () => {
    // @ts-expect-error: no such class (a typo must not fall back silently).
    const misspeltClass: RoutePolicy = { limit: 'comunity' };
    expect(() => checkPolicy('POST', '/api/x', misspeltClass)).toThrow('unknown limit class comunity');
    // Fastify infers a route's `config` type from the object it is given, so a misspelt key inside
    // `policy` passes the typecheck there; the edge refuses it when the route is added.
    const misspeltKey = { limt: 'community' } as RoutePolicy;
    expect(() => checkPolicy('POST', '/api/x', misspeltKey)).toThrow('unknown policy keys limt');
    expect(() => checkPolicy('POST', '/api/x', { limit: 'community' })).not.toThrow();
  });

  it('limits are far above what a person does', () => {
    for (const limits of Object.values(WRITE_LIMITS)) {
      expect(limits.address.points).toBeGreaterThanOrEqual(limits.member.points);
      expect(limits.member.points).toBeGreaterThanOrEqual(10);
    }
  });

  it('a member who re-checks a password too often gets 429, from any address', async () => {
    const member = await signUp(t.app);
    for (let attempt = 0; attempt < PASSWORD_LIMIT; attempt++) {
      const response = await deleteWithWrongPassword(t.app, {
        cookie: member.cookie,
        remoteAddress: randomClientAddress(),
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await deleteWithWrongPassword(t.app, {
      cookie: member.cookie,
      remoteAddress: randomClientAddress(),
    });
    expectRateLimited(limited);
    // Reads are not limited.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: member.cookie },
    });
    expect(read.statusCode).toBe(200);
  });

  it('one address that writes too often gets 429, signed in or not', async () => {
    const address = randomClientAddress();
    for (let attempt = 0; attempt < PASSWORD_LIMIT; attempt++) {
      const response = await deleteWithWrongPassword(t.app, { remoteAddress: address });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(await deleteWithWrongPassword(t.app, { remoteAddress: address }));
    // A member on the same address meets the same limit.
    const member = await signUp(t.app);
    expectRateLimited(
      await deleteWithWrongPassword(t.app, { cookie: member.cookie, remoteAddress: address }),
    );
    // Another address is not affected.
    const elsewhere = await deleteWithWrongPassword(t.app, { remoteAddress: randomClientAddress() });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('counts per class: a limited class leaves the others open', async () => {
    const actor = await createActor(t.app, 'member');
    const limit = WRITE_LIMITS.checkout.member.points;
    for (let attempt = 0; attempt < limit; attempt++) {
      const response = await actor.request({ method: 'POST', url: '/api/sync-subscription-status' });
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(await actor.request({ method: 'POST', url: '/api/sync-subscription-status' }));
    const profile = await actor.request({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { firstName: 'Robin', lastName: 'Vale' },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('two instances on one database share the counters', async () => {
    const second = await buildApp({ config: t.config, databaseUrl: t.databaseUrl, authSecret: TEST_SECRET });
    await second.ready();
    try {
      const member = await signUp(t.app);
      const address = randomClientAddress();
      for (let attempt = 0; attempt < PASSWORD_LIMIT; attempt++) {
        const app = attempt % 2 === 0 ? t.app : second;
        const response = await deleteWithWrongPassword(app, {
          cookie: member.cookie,
          remoteAddress: address,
        });
        expect(response.statusCode).toBe(400);
      }
      expectRateLimited(
        await deleteWithWrongPassword(second, { cookie: member.cookie, remoteAddress: address }),
      );
      expectRateLimited(
        await deleteWithWrongPassword(t.app, { cookie: member.cookie, remoteAddress: address }),
      );
    } finally {
      await second.close();
    }
  });
});

describe('RATE_LIMIT_SCALE', () => {
  it('multiplies every limit (for suites that write hundreds of times as one member)', async () => {
    const scaled = await createTestApp({ RATE_LIMIT_SCALE: '2' });
    try {
      const address = randomClientAddress();
      for (let attempt = 0; attempt < PASSWORD_LIMIT * 2; attempt++) {
        const response = await deleteWithWrongPassword(scaled.app, { remoteAddress: address });
        expect(response.statusCode).toBe(401);
      }
      expectRateLimited(await deleteWithWrongPassword(scaled.app, { remoteAddress: address }));
    } finally {
      await scaled.close();
    }
  }, 30_000);
});
