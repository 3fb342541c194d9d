import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MAX_STORED_URL_LENGTH } from '../../../shared/schemas/content.ts';
import { MAX_LOCATION_LENGTH, MAX_RECURRENCE_LENGTH } from '../../../shared/schemas/events.ts';
import { memberOwned, users } from './auth.ts';
import { maxLength, timestamps } from './columns.ts';
import { contentItems } from './library.ts';

/**
 * A live event's details, one row per content item of type 'event' (docs/product.md, "Events").
 * The start is an instant plus the organiser's IANA zone; the recurrence is expanded in that
 * zone's wall-clock time (src/shared/event-occurrences.ts).
 */
export const eventDetails = pgTable(
  'event_details',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    location: text('location'),
    joinUrl: text('join_url'),
    joinOpensMinutesBefore: integer('join_opens_minutes_before').notNull().default(15),
    capacity: integer('capacity'),
    recurrence: text('recurrence'),
    exceptionDates: date('exception_dates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    /** The recording of the session (an audio or video item), attached by the organiser afterwards. */
    replayItemId: uuid('replay_item_id').references(() => contentItems.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    check('event_details_duration_check', sql`${table.durationMinutes} > 0`),
    check('event_details_capacity_check', sql`${table.capacity} is null or ${table.capacity} > 0`),
    check('event_details_join_opens_check', sql`${table.joinOpensMinutesBefore} >= 0`),
    maxLength('event_details_location', table.location, MAX_LOCATION_LENGTH),
    maxLength('event_details_join_url', table.joinUrl, MAX_STORED_URL_LENGTH),
    maxLength('event_details_recurrence', table.recurrence, MAX_RECURRENCE_LENGTH),
  ],
);

/**
 * A member's RSVP to one occurrence (its start instant): 'going' or 'waitlist'; "not going" is no
 * row. Who is promoted from the waitlist is decided by `created_at` (first come, first served).
 */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    ...memberOwned(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => eventDetails.eventId, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['going', 'waitlist'] }).notNull(),
    /** When the reminder before this occurrence was claimed (set once, by one instance). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // The reminder job's scan: going members not yet reminded, by start.
    index('event_rsvps_unreminded_idx')
      .on(table.occurrenceStart)
      .where(sql`${table.remindedAt} is null and ${table.status} = 'going'`),
    uniqueIndex('event_rsvps_member_occurrence_idx').on(table.eventId, table.occurrenceStart, table.userId),
    index('event_rsvps_member_idx').on(table.userId, table.occurrenceStart),
    check('event_rsvps_status_check', sql`${table.status} in ('going', 'waitlist')`),
  ],
);

/**
 * A member's personal calendar feed: the URL carries a random token, stored here only as its
 * SHA-256. Revoking deletes the row; a new token replaces the old one.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    scope: text('scope', { enum: ['rsvps', 'all'] }).notNull(),
    ...timestamps,
  },
  (table) => [check('calendar_feeds_scope_check', sql`${table.scope} in ('rsvps', 'all')`)],
);
