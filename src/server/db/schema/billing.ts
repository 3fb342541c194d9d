import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberOwned, users } from './auth.ts';
import { primaryId, timestamps } from './columns.ts';

/**
 * Billing. `users.subscription_status` and `users.premium_access_ends_at` are what every premium
 * check reads (through `hasPremiumAccess`); these tables hold where they came from, and change in
 * the same transaction.
 */

/** The member's current subscription: one row per member, from Stripe, the test checkout, or granted. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'stripe', 'test' (the built-in test-mode checkout) or 'complimentary' (granted by an admin). */
    provider: text('provider').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    priceId: text('price_id'),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('subscriptions_status_period_end_idx').on(table.status, table.currentPeriodEnd)],
);

/** Every checkout started: Stripe-hosted (its session id) or the built-in test-mode one. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    ...memberOwned(),
    provider: text('provider').notNull(),
    stripeSessionId: text('stripe_session_id').unique(),
    priceId: text('price_id').notNull(),
    /** 'open', 'complete' or 'expired'. */
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('checkout_sessions_user_id_created_at_idx').on(table.userId, table.createdAt)],
);

/** Stripe webhook events already applied: each event id once, stored with its effect. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  ...timestamps,
});
