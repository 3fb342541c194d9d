import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';

export type AdminRightsChange = { email: string; isAdmin: boolean; changed: boolean };

/** Grants or revokes admin rights by e-mail; refuses to remove the last admin. */
export async function setAdminRights(
  db: Database,
  email: string,
  isAdmin: boolean,
): Promise<AdminRightsChange> {
  const normalized = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.email, normalized))
      .for('update');
    if (!user) throw notFound(`No account with the e-mail ${normalized} was`);
    if (user.isAdmin === isAdmin) return { email: normalized, isAdmin, changed: false };
    if (!isAdmin) {
      const [admins] = await tx.select({ total: count() }).from(users).where(eq(users.isAdmin, true));
      if ((admins?.total ?? 0) <= 1) {
        throw new AppError(
          409,
          `${normalized} is the last admin; grant another account first.`,
          'LAST_ADMIN',
        );
      }
    }
    await tx.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { email: normalized, isAdmin, changed: true };
  });
}
