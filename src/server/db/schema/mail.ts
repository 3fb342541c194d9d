import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { primaryId, timestamps } from './columns.ts';

/**
 * Every e-mail the product sends is written here first, in the request. Without SMTP_URL this
 * table is the outbox an operator (or a test) reads; with SMTP a pg-boss job sends the due rows
 * (`next_attempt_at` passed), retrying a failure later and later (src/server/lib/mailer.ts).
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: primaryId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers the message carries (the digest's List-Unsubscribe); null for most. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** Sending attempts so far; after the last one `next_attempt_at` is cleared (given up). */
    attempts: integer('attempts').notNull().default(0),
    /** When the sending job may (next) try this message; null: sent, given up, or no SMTP. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('outbox_emails_to_idx').on(table.to, table.createdAt),
    index('outbox_emails_due_idx').on(table.nextAttemptAt).where(sql`${table.nextAttemptAt} is not null`),
  ],
);

/**
 * Addresses an SMTP server refused for good (a 5xx answer): no further newsletter goes to them
 * (lib/mailer.ts `deliverNow` writes them). Transactional mail (sign-in, reset links) still tries.
 */
export const undeliverableAddresses = pgTable('undeliverable_addresses', {
  email: text('email').primaryKey(),
  /** The server's answer, for the operator. */
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
