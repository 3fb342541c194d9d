import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Actor, setUpActors, setUpTestApp } from '../../../tests/setup/test-app.ts';
import { getViewerAccess, requireMemberAccess } from './auth.ts';

/**
 * The viewer's access is worked out once per request from the real session: every reader during
 * the request (the handler, the list cache's key, the services) gets the same value.
 */
const t = setUpTestApp();
const actors = setUpActors(t, 'visitor', 'member', 'premium', 'moderator', 'admin');

/** A request as the routes see it, carrying the actor's session cookie (none for a visitor). */
function requestOf(actor: Actor): FastifyRequest {
  return {
    headers: actor.cookie ? { cookie: actor.cookie } : {},
    ip: '127.0.0.1',
    server: t.app,
    sessionUser: undefined,
    viewerAccess: undefined,
  } as unknown as FastifyRequest;
}

const expected = {
  visitor: { role: 'visitor', hasPremiumAccess: false, canModerate: false },
  member: { role: 'member', hasPremiumAccess: false, canModerate: false },
  premium: { role: 'member', hasPremiumAccess: true, canModerate: false },
  moderator: { role: 'moderator', hasPremiumAccess: false, canModerate: true },
  admin: { role: 'admin', hasPremiumAccess: true, canModerate: true },
};

describe('getViewerAccess', () => {
  it("works out each requester's role and premium access once per request", async () => {
    for (const actor of actors) {
      const request = requestOf(actor);
      const access = getViewerAccess(request);
      expect(getViewerAccess(request), actor.role).toBe(access);
      expect(await access, actor.role).toEqual({ id: actor.userId ?? null, ...expected[actor.role] });
    }
  });

  it('requireMemberAccess refuses a visitor with 401 and answers a member with the same access', async () => {
    const [visitor, member] = actors;
    await expect(requireMemberAccess(requestOf(visitor))).rejects.toMatchObject({ statusCode: 401 });
    const request = requestOf(member);
    expect(await requireMemberAccess(request)).toBe(await getViewerAccess(request));
  });
});
