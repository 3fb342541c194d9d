import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../schema/index.ts';

export const DEMO_ACCOUNTS = [
  { email: 'member@stillpoint.local', firstName: 'Maya', lastName: 'Lind', isAdmin: false },
  { email: 'admin@stillpoint.local', firstName: 'Ari', lastName: 'Stone', isAdmin: true },
] as const;
export const DEMO_PASSWORD = 'slow-breath-demo';

/** Demo mode (SEED_DEMO): two accounts to try the product with. Idempotent. */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (existing) continue;
    await app.auth.api.signUpEmail({
      body: {
        email: account.email,
        password: DEMO_PASSWORD,
        name: `${account.firstName} ${account.lastName}`,
        firstName: account.firstName,
        lastName: account.lastName,
      },
    });
    if (account.isAdmin) await db.update(users).set({ isAdmin: true }).where(eq(users.email, account.email));
  }
}
