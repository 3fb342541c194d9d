import { z } from 'zod';

/** Minutes practised, the member's days and their settings (issue 17). */

/** One session is at most four hours; a longer sit is logged as two. */
export const MAX_PRACTICE_SECONDS = 4 * 60 * 60;
/** A day may end up to this many hours after midnight (a late-night sit counts for the evening). */
export const MAX_DAY_START_HOUR = 4;
/** The client's clock may run a little ahead of the server's; later than this is refused. */
export const ENDED_AT_SKEW_MS = 5 * 60 * 1000;
/** The longest range of days one request may ask for (a year heatmap, a calendar month). */
export const MAX_PRACTICE_DAYS_RANGE = 400;
/** A play counts as completed once this share of it has been heard. */
export const COMPLETION_SHARE = 0.9;

export const PRACTICE_KINDS = ['content', 'timer', 'manual'] as const;
export type PracticeKind = (typeof PRACTICE_KINDS)[number];

/** Whether the runtime (browser or server) knows this IANA zone name. */
export function isValidTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string('timeZone must be a time zone name')
  .refine(isValidTimeZone, 'timeZone must be a time zone name such as Europe/London');

/** POST /api/practice/sessions */
export const PracticeSessionInputSchema = z
  .object({
    id: z.uuid('id must be a UUID made by the app'),
    seconds: z
      .number('seconds must be a number')
      .int('seconds must be whole seconds')
      .min(1, 'seconds must be at least 1')
      .max(MAX_PRACTICE_SECONDS, 'A session can be at most 4 hours'),
    kind: z.enum(PRACTICE_KINDS, "kind must be 'content', 'timer' or 'manual'"),
    contentId: z.uuid('contentId must be a content id').optional(),
    endedAt: z.iso.datetime({ offset: true, message: 'endedAt must be a date and time' }).optional(),
  })
  .refine((input) => input.kind !== 'content' || input.contentId, {
    message: 'contentId is required for a listening session',
    path: ['contentId'],
  });
export type PracticeSessionInput = z.input<typeof PracticeSessionInputSchema>;

export const PracticeSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(PRACTICE_KINDS),
  contentId: z.string().nullable(),
  seconds: z.number(),
  endedAt: z.string(),
  /** The member's day it counts for (YYYY-MM-DD). */
  day: z.string(),
});
export type PracticeSession = z.infer<typeof PracticeSessionSchema>;

const DaySchema = z.object({ date: z.string(), minutes: z.number(), sessions: z.number() });
export type PracticeDay = z.infer<typeof DaySchema>;

/** GET /api/practice/summary */
export const PracticeSummarySchema = z.object({
  /** The member's today (YYYY-MM-DD), after their zone and late-night offset. */
  date: z.string(),
  today: z.object({ minutes: z.number() }),
  week: z.object({
    minutes: z.number(),
    days: z.number(),
    /** Monday to Sunday of this week, each with its minutes. */
    daily: z.array(DaySchema),
  }),
  month: z.object({ minutes: z.number(), days: z.number() }),
  total: z.object({ minutes: z.number(), sessions: z.number(), days: z.number() }),
  streak: z.object({ enabled: z.boolean(), current: z.number(), longest: z.number() }),
});
export type PracticeSummary = z.infer<typeof PracticeSummarySchema>;

const isoDay = z.iso.date('must be a date (YYYY-MM-DD)');

/** GET /api/practice/days?from=&to= */
export const PracticeDaysQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < MAX_PRACTICE_DAYS_RANGE, {
    message: `Ask for at most ${MAX_PRACTICE_DAYS_RANGE} days at a time`,
    path: ['to'],
  });
/** Only the days with practice, oldest first. */
export const PracticeDaysSchema = z.object({ days: z.array(DaySchema) });

/** GET and PUT /api/practice/settings */
export const PracticeSettingsSchema = z.object({
  /** Null until the browser (or the member) has said; days count in UTC meanwhile. */
  timeZone: z.string().nullable(),
  dayStartHour: z.number(),
  showStreaks: z.boolean(),
  /** Opted in to the weekly digest e-mail (off by default). */
  digestEmail: z.boolean(),
});
export type PracticeSettings = z.infer<typeof PracticeSettingsSchema>;

export const PracticeSettingsInputSchema = z.object({
  timeZone: TimeZoneSchema.optional(),
  dayStartHour: z
    .number('dayStartHour must be a number')
    .int('dayStartHour must be a whole hour')
    .min(0, 'dayStartHour cannot be negative')
    .max(MAX_DAY_START_HOUR, `dayStartHour can be at most ${MAX_DAY_START_HOUR}`)
    .optional(),
  showStreaks: z.boolean('showStreaks must be true or false').optional(),
  digestEmail: z.boolean('digestEmail must be true or false').optional(),
});
export type PracticeSettingsInput = z.input<typeof PracticeSettingsInputSchema>;
