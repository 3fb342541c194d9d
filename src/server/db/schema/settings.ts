import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamps } from './columns.ts';

/**
 * Every preference a member keeps (Settings): how their days are counted, reminders, e-mails,
 * theme, playback. No row: the defaults (UTC until the browser says). Owned by
 * features/settings: only its service writes here, and other features read through it
 * (lint/member-settings-owner.grit). The table keeps its first name, `practice_settings`: a
 * rename alone would be a migration with risk and no benefit (docs/architecture.md).
 */
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
