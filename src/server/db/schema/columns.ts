import { timestamp } from 'drizzle-orm/pg-core';

/**
 * `created_at`/`updated_at` on every table (ARCHITECTURE.md data rules), in milliseconds: the
 * precision a JavaScript Date keeps. Keyset cursors carry a Date, so a microsecond timestamp would
 * round-trip shorter than the row's own value and a neighbour in the same millisecond could be
 * skipped between pages.
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};
