import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * What one period of the subscribed price costs, in minor units of `currency`, and its
     * interval ('month' or 'year'), as the provider said when the subscription was last written:
     * the business figures (MRR, revenue by plan) read these, so a retired price still counts at
     * what its subscribers pay. Null for complimentary access.
     */
    amountCents: integer('amount_cents'),
    currency: text('currency'),
    billingInterval: text('billing_interval'),
    /** When the subscription's free trial ended or ends (null: it had none). */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /**
     * The subscription the member was last sent the "Welcome to premium" e-mail for (a Stripe
     * subscription id, or `test:<checkout session id>`): set in the same statement that decides to
     * send, so a webhook delivered twice, or to two instances, sends it once
     * (features/subscriptions/welcome-email.tsx).
     */
    welcomeEmailSentFor: text('welcome_email_sent_for'),
    ...timestamps,
  },
  (table) => [index('subscriptions_status_period_end_idx').on(table.status, table.currentPeriodEnd)],
);

/**
 * Offer codes an admin creates: a percentage or a fixed amount off, once, for some months or
 * forever, optionally limited in redemptions, time and plan. Deleting one archives it (the code
 * may then be used again); checkouts that used it keep pointing at it.
 */
export const offers = pgTable(
  'offers',
  {
    id: primaryId(),
    /** Upper case, as members may type it in any case. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** The currency of `amountOffCents` (the plans' currency when it was made). */
    currency: text('currency').notNull(),
    /** 'once', 'repeating' (for `durationInMonths`) or 'forever', as Stripe's coupons. */
    duration: text('duration').notNull(),
    durationInMonths: integer('duration_in_months'),
    maxRedemptions: integer('max_redemptions'),
    /** Paid checkouts that used it (Stripe mode: counted from checkout.session.completed; Stripe enforces the limit). */
    redemptions: integer('redemptions').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Only for this plan (a `GET /api/billing/plans` id); null: any plan. */
    planId: text('plan_id'),
    stripeCouponId: text('stripe_coupon_id'),
    stripePromotionCodeId: text('stripe_promotion_code_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('offers_live_code_idx').on(table.code).where(sql`${table.archivedAt} is null`),
    check('offers_one_discount', sql`(${table.percentOff} is null) <> (${table.amountOffCents} is null)`),
  ],
);

/** Every checkout started: Stripe-hosted (its session id) or the built-in test-mode one. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    ...memberOwned(),
    provider: text('provider').notNull(),
    stripeSessionId: text('stripe_session_id').unique(),
    priceId: text('price_id').notNull(),
    /** The offer the member entered, if any. */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
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
