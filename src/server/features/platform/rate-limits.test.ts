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
import {
  READ_POLICIES,
  ROUTE_POLICIES,
  routePolicyKey,
  STATE_CHANGING_METHODS,
  WRITE_LIMITS,
} from '../../plugins/rate-limits.ts';

/**
 * Write limits with the production figures (no RATE_LIMIT_SCALE): every state-changing route has
 * a policy; a member and an address meet their limit with 429, Retry-After and a readable
 * message; two app instances on one database share the counters.
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
  it('every registered state-changing route has a limit policy, and every policy a route', () => {
    const writes = t.app.registeredRoutes
      .filter((route) => STATE_CHANGING_METHODS.has(route.method))
      .map((route) => routePolicyKey(route.method, route.url));
    const missing = writes.filter((key) => !(key in ROUTE_POLICIES));
    expect(missing, 'add these routes to ROUTE_POLICIES in src/server/plugins/rate-limits.ts').toEqual([]);
    const stale = Object.keys(ROUTE_POLICIES).filter((key) => !writes.includes(key));
    expect(stale, 'these policies name no registered route').toEqual([]);
    expect(writes.length).toBeGreaterThan(30);
    const reads = t.app.registeredRoutes.map((route) => routePolicyKey(route.method, route.url));
    const staleReads = Object.keys(READ_POLICIES).filter((key) => !reads.includes(key));
    expect(staleReads, 'these read policies name no registered route').toEqual([]);
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
