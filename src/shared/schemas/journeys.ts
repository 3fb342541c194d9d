import { z } from 'zod';
import { ContentItemSchema } from './content.ts';

/**
 * Monthly journeys (docs/product.md, "Playlists and the calendar"): a calendar playlist built once
 * as day 1 … day N (its items' `dayIndex`), scheduled for one month or every month from a start
 * month. Where the days fall is in journey-dates.ts.
 */

export const MonthKeySchema = z
  .string('month must be written YYYY-MM')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be written YYYY-MM, such as 2026-03');

/** POST /api/admin/playlists/{id}/schedules */
export const JourneyScheduleInputSchema = z.object({
  startMonth: MonthKeySchema,
  repeatsMonthly: z.boolean('repeatsMonthly must be true or false').default(false),
});
export type JourneyScheduleInput = z.infer<typeof JourneyScheduleInputSchema>;

export const JourneyScheduleSchema = z.object({
  id: z.string(),
  startMonth: MonthKeySchema,
  repeatsMonthly: z.boolean(),
});
export type JourneySchedule = z.infer<typeof JourneyScheduleSchema>;

/** GET /api/journeys/month: without a month, the member's current month in their own zone. */
export const JourneyMonthQuerySchema = z.object({ month: MonthKeySchema.optional() });

export const JourneyDaySchema = z.object({
  /** The wall date (YYYY-MM-DD) in the member's month. */
  date: z.string(),
  dayIndex: z.number().int(),
  journey: z.object({ slug: z.string(), title: z.string() }),
  /** A premium item keeps its lock: without premium access only its teaser and no media. */
  item: ContentItemSchema,
});
export type JourneyDay = z.infer<typeof JourneyDaySchema>;

export const JourneyMonthSchema = z.object({
  month: MonthKeySchema,
  /** Today in the member's zone (UTC for a visitor or a member without a zone). */
  today: z.string(),
  days: z.array(JourneyDaySchema),
});
export type JourneyMonth = z.infer<typeof JourneyMonthSchema>;
