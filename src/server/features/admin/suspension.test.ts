import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  createActor,
  setUpActors,
  setUpTestApp,
  signIn,
} from '../../../../tests/setup/test-app.ts';
import { outboxEmails, users } from '../../db/schema/index.ts';

const t = setUpTestApp({ RATE_LIMIT_SCALE: '100' });
const [visitor, moderator, admin] = setUpActors(t, 'visitor', 'moderator', 'admin');

const suspend = (actor: Actor, id: string, payload: object) =>
  actor.request({ method: 'POST', url: `/api/admin/users/${id}/suspend`, payload });
const lift = (actor: Actor, id: string) =>
  actor.request({ method: 'DELETE', url: `/api/admin/users/${id}/suspend` });
const me = (actor: Actor) => actor.request({ method: 'GET', url: '/api/auth/user' });

async function auditActions(userId: string) {
  const response = await admin.request({ method: 'GET', url: '/api/admin/audit-log?limit=100' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { action: string; targetId: string; reason: string | null }[]).filter(
    (entry) => entry.targetId === userId,
  );
}

describe('suspension', () => {
  it('admins only: visitors 401, members and moderators 403; bad input 400; not yourself, not an admin', async () => {
    const member = await createActor(t.app, 'member');
    const id = member.userId!;
    expect((await suspend(visitor, id, { days: 7, reason: 'Spam' })).statusCode).toBe(401);
    for (const actor of [member, moderator]) {
      const response = await suspend(actor, id, { days: 7, reason: 'Spam' });
      expect(response.statusCode, actor.role).toBe(403);
      expect(response.json().code).toBe('ADMIN_REQUIRED');
      expect((await lift(actor, id)).statusCode, actor.role).toBe(403);
    }
    for (const [payload, message] of [
      [{ days: 7 }, 'reason'],
      [{ days: 0, reason: 'Spam' }, 'days'],
      [{ days: 2.5, reason: 'Spam' }, 'days'],
      [{ days: 'week', reason: 'Spam' }, 'days'],
    ] as const) {
      const response = await suspend(admin, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await suspend(admin, admin.userId!, { days: 1, reason: 'x' })).statusCode).toBe(403);
    const other = await createActor(t.app, 'admin');
    expect((await suspend(admin, other.userId!, { days: 1, reason: 'x' })).statusCode).toBe(403);
    const unknown = await suspend(admin, '00000000-0000-4000-8000-000000000000', { days: 1, reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    // Nothing happened to the member.
    expect((await me(member)).statusCode).toBe(200);
  });

  it('a suspended member is signed out everywhere and refused at sign-in with 403 SUSPENDED; lifting it lets them back', async () => {
    const member = await createActor(t.app, 'member');
    const id = member.userId!;
    expect((await me(member)).statusCode).toBe(200);

    const response = await suspend(admin, id, { days: 7, reason: 'Repeated spam links' });
    expect(response.statusCode, response.body).toBe(200);
    const state = response.json();
    expect(state).toMatchObject({ userId: id, isSuspended: true, reason: 'Repeated spam links' });
    const days = (Date.parse(state.suspendedUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // The member is told, by an e-mail written with the suspension.
    const mails = await t.app.database.db
      .select({ subject: outboxEmails.subject, text: outboxEmails.text })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, member.email!));
    expect(mails).toContainEqual({
      subject: 'Your Stillpoint account is paused',
      text: expect.stringContaining('The reason they gave: Repeated spam links'),
    });

    // The session they had is gone: every request answers as signed out.
    expect((await me(member)).statusCode).toBe(401);
    expect((await member.request({ method: 'GET', url: '/api/search?q=calm' })).statusCode).toBe(401);
    const refused = await signIn(t.app, member.email!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SUSPENDED');
    expect(refused.json().message).toContain('paused until');
    expect(refused.headers['set-cookie']).toBeUndefined();

    const listed = await admin.request({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(member.email!)}`,
    });
    expect(listed.json()[0].suspension).toEqual({ until: state.suspendedUntil });

    const lifted = await lift(admin, id);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ userId: id, isSuspended: false, suspendedUntil: null, reason: null });
    expect((await signIn(t.app, member.email!)).statusCode).toBe(200);
    const actions = (await auditActions(id)).map((entry) => entry.action);
    expect(actions).toEqual(['unsuspend', 'suspend']);
  });

  it('until lifted (days null) holds; a dated suspension ends by the clock', async () => {
    const member = await createActor(t.app, 'member');
    const response = await suspend(admin, member.userId!, { days: null, reason: 'Harassment' });
    expect(response.json()).toMatchObject({ isSuspended: true, suspendedUntil: null });
    const refused = await signIn(t.app, member.email!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This account is paused. If you think this is a mistake, please reply to the e-mail we sent you.',
    );
    // The end date passes (set in the database): sign-in works again without anyone lifting it.
    await t.app.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, member.userId!));
    expect((await signIn(t.app, member.email!)).statusCode).toBe(200);
  });
});
