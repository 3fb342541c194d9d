import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { ownerRef, timestamps } from './columns.ts';
import { contentItems } from './library.ts';

/**
 * Minutes practised. The id is made by the client (a UUID per play, per timer run, per logged
 * practice), so a retry after a lost answer, or an offline queue sent twice, lands on the same
 * row. A later send of the same play may only make it longer (features/practice/README.md). The
 * key is (member, id): ids are the client's, so one member's id never collides with, or reveals,
 * another's.
 */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: uuid('id').notNull(),
    userId: ownerRef('user_id', () => users.id),
    kind: text('kind', { enum: ['content', 'timer', 'manual'] }).notNull(),
    /** The item listened to (kind 'content'); kept as null when the item is deleted. */
    contentId: uuid('content_id').references(() => contentItems.id, { onDelete: 'set null' }),
    seconds: integer('seconds').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The member's own line for their journal, from the end-of-session moment; never shown to anyone else. */
    note: text('note'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('practice_sessions_user_ended_idx').on(table.userId, table.endedAt),
    // The admin's content figures read a window of everyone's sessions (admin/content-metrics.ts):
    // by end time, carrying what they count so the scan need not visit the table (drizzle has no
    // INCLUDE; trailing key columns do the same for an index-only scan).
    index('practice_sessions_ended_idx').on(
      table.endedAt,
      table.userId,
      table.kind,
      table.contentId,
      table.seconds,
    ),
    check('practice_sessions_kind_check', sql`${table.kind} in ('content', 'timer', 'manual')`),
    check('practice_sessions_seconds_check', sql`${table.seconds} between 1 and 14400`),
    check('practice_sessions_note_length_check', sql`char_length(${table.note}) <= 280`),
  ],
);

/**
 * One row per member and week the digest was sent for (`week` is the ISO week, e.g. 2026-W48):
 * inserted with ON CONFLICT DO NOTHING before sending, so two instances never send it twice.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: ownerRef('user_id', () => users.id),
    week: text('week').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.week] })],
);
