import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { lastAdmin, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../community/index.ts';

export type AdminRightsChange = { email: string; isAdmin: boolean; changed: boolean };

export const LAST_ADMIN_MESSAGE = 'This is the last admin; grant another account admin rights first.';

/**
 * Who changed a role: the signed-in admin, or null with the channel in `reason` (`admin CLI`,
 * `ADMIN_EMAILS`, `account deleted`).
 */
export type RoleChangeBy = { actorId: string | null; reason?: string };

export type RoleAction =
  | 'grant_admin'
  | 'revoke_admin'
  | 'grant_moderator'
  | 'revoke_moderator'
  | 'grant_complimentary'
  | 'end_complimentary';

/**
 * Every grant and revocation of a role (admin, moderator, complimentary premium) goes to the
 * moderation audit log, the one log admins already read: who, when, and by which way (an admin, the admin CLI or ADMIN_EMAILS).
 */
export async function auditRoleChange(
  tx: Database | Transaction,
  action: RoleAction,
  userId: string,
  by: RoleChangeBy,
): Promise<void> {
  await writeAudit(tx, {
    actorId: by.actorId,
    action,
    targetType: 'user',
    targetId: userId,
    subjectUserId: userId,
    reason: by.reason,
  });
}

/**
 * Grants or revokes admin rights in the caller's transaction; returns whether anything changed
 * (and audits a change). Removing rights locks every admin row first, so two admins removing each
 * other at the same moment cannot leave the product with none.
 */
export async function setAdminFlag(
  tx: Transaction,
  userId: string,
  isAdmin: boolean,
  by: RoleChangeBy,
): Promise<boolean> {
  if (!isAdmin) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(users.id)
      .for('update');
    const isOne = admins.some((admin) => admin.id === userId);
    if (!isOne) return false;
    if (admins.length <= 1) throw lastAdmin(LAST_ADMIN_MESSAGE);
  }
  const changed = await tx
    .update(users)
    .set({ isAdmin, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.isAdmin, !isAdmin)))
    .returning({ id: users.id });
  if (changed.length === 0) return false;
  await auditRoleChange(tx, isAdmin ? 'grant_admin' : 'revoke_admin', userId, by);
  return true;
}

/** Grants or revokes admin rights by e-mail (the admin CLI); refuses to remove the last admin. */
export async function setAdminRights(
  db: Database,
  email: string,
  isAdmin: boolean,
): Promise<AdminRightsChange> {
  const normalized = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalized));
    if (!user) throw notFound(`No account with the e-mail ${normalized} was`);
    const changed = await setAdminFlag(tx, user.id, isAdmin, { actorId: null, reason: 'admin CLI' });
    return { email: normalized, isAdmin, changed };
  });
}

/**
 * ADMIN_EMAILS: the listed addresses, and whether one must be proven before it is promoted
 * (production, or wherever SMTP delivers mail: whoever signs up first with a listed address must
 * not become admin; the owner proves the mailbox, chooses a new password, and is promoted at that
 * sign-in). Development without SMTP promotes at sign-up, so the local start and the browser tests
 * get their admin without a mail server. Decision 016, issue 32.
 */
export type AdminEmailRule = { emails: ReadonlySet<string>; requiresVerifiedEmail: boolean };

export function adminEmailRule(config: {
  adminEmails: readonly string[];
  requiresProvenAddress: boolean;
}): AdminEmailRule {
  return {
    emails: new Set(config.adminEmails.map((email) => email.trim().toLowerCase())),
    requiresVerifiedEmail: config.requiresProvenAddress,
  };
}

/** Whether a new or existing account is made admin by ADMIN_EMAILS. */
export function isPromotedByAdminEmails(
  rule: AdminEmailRule,
  user: { email: string; emailVerified: boolean | null | undefined },
): boolean {
  if (!rule.emails.has(user.email.toLowerCase())) return false;
  return user.emailVerified === true || !rule.requiresVerifiedEmail;
}

/**
 * Promotes the account if ADMIN_EMAILS lists it and the rule allows it now (at each new session).
 * Never demotes: removing rights is the admin screen's or the CLI's.
 */
export async function applyAdminEmails(db: Database, rule: AdminEmailRule, userId: string): Promise<boolean> {
  if (rule.emails.size === 0) return false;
  return db.transaction(async (tx) => {
    const promoted = await tx
      .update(users)
      .set({ isAdmin: true, updatedAt: new Date() })
      .where(
        and(
          eq(users.id, userId),
          eq(users.isAdmin, false),
          inArray(sql`lower(${users.email})`, [...rule.emails]),
          rule.requiresVerifiedEmail ? eq(users.emailVerified, true) : undefined,
        ),
      )
      .returning({ id: users.id });
    if (promoted.length === 0) return false;
    await auditRoleChange(tx, 'grant_admin', userId, { actorId: null, reason: 'ADMIN_EMAILS' });
    return true;
  });
}
