import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  createActor,
  createTestApp,
  type Role,
  type TestApp,
} from '../../../../tests/setup/test-app.ts';

/**
 * The authorization matrix: one row per registered route, with the status each role gets.
 * Every route the app registers must have a row — a new route without one fails this file.
 * Later features add their rows here (with a concrete path and, for writes, a valid payload).
 */
type Row = {
  /** As registered with Fastify (`/api/forums/:slug`). */
  route: string;
  /** The concrete request made for each role. */
  path: string;
  payload?: unknown;
  expected: Record<Role, number>;
};

const everyone = (status: number): Record<Role, number> => ({
  visitor: status,
  member: status,
  premium: status,
  admin: status,
});
const membersOnly = (status: number): Record<Role, number> => ({
  visitor: 401,
  member: status,
  premium: status,
  admin: status,
});

const MATRIX: Row[] = [
  { route: 'GET /api/health', path: '/api/health', expected: everyone(200) },
  { route: 'GET /api/openapi.json', path: '/api/openapi.json', expected: everyone(200) },
  { route: 'GET /api/auth/user', path: '/api/auth/user', expected: membersOnly(200) },
  { route: 'GET /api/login', path: '/api/login', expected: everyone(302) },
  { route: 'GET /api/logout', path: '/api/logout', expected: everyone(302) },
  { route: 'GET /api/announcements', path: '/api/announcements', expected: everyone(200) },
  // better-auth's own endpoints: get-session answers null for visitors, the session for members.
  { route: 'GET /api/auth/*', path: '/api/auth/get-session', expected: everyone(200) },
  { route: 'POST /api/auth/*', path: '/api/auth/sign-out', payload: {}, expected: everyone(200) },
];

let t: TestApp;
const actors = {} as Record<Role, Actor>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['visitor', 'member', 'premium', 'admin'] as const)
    actors[role] = await createActor(t.app, role);
});
afterAll(async () => t?.close());

describe('authorization matrix', () => {
  it('has a row for every registered route', () => {
    const registered = [...new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`))].sort();
    const covered = new Set(MATRIX.map((row) => row.route));
    const missing = registered.filter((route) => !covered.has(route));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    const stale = [...covered].filter((route) => !registered.includes(route));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  for (const row of MATRIX) {
    for (const role of ['visitor', 'member', 'premium', 'admin'] as const) {
      it(`${row.route} as ${role} → ${row.expected[role]}`, async () => {
        const [method] = row.route.split(' ');
        // Sign-out would end the shared session: give that row a fresh actor.
        const actor = row.path === '/api/auth/sign-out' ? await createActor(t.app, role) : actors[role];
        const response = await actor.request({
          method: method as 'GET',
          url: row.path,
          ...(row.payload === undefined ? {} : { payload: row.payload as object }),
        });
        expect(response.statusCode, response.body).toBe(row.expected[role]);
      });
    }
  }
});
