import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../../../shared/schemas/notifications.ts';
import { memberOwned, users } from './auth.ts';
import { ownerRef, primaryId, timestamps } from './columns.ts';
import { forumComments, forumPosts } from './community.ts';

/**
 * The notification centre: one row per thing a member is told (features/notifications/README.md).
 * Rows about a post or comment go when it is deleted. `dedupe_key` makes a notice idempotent per
 * recipient (a journey month is announced once, however many job runs see it).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: primaryId(),
    recipientId: ownerRef('recipient_id', () => users.id),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => forumComments.id, { onDelete: 'cascade' }),
    /** Where the notice leads, an in-app path. */
    link: text('link').notNull(),
    /** A short title shown with the notice (a post title, a journey's name). */
    subject: text('subject'),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
    /** Set when the delivery job has claimed it (push and e-mail as the member's settings say). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (table) => [
    index('notifications_recipient_newest_idx').on(table.recipientId, table.createdAt, table.id),
    index('notifications_unread_idx').on(table.recipientId).where(sql`${table.readAt} is null`),
    index('notifications_delivery_due_idx').on(table.createdAt).where(sql`${table.deliveredAt} is null`),
    uniqueIndex('notifications_recipient_dedupe_idx').on(table.recipientId, table.dedupeKey),
    check('notifications_link_check', sql`${table.link} like '/%'`),
  ],
);

/**
 * The site's Web Push (VAPID) key pair: one row, made once under INSERT ... ON CONFLICT DO
 * NOTHING, so every instance on this database signs with the same pair and a backup carries it
 * (features/notifications/push-keys.ts). VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY override it.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    ...timestamps,
  },
  (table) => [check('push_keys_single_row', sql`${table.id} = 1`)],
);

/** A browser's Web Push subscription (its PushSubscription JSON), one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    ...memberOwned(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps,
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * One row per member per local day a reminder went out: inserted with ON CONFLICT DO NOTHING by
 * the reminder job, so two instances running it at once send once (decision 030).
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    userId: ownerRef('user_id', () => users.id),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.localDate] })],
);
