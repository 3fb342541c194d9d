import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActor, setUpTestApp } from '../../../tests/setup/test-app.ts';
import { sessions } from '../db/schema/index.ts';
import { cookieValue, readSessionUser, verifiedToken } from './session-reader.ts';

/** The direct session read agrees with better-auth's, and hands every other case back to it. */

const t = setUpTestApp();
const DAY = 86_400_000;

async function settings() {
  const context = await t.app.auth.$context;
  return {
    names: {
      sessionToken: context.authCookies.sessionToken.name,
      dontRemember: context.authCookies.dontRememberToken.name,
    },
    rules: {
      secret: context.secret,
      expiresIn: context.sessionConfig.expiresIn,
      updateAge: context.sessionConfig.updateAge,
    },
  };
}

const sign = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

async function tokenOf(cookie: string) {
  const { names, rules } = await settings();
  return verifiedToken(cookieValue(cookie, names.sessionToken)!, rules.secret)!;
}

describe('reading a session', () => {
  it("reads the same member as better-auth's getSession", async () => {
    const member = await createActor(t.app, 'premium');
    const { names, rules } = await settings();
    const direct = await readSessionUser(t.app.database.db, member.cookie!, names, rules);
    const viaBetterAuth = await t.app.auth.api.getSession({
      headers: new Headers({ cookie: member.cookie! }),
    });
    expect(direct).not.toBe('ask-better-auth');
    const user = viaBetterAuth!.user as Record<string, unknown>;
    for (const [field, value] of Object.entries(direct as Record<string, unknown>)) {
      expect([field, value]).toEqual([field, user[field] ?? null]);
    }
    expect(direct).toMatchObject({ id: member.userId, email: member.email, subscriptionStatus: 'active' });
  });

  it('refuses a cookie whose signature is not ours, and a token no session has', async () => {
    const member = await createActor(t.app, 'member');
    const { names, rules } = await settings();
    const token = await tokenOf(member.cookie!);
    const forged = `${names.sessionToken}=${sign(token, 'not-the-secret')}`;
    expect(await readSessionUser(t.app.database.db, forged, names, rules)).toBeNull();
    const unknown = `${names.sessionToken}=${sign(randomUUID(), rules.secret)}`;
    expect(await readSessionUser(t.app.database.db, unknown, names, rules)).toBeNull();
    expect(await readSessionUser(t.app.database.db, 'theme=dark', names, rules)).toBeNull();
  });

  it('hands an expired session to better-auth, which removes it: the member is signed out', async () => {
    const member = await createActor(t.app, 'member');
    const token = await tokenOf(member.cookie!);
    const { db } = t.app.database;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    const { names, rules } = await settings();
    expect(await readSessionUser(db, member.cookie!, names, rules)).toBe('ask-better-auth');
    const response = await member.request({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
  });

  it('hands a session due for refresh to better-auth, which moves its expiry forward', async () => {
    const member = await createActor(t.app, 'member');
    const token = await tokenOf(member.cookie!);
    const { db } = t.app.database;
    const { names, rules } = await settings();
    // Created two days ago: past the day after which a request extends it.
    const aged = new Date(Date.now() + rules.expiresIn * 1000 - 2 * DAY);
    await db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.token, token));
    expect(await readSessionUser(db, member.cookie!, names, rules)).toBe('ask-better-auth');
    const response = await member.request({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + DAY);
  });

  it('reads cookie values as browsers send them', () => {
    expect(cookieValue('a=1; b="x%2Fy"; b=2', 'b')).toBe('x/y');
    expect(cookieValue('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
    expect(cookieValue('ab=1', 'a')).toBeNull();
  });
});
