import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MAX_NEWSLETTER_BODY, MAX_NEWSLETTER_SUBJECT } from '../../../shared/schemas/newsletters.ts';
import { users } from './auth.ts';
import { maxLength, primaryId, timestamps } from './columns.ts';

/** A newsletter the teacher writes (docs/product.md, "Newsletters"); the body is Markdown. */
export const newsletters = pgTable(
  'newsletters',
  {
    id: primaryId(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The audience: 'all', 'free' or 'premium' of the members who chose newsletters. */
    segment: text('segment').notNull().default('all'),
    /** draft → (scheduled →) sending → sent. Only drafts and scheduled ones can be edited. */
    status: text('status', { enum: ['draft', 'scheduled', 'sending', 'sent'] })
      .notNull()
      .default('draft'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true, precision: 3 }),
    /** When its recipients were queued: members may read it in the app from then on. */
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    /** When the last copy left (or failed). */
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('newsletters_due_idx').on(table.scheduledFor).where(sql`${table.status} = 'scheduled'`),
    check('newsletters_status_check', sql`${table.status} in ('draft', 'scheduled', 'sending', 'sent')`),
    maxLength('newsletters_subject', table.subject, MAX_NEWSLETTER_SUBJECT),
    maxLength('newsletters_body', table.body, MAX_NEWSLETTER_BODY),
  ],
);

/**
 * One row per newsletter and recipient, written all at once when sending starts (INSERT … SELECT)
 * and worked off by the `send-newsletters` job. The primary key makes queuing idempotent; the
 * states make a restart safe: `queued` (not tried), `claimed` (taken by a run, not yet tried: a
 * stale claim goes back to `queued`), `sending` (handed to SMTP: a stale one is marked failed,
 * never retried, so nobody gets two copies), `sent`, `failed`.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address when queued (a later change of address does not move a copy in flight). */
    email: text('email').notNull(),
    status: text('status', { enum: ['queued', 'claimed', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** A temporary failure waits until then; null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, precision: 3 }),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    error: text('error'),
    /** The member unsubscribed through this copy's link (the admin's "unsubscribes caused"). */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.newsletterId, table.userId] }),
    index('newsletter_deliveries_pending_idx')
      .on(table.newsletterId)
      .where(sql`${table.status} in ('queued', 'claimed', 'sending')`),
    index('newsletter_deliveries_user_idx').on(table.userId),
    check(
      'newsletter_deliveries_status_check',
      sql`${table.status} in ('queued', 'claimed', 'sending', 'sent', 'failed')`,
    ),
  ],
);
