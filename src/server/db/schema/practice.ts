import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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

/** How a member's days are counted and shown. No row: the defaults (UTC until the browser says). */
export const practiceSettings = pgTable(
  'practice_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An IANA zone name, from the browser on first visit and editable in Settings. */
    timeZone: text('time_zone'),
    /** A day ends this many hours after midnight (0–4): a sit at 1 am counts for the evening before. */
    dayStartHour: integer('day_start_hour').notNull().default(0),
    showStreaks: boolean('show_streaks').notNull().default(false),
    /** Local time of the daily reminder (HH:MM in `time_zone`); null: no reminder. */
    reminderTime: text('reminder_time'),
    /** ISO weekdays the reminder may come on (1 Monday … 7 Sunday). */
    reminderDays: integer('reminder_days').array().notNull().default(sql`'{1,2,3,4,5,6,7}'::integer[]`),
    reminderPush: boolean('reminder_push').notNull().default(false),
    reminderEmail: boolean('reminder_email').notNull().default(false),
    /** E-mail when someone replies to the member's post or comments after them. */
    emailReplies: boolean('email_replies').notNull().default(false),
    emailMentions: boolean('email_mentions').notNull().default(false),
    theme: text('theme', { enum: ['system', 'light', 'dark'] })
      .notNull()
      .default('system'),
    /** Opted in to the weekly digest e-mail (off until the member turns it on). */
    digestEmail: boolean('digest_email').notNull().default(false),
    /** Opted in to the teacher's newsletters (off until the member, or sign-up, turns it on). */
    newsletters: boolean('newsletters').notNull().default(false),
    /** Minutes before an event the member is going to that its reminder comes; 0: none. */
    eventReminderMinutes: integer('event_reminder_minutes').notNull().default(60),
    eventReminderPush: boolean('event_reminder_push').notNull().default(true),
    eventReminderEmail: boolean('event_reminder_email').notNull().default(true),
    /** When an item from a playlist or course ends, the next playable one starts (on by default). */
    playNext: boolean('play_next').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check('practice_settings_day_start_check', sql`${table.dayStartHour} between 0 and 4`),
    check(
      'practice_settings_reminder_time_check',
      sql`${table.reminderTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check('practice_settings_theme_check', sql`${table.theme} in ('system', 'light', 'dark')`),
    check(
      'practice_settings_event_reminder_minutes_check',
      sql`${table.eventReminderMinutes} in (0, 15, 60, 1440)`,
    ),
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
