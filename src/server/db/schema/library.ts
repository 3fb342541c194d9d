import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MAX_LANGUAGE_TAG_LENGTH } from '../../../shared/language-tags.ts';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_PLAYLIST_DESCRIPTION_LENGTH,
  MAX_STORED_URL_LENGTH,
  MAX_TITLE_LENGTH,
} from '../../../shared/schemas/content.ts';
import { memberOwned, users } from './auth.ts';
import { maxLength, ownerRef, primaryId, timestamps, tsvector } from './columns.ts';

// Indexes are ascending: PostgreSQL scans them backwards for `ORDER BY … DESC` (NULLS FIRST).
// A `DESC NULLS LAST` index would not match that order and the planner would sort instead.

/**
 * Content items (docs/product.md, "Entities": the API calls them video; video, audio, post or event). `search_vector` is kept by a
 * trigger (migration 0001) over title, description and tags, and searched through a GIN index.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: primaryId(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: ['video', 'audio', 'post', 'event'] })
      .notNull()
      .default('video'),
    thumbnailUrl: text('thumbnail_url'),
    duration: integer('duration').notNull().default(0),
    isPremium: boolean('is_premium').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    intensity: text('intensity', { enum: ['gentle', 'moderate', 'intense'] }),
    /** The language the item is in, a canonical BCP 47 tag (issue 37); null when not said. */
    language: text('language'),
    calendarDates: date('calendar_dates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    videoUrl: text('video_url'),
    videoFileUrl: text('video_file_url'),
    /**
     * Scheduled publishing (issue 36): a draft with a time goes live then, through the
     * `publish-scheduled` job, which sets `is_published` and clears this (decision 092).
     */
    publishAt: timestamp('publish_at', { withTimezone: true, precision: 3 }),
    searchVector: tsvector('search_vector'),
    /** Demo seeding's stable key, so seeding is idempotent; null for real content. */
    seedKey: text('seed_key').unique(),
    ...timestamps,
  },
  (table) => [
    index('content_items_newest_idx').on(table.createdAt, table.id),
    index('content_items_published_newest_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.isPublished}`),
    // Without GIN's pending list (`fastupdate`): the library is written a few times a day and
    // searched on every keystroke, and each search scanned the whole list of not-yet-merged
    // entries until a vacuum ran (158 buffers for a one-row answer instead of 8; decision 052).
    index('content_items_search_idx').using('gin', table.searchVector).with({ fastupdate: false }),
    index('content_items_publish_at_idx').on(table.publishAt).where(sql`${table.publishAt} is not null`),
    index('content_items_calendar_idx').using('gin', table.calendarDates).with({ fastupdate: false }),
    check('content_items_type_check', sql`${table.type} in ('video', 'audio', 'post', 'event')`),
    check(
      'content_items_intensity_check',
      sql`${table.intensity} is null or ${table.intensity} in ('gentle', 'moderate', 'intense')`,
    ),
    check('content_items_duration_check', sql`${table.duration} >= 0`),
    maxLength('content_items_language', table.language, MAX_LANGUAGE_TAG_LENGTH),
    maxLength('content_items_title', table.title, MAX_TITLE_LENGTH),
    maxLength('content_items_description', table.description, MAX_DESCRIPTION_LENGTH),
    maxLength('content_items_thumbnail_url', table.thumbnailUrl, MAX_STORED_URL_LENGTH),
    maxLength('content_items_video_url', table.videoUrl, MAX_STORED_URL_LENGTH),
  ],
);

/** The first columns of a member's row about one item (a favourite, a play, a download). */
export const memberAndItem = () => ({
  ...memberOwned(),
  videoId: ownerRef('video_id', () => contentItems.id),
});

export const favorites = pgTable(
  'favorites',
  {
    ...memberAndItem(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('favorites_user_video_idx').on(table.userId, table.videoId),
    index('favorites_user_newest_idx').on(table.userId, table.createdAt),
    index('favorites_video_recent_idx').on(table.videoId, table.createdAt),
  ],
);

/** One row each time a member starts an item (a signed URL is issued); feeds "Popular". */
export const contentPlays = pgTable(
  'content_plays',
  {
    ...memberAndItem(),
    ...timestamps,
  },
  (table) => [index('content_plays_recent_idx').on(table.createdAt, table.videoId)],
);

export const playbackProgress = pgTable(
  'playback_progress',
  {
    ...memberAndItem(),
    positionSeconds: real('position_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    /** When the member first heard it to the end (90%); kept when they play it again. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('playback_progress_user_video_idx').on(table.userId, table.videoId),
    index('playback_progress_user_recent_idx').on(table.userId, table.updatedAt),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: primaryId(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isCalendar: boolean('is_calendar').notNull().default(false),
    /** A course: members enrol, and its lessons may unlock over time (docs/product.md, "Courses"). */
    isCourse: boolean('is_course').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    maxLength('playlists_title', table.title, MAX_TITLE_LENGTH),
    maxLength('playlists_description', table.description, MAX_PLAYLIST_DESCRIPTION_LENGTH),
  ],
);

export const playlistItems = pgTable(
  'playlist_items',
  {
    id: primaryId(),
    playlistId: ownerRef('playlist_id', () => playlists.id),
    videoId: ownerRef('video_id', () => contentItems.id),
    orderIndex: integer('order_index').notNull(),
    dayIndex: integer('day_index'),
    /** A course lesson opens this many days after the member enrolled (null: at once). */
    unlockAfterDays: integer('unlock_after_days'),
    /** …or on this date, in the member's time zone (null: no date). */
    unlockOn: date('unlock_on', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [
    index('playlist_items_playlist_order_idx').on(table.playlistId, table.orderIndex),
    check(
      'playlist_items_unlock_after_days_check',
      sql`${table.unlockAfterDays} is null or ${table.unlockAfterDays} between 0 and 365`,
    ),
  ],
);

/**
 * When a monthly journey (a calendar playlist whose items carry day 1..31) runs: one month, or
 * every month from `start_month` on. Day k falls on the k-th day of each scheduled month, a wall
 * date read in the member's own zone; a day past the month's end (day 30 in February) is not shown.
 */
export const journeySchedules = pgTable(
  'journey_schedules',
  {
    id: primaryId(),
    playlistId: ownerRef('playlist_id', () => playlists.id),
    /** The first day of the (first) month it runs. */
    startMonth: date('start_month', { mode: 'string' }).notNull(),
    repeatsMonthly: boolean('repeats_monthly').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('journey_schedules_playlist_month_idx').on(
      table.playlistId,
      table.startMonth,
      table.repeatsMonthly,
    ),
    check('journey_schedules_start_month_check', sql`extract(day from ${table.startMonth}) = 1`),
  ],
);

/** A member's enrolment in a course (a playlist with `is_course`): when their drip began. */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    userId: ownerRef('user_id', () => users.id),
    playlistId: ownerRef('playlist_id', () => playlists.id),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.playlistId] })],
);

/** Members who follow a playlist hear of each published item newly added to it (docs/product.md). */
export const playlistFollows = pgTable(
  'playlist_follows',
  {
    userId: ownerRef('user_id', () => users.id),
    playlistId: ownerRef('playlist_id', () => playlists.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.playlistId] }),
    index('playlist_follows_playlist_idx').on(table.playlistId, table.userId),
  ],
);
