import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MAX_EMAIL_LENGTH, MAX_FULL_NAME_LENGTH, MAX_NAME_LENGTH } from '../../../shared/schemas/auth.ts';
import { MAX_MEMBER_NOTE_LENGTH } from '../../../shared/schemas/members.ts';
import { maxLength, ownerRef, primaryId, timestamps } from './columns.ts';

/**
 * The tables better-auth reads and writes through its Drizzle adapter. The property names are the
 * field names better-auth uses (it maps by property), the SQL names are ours (snake_case).
 */

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The profile image (docs/product.md's profileImageUrl). */
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Moderators act on the community (queue, hide, restore, remove, pin, mute); admins grant it. */
    isModerator: boolean('is_moderator').notNull().default(false),
    /**
     * A mute: set when a moderator mutes the member; it holds while `muted_until` is null (until
     * lifted) or in the future, so it ends by date without a job (moderation.service.ts).
     */
    mutedAt: timestamp('muted_at', { withTimezone: true, precision: 3 }),
    mutedUntil: timestamp('muted_until', { withTimezone: true, precision: 3 }),
    muteReason: text('mute_reason'),
    /**
     * A suspension (admins only): no sign-in and no session while `suspended_at` is set and
     * `suspended_until` is null (until lifted) or ahead; it ends by the clock, like a mute.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, precision: 3 }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, precision: 3 }),
    suspendReason: text('suspend_reason'),
    subscriptionStatus: text('subscription_status'),
    /**
     * When the paid period behind `subscription_status` ends (null: no end, as for complimentary
     * access). Kept with the status by `writeSubscription`; `hasPremiumAccess` reads both.
     */
    premiumAccessEndsAt: timestamp('premium_access_ends_at', { withTimezone: true, precision: 3 }),
    stripeCustomerId: text('stripe_customer_id').unique(),
    /** The admin's note about the member (Ghost's `note`; the member import and export carry it). */
    note: text('note'),
    /** Labels from the member import (Ghost's `labels`): a newsletter can go to one of them. */
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    /** When the member import mailed this member an invitation to choose a password (once). */
    invitedAt: timestamp('invited_at', { withTimezone: true, precision: 3 }),
    /**
     * The language the member chose in Settings (docs/translating.md): their screens on every device
     * and their e-mails. Null: not chosen (the browser's languages, then the site's default, decide).
     */
    locale: text('locale'),
    ...timestamps,
  },
  (table) => [
    index('users_created_at_idx').on(table.createdAt),
    // A newsletter's audience by label filters with `labels @> array[...]`.
    index('users_labels_idx').using('gin', table.labels),
    maxLength('users_name', table.name, MAX_FULL_NAME_LENGTH),
    maxLength('users_first_name', table.firstName, MAX_NAME_LENGTH),
    maxLength('users_last_name', table.lastName, MAX_NAME_LENGTH),
    maxLength('users_email', table.email, MAX_EMAIL_LENGTH),
    maxLength('users_note', table.note, MAX_MEMBER_NOTE_LENGTH),
    check('users_locale_shipped', sql`${table.locale} is null or ${table.locale} in ('en', 'es', 'de')`),
    // A picture is a registered image's object path (UPLOADED_IMAGE_PATTERN), never an outside URL.
    check(
      'users_image_uploaded',
      sql`${table.image} is null or ${table.image} ~ '^/objects/images/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[.]webp$'`,
    ),
  ],
);

/** The first columns of a row a member owns: its id, then the member (deleted with them). */
export const memberOwned = () => ({ id: primaryId(), userId: ownerRef('user_id', () => users.id) });

export const sessions = pgTable(
  'sessions',
  {
    ...memberOwned(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    ...memberOwned(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: primaryId(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** better-auth's rate limiter, stored in PostgreSQL so limits hold across instances. */
export const rateLimits = pgTable('rate_limits', {
  id: primaryId(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  ...timestamps,
});
