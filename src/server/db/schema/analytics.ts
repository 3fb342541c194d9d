import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The admin's content figures as last computed, per window and time zone (decision 098): the
 * `refresh-content-analytics` job recomputes every pair an admin asked for in the last week, so the
 * screen reads one row instead of aggregating up to 90 days of everyone's practice sessions.
 * `answer` is exactly what `getContentAnalytics` returned as of `computed_at`.
 */
export const contentAnalyticsSnapshots = pgTable(
  'content_analytics_snapshots',
  {
    days: integer('days').notNull(),
    timeZone: text('time_zone').notNull(),
    answer: jsonb('answer').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The last time an admin read it: pairs nobody asked for in a week are no longer refreshed. */
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.days, table.timeZone] })],
);
