import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * Every e-mail the product sends is written here first. Without SMTP_URL this table is the outbox
 * an operator (or a test) reads; with SMTP it records what was sent and when.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    ...timestamps,
  },
  (table) => [index('outbox_emails_to_idx').on(table.to, table.createdAt)],
);
