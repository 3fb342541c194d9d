import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActor, setUpActors, setUpTestApp, signUp } from '../../../../tests/setup/test-app.ts';
import { moderationAuditLog, users } from '../../db/schema/index.ts';
import { setModeratorFlag } from '../community/index.ts';
import { setAdminRights } from './admin-rights.service.ts';

/**
 * Issue 32: every grant and revocation of admin, moderator and complimentary premium is in the audit
 * log with who did it (the admin, or null and the way: admin CLI, ADMIN_EMAILS) and when.
 */

const LISTED = 'listed-admin@example.test';
const t = setUpTestApp({ ADMIN_EMAILS: LISTED });
const [admin] = setUpActors(t, 'admin');

const auditOf = (userId: string) =>
  t.app.database.db
    .select({
      action: moderationAuditLog.action,
      actorId: moderationAuditLog.actorId,
      reason: moderationAuditLog.reason,
      createdAt: moderationAuditLog.createdAt,
    })
    .from(moderationAuditLog)
    .where(eq(moderationAuditLog.subjectUserId, userId))
    .orderBy(asc(moderationAuditLog.createdAt), asc(moderationAuditLog.id));

const userIdOf = async (email: string) =>
  (await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('role changes are audited', () => {
  it('by an admin on the users screen: admin, moderator and complimentary premium, both ways', async () => {
    const member = await createActor(t.app, 'member');
    const put = async (payload: object) => {
      const response = await admin.request({
        method: 'PUT',
        url: `/api/admin/users/${member.userId}`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await put({ isAdmin: true });
    await put({ isModerator: true });
    await put({ complimentaryPremium: true });
    await put({ complimentaryPremium: false });
    await put({ isModerator: false });
    await put({ isAdmin: false });
    // Asking for what already holds changes nothing and writes nothing.
    await put({ isAdmin: false });

    const entries = await auditOf(member.userId!);
    expect(entries.map((entry) => entry.action)).toEqual([
      'grant_admin',
      'grant_moderator',
      'grant_complimentary',
      'end_complimentary',
      'revoke_moderator',
      'revoke_admin',
    ]);
    for (const entry of entries) {
      expect(entry.actorId).toBe(admin.userId);
      expect(entry.createdAt).toBeInstanceOf(Date);
    }
  });

  it('by the admin CLI: no person, the way named', async () => {
    const { email } = await signUp(t.app);
    await setAdminRights(t.app.database.db, email, true);
    await setAdminRights(t.app.database.db, email, false);
    const userId = await userIdOf(email);
    // The CLI's `moderator` and `unmoderator` commands call this with no actor.
    await setModeratorFlag(t.app.database.db, userId, true, null);
    await setModeratorFlag(t.app.database.db, userId, false, null);
    const entries = await auditOf(userId);
    expect(entries.map(({ action, actorId, reason }) => ({ action, actorId, reason }))).toEqual([
      { action: 'grant_admin', actorId: null, reason: 'admin CLI' },
      { action: 'revoke_admin', actorId: null, reason: 'admin CLI' },
      { action: 'grant_moderator', actorId: null, reason: 'admin CLI' },
      { action: 'revoke_moderator', actorId: null, reason: 'admin CLI' },
    ]);
  });

  it('by ADMIN_EMAILS at sign-up (development), once', async () => {
    const { cookie } = await signUp(t.app, { email: LISTED });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().isAdmin).toBe(true);
    const entries = await auditOf(await userIdOf(LISTED));
    expect(entries.map(({ action, actorId, reason }) => ({ action, actorId, reason }))).toEqual([
      { action: 'grant_admin', actorId: null, reason: 'ADMIN_EMAILS' },
    ]);
  });

  it('the moderation audit log lists them for admins', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/admin/audit-log' });
    expect(response.statusCode, response.body).toBe(200);
    const actions = (response.json() as { action: string }[]).map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['grant_admin', 'revoke_admin', 'grant_complimentary']));
  });
});
