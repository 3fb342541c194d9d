import type { SuspensionState } from '@shared/schemas/moderation.ts';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { serverI18n } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import {
  auditSanction,
  liftSanction,
  sanctionEnd,
  sanctionEndForEmail,
  sanctionNotice,
  sanctionRecipientColumns,
} from '../community/index.ts';

/**
 * Suspension (admins only, docs/product.md, "Roles and permissions"): the member cannot sign in (refused in
 * better-auth's session hook with 403 SUSPENDED, auth.service.ts) and every session they had is
 * deleted at once, and refused on any request while it holds (plugins/auth.ts). It ends by the
 * clock (`suspended_until`) or when an admin lifts it; both are written to the audit log.
 */

export async function suspendMember(
  db: Database,
  mailer: Mailer,
  userId: string,
  input: { days: number | null; reason: string },
  admin: { id: string | null },
): Promise<SuspensionState> {
  if (userId === admin.id) throw forbidden('You cannot suspend yourself.');
  const suspendedUntil = sanctionEnd(input.days);
  const until = suspendedUntil?.toISOString() ?? null;
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, ...sanctionRecipientColumns })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw notFound('User');
    if (target.isAdmin) {
      throw forbidden('Admins cannot be suspended; remove their admin rights first.');
    }
    await tx
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil, suspendReason: input.reason, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await auditSanction(tx, 'suspend', admin.id, userId, input);
    // Written with the sanction: a rolled-back write tells the member nothing. In their language;
    // the site's name is put in by the mailer (brandEmail), so the words name the product.
    const i18n = serverI18n(target.locale);
    const site = PRODUCT_NAME;
    await mailer.send(
      {
        to: target.email,
        subject: i18n._('email.suspension.subject', { site }),
        text: sanctionNotice(
          i18n,
          suspendedUntil
            ? i18n._('email.suspension.until', {
                site,
                // English: "Sat, 28 Nov 2026", as this e-mail has always written it.
                until: sanctionEndForEmail(i18n, suspendedUntil, target.timeZone, (end) =>
                  end.toUTCString().slice(0, 16),
                ),
              })
            : i18n._('email.suspension.untilFurtherNotice', { site }),
          input.reason,
          i18n._('email.suspension.closing'),
        ),
      },
      tx,
    );
  });
  return { userId, isSuspended: true, suspendedUntil: until, reason: input.reason };
}

export async function liftSuspension(db: Database, userId: string, admin: { id: string | null }) {
  await liftSanction(db, userId, admin.id, 'suspension');
  return { userId, isSuspended: false, suspendedUntil: null, reason: null } satisfies SuspensionState;
}

/** The admin CLI: `npm run admin -- suspend EMAIL DAYS|forever REASON` / `unsuspend EMAIL`. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string> {
  const normalized = email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized));
  if (!user) throw notFound(`No account with the e-mail ${normalized} was`);
  return user.id;
}
