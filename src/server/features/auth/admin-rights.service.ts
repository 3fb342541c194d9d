import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';

export type AdminRightsChange = { email: string; isAdmin: boolean; changed: boolean };

export const LAST_ADMIN_MESSAGE = 'This is the last admin; grant another account admin rights first.';

/**
 * Grants or revokes admin rights in the caller's transaction; returns whether anything changed.
 * Removing rights locks every admin row first, so two admins removing each other at the same
 * moment cannot leave the product with none.
 */
export async function setAdminFlag(tx: Transaction, userId: string, isAdmin: boolean): Promise<boolean> {
  if (!isAdmin) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(users.id)
      .for('update');
    const isOne = admins.some((admin) => admin.id === userId);
    if (!isOne) return false;
    if (admins.length <= 1) throw new AppError(409, LAST_ADMIN_MESSAGE, 'LAST_ADMIN');
  }
  const changed = await tx
    .update(users)
    .set({ isAdmin, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.isAdmin, !isAdmin)))
    .returning({ id: users.id });
  return changed.length > 0;
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
    const changed = await setAdminFlag(tx, user.id, isAdmin);
    return { email: normalized, isAdmin, changed };
  });
}
