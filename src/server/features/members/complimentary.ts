import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { writeSubscription } from '../subscriptions/index.ts';

/**
 * Complimentary premium, with an optional end date: the subscription row keeps the date as its
 * period end and `users.premium_access_ends_at` carries it to every premium check
 * (`hasPremiumAccess`), so access ends at that moment without a job. Null: no end.
 */
export async function grantComplimentary(tx: Transaction, userId: string, until: Date | null) {
  await writeSubscription(tx, userId, {
    provider: 'complimentary',
    stripeSubscriptionId: null,
    priceId: null,
    status: 'active',
    currentPeriodEnd: until,
    cancelAtPeriodEnd: false,
    canceledAt: null,
  });
  // writeSubscription gives complimentary access no end (premiumAccessEnd); the end is set here.
  if (until) await tx.update(users).set({ premiumAccessEndsAt: until }).where(eq(users.id, userId));
}

/** Whether a subscription row is complimentary access that is still open. */
export function isOpenComplimentary(
  row: { provider: string | null; status: string | null; currentPeriodEnd: Date | null },
  now = new Date(),
): boolean {
  return (
    row.provider === 'complimentary' &&
    row.status === 'active' &&
    (row.currentPeriodEnd === null || row.currentPeriodEnd.getTime() > now.getTime())
  );
}
