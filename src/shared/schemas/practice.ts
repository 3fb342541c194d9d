import { z } from 'zod';
import { isValidTimeZone, MAX_PRACTICE_NOTE_LENGTH, MAX_PRACTICE_SECONDS } from '../practice-values.ts';
import { singleLineText } from './text.ts';

/** Minutes practised, the member's days and their settings (issue 17). */

export { isValidTimeZone, MAX_PRACTICE_NOTE_LENGTH, MAX_PRACTICE_SECONDS };
/** A day may end up to this many hours after midnight (a late-night sit counts for the evening). */
export const MAX_DAY_START_HOUR = 4;
/** The client's clock may run a little ahead of the server's; later than this is refused. */
export const ENDED_AT_SKEW_MS = 5 * 60 * 1000;
/** No session ends before this (a clock set to 1970, a hand-made request): the app is younger. */
export const EARLIEST_PRACTICE_DATE = new Date('2000-01-01T00:00:00Z');
export const EARLIEST_PRACTICE_MESSAGE = 'endedAt cannot be before 1 January 2000';
/** The longest range of days one request may ask for (a year heatmap, a calendar month). */
export const MAX_PRACTICE_DAYS_RANGE = 400;
/** A play counts as completed once this share of it has been heard. */
export const COMPLETION_SHARE = 0.9;

export const PRACTICE_KINDS = ['content', 'timer', 'manual'] as const;
export type PracticeKind = (typeof PRACTICE_KINDS)[number];

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
    endedAt: z.iso
      .datetime({ offset: true, message: 'endedAt must be a date and time' })
      .refine((value) => new Date(value) >= EARLIEST_PRACTICE_DATE, EARLIEST_PRACTICE_MESSAGE)
      .optional(),
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

/** PUT /api/practice/sessions/{id}/note: an empty note (or null) removes it. */
export const PracticeNoteInputSchema = z.object({
  // The same one-line rule as names and titles: one line, no invisible formatting.
  note: singleLineText({ label: 'A note', max: MAX_PRACTICE_NOTE_LENGTH }).nullable(),
});
export type PracticeNoteInput = z.input<typeof PracticeNoteInputSchema>;

export const PracticeNoteSchema = z.object({ id: z.string(), note: z.string().nullable() });
export type PracticeNote = z.infer<typeof PracticeNoteSchema>;

/** The id in `/api/practice/sessions/{id}/…`. */
export const PracticeSessionParamsSchema = z.object({ id: z.uuid('id must be a session id') });

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

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const REMINDER_TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** GET and PUT /api/practice/settings */
export const PracticeSettingsSchema = z.object({
  /** Null until the browser (or the member) has said; days count in UTC meanwhile. */
  timeZone: z.string().nullable(),
  dayStartHour: z.number(),
  showStreaks: z.boolean(),
  /** Local HH:MM of the daily reminder; null: none. */
  reminderTime: z.string().nullable(),
  reminderDays: z.array(z.number()),
  reminderPush: z.boolean(),
  reminderEmail: z.boolean(),
  emailReplies: z.boolean(),
  emailMentions: z.boolean(),
  theme: z.enum(THEMES),
  /** Opted in to the weekly digest e-mail (off by default). */
  digestEmail: z.boolean(),
  /** Opted in to the teacher's newsletters (off by default; sign-up offers it unchecked). */
  newsletters: z.boolean(),
  /** Minutes before an event the member is going to that a reminder comes; 0: none. */
  eventReminderMinutes: z.number(),
  eventReminderPush: z.boolean(),
  eventReminderEmail: z.boolean(),
  /** When an item from a playlist or course ends, the next playable one starts. */
  playNext: z.boolean(),
});
export type PracticeSettings = z.infer<typeof PracticeSettingsSchema>;

/** A member who never changed a setting: UTC until the browser says, no reminders, no e-mails. */
export const DEFAULT_PRACTICE_SETTINGS: PracticeSettings = {
  timeZone: null,
  dayStartHour: 0,
  showStreaks: false,
  reminderTime: null,
  reminderDays: [1, 2, 3, 4, 5, 6, 7],
  reminderPush: false,
  reminderEmail: false,
  emailReplies: false,
  emailMentions: false,
  digestEmail: false,
  newsletters: false,
  theme: 'system',
  // Saying "going" is the choice: an hour before, by push (where the member allowed it) and e-mail.
  eventReminderMinutes: 60,
  eventReminderPush: true,
  eventReminderEmail: true,
  // A course or playlist is listened to in order: carrying on is what most members expect.
  playNext: true,
};

/** How long before an event its reminder may come (0: no reminder). */
export const EVENT_REMINDER_MINUTES = [0, 15, 60, 1440] as const;

export const PracticeSettingsInputSchema = z.object({
  timeZone: TimeZoneSchema.optional(),
  dayStartHour: z
    .number('dayStartHour must be a number')
    .int('dayStartHour must be a whole hour')
    .min(0, 'dayStartHour cannot be negative')
    .max(MAX_DAY_START_HOUR, `dayStartHour can be at most ${MAX_DAY_START_HOUR}`)
    .optional(),
  showStreaks: z.boolean('showStreaks must be true or false').optional(),
  reminderTime: z
    .string('reminderTime must be a time such as 08:30')
    .regex(REMINDER_TIME_PATTERN, 'reminderTime must be a time such as 08:30')
    .nullable()
    .optional(),
  reminderDays: z
    .array(
      z.number().int().min(1, 'reminderDays are weekdays 1 to 7').max(7, 'reminderDays are weekdays 1 to 7'),
    )
    .max(7, 'reminderDays has at most seven days')
    .refine((days) => new Set(days).size === days.length, 'reminderDays must not repeat a day')
    .optional(),
  reminderPush: z.boolean('reminderPush must be true or false').optional(),
  reminderEmail: z.boolean('reminderEmail must be true or false').optional(),
  emailReplies: z.boolean('emailReplies must be true or false').optional(),
  emailMentions: z.boolean('emailMentions must be true or false').optional(),
  theme: z.enum(THEMES, "theme must be 'system', 'light' or 'dark'").optional(),
  digestEmail: z.boolean('digestEmail must be true or false').optional(),
  newsletters: z.boolean('newsletters must be true or false').optional(),
  eventReminderMinutes: z
    .number('eventReminderMinutes must be a number')
    .refine(
      (minutes) => (EVENT_REMINDER_MINUTES as readonly number[]).includes(minutes),
      'eventReminderMinutes must be 0, 15, 60 or 1440',
    )
    .optional(),
  eventReminderPush: z.boolean('eventReminderPush must be true or false').optional(),
  eventReminderEmail: z.boolean('eventReminderEmail must be true or false').optional(),
  playNext: z.boolean('playNext must be true or false').optional(),
});
export type PracticeSettingsInput = z.input<typeof PracticeSettingsInputSchema>;
