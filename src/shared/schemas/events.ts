import { z } from 'zod';
import { RRule } from '../rrule.ts';
import { isHttpUrl, MAX_STORED_URL_LENGTH } from './content.ts';

/**
 * Live events (docs/product.md, "Events"): an event is a content item of type 'event' with these
 * details. The start is stored as an instant plus the organiser's IANA time zone, so a weekly
 * 19:00 in Berlin stays 19:00 in Berlin across daylight-saving changes (see event-occurrences.ts).
 */

export const MAX_EVENT_DURATION_MINUTES = 24 * 60;
export const MAX_EVENT_CAPACITY = 100_000;
export const MAX_EXCEPTION_DATES = 100;
export const MAX_LOCATION_LENGTH = 300;
export const MAX_RECURRENCE_LENGTH = 300;
/** The longest window `GET /api/events?from&to` expands (about three months). */
export const MAX_EVENT_WINDOW_DAYS = 92;
/** Join links appear this many minutes before the start unless the event says otherwise. */
export const DEFAULT_JOIN_OPENS_MINUTES = 15;

export const RSVP_STATUSES = ['going', 'waitlist'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
export const FEED_SCOPES = ['rsvps', 'all'] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

/** True for a zone name this runtime's Intl knows (IANA names such as 'Europe/Berlin'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

const RECURRING_FREQUENCIES: ReadonlySet<number> = new Set([RRule.WEEKLY, RRule.MONTHLY]);

/** Why an RRULE string is refused, or null when the rrule library reads it as weekly or monthly. */
export function recurrenceProblem(rule: string): string | null {
  if (/DTSTART|TZID|RRULE:|EXDATE|\n/i.test(rule)) {
    return 'Recurrence is the rule alone (like FREQ=WEEKLY;BYDAY=SU): the start and exceptions are separate fields';
  }
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(rule);
  } catch {
    return 'Recurrence is not a valid RRULE (like FREQ=WEEKLY;BYDAY=SU)';
  }
  if (options.freq === undefined || !RECURRING_FREQUENCIES.has(options.freq)) {
    return 'Recurrence must be weekly or monthly (FREQ=WEEKLY or FREQ=MONTHLY)';
  }
  // parseString lets some bad values through (BYDAY=XX reads as an empty weekday); expanding the
  // rule once finds them.
  try {
    new RRule({ ...options, dtstart: new Date(Date.UTC(2026, 0, 1)) }).all((_, index) => index < 2);
  } catch {
    return 'Recurrence is not a valid RRULE (like FREQ=WEEKLY;BYDAY=SU)';
  }
  return null;
}

const joinUrl = z
  .string()
  .trim()
  .max(MAX_STORED_URL_LENGTH, 'Join link is too long')
  .refine((value) => value === '' || isHttpUrl(value), 'Join link must be an http(s) URL')
  .transform((value) => value || null)
  .nullable();

/** The admin form and `PUT /api/admin/events/{id}` parse with this. */
export const EventDetailsInputSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, message: 'Start must be a date and time with its offset' }),
  timeZone: z.string().trim().refine(isTimeZone, 'Time zone must be an IANA name like Europe/Berlin'),
  durationMinutes: z
    .number()
    .int('Duration is whole minutes')
    .min(1, 'Duration is at least a minute')
    .max(MAX_EVENT_DURATION_MINUTES, 'Duration is at most a day'),
  location: z
    .string()
    .trim()
    .max(MAX_LOCATION_LENGTH, `Location is at most ${MAX_LOCATION_LENGTH} characters`)
    .transform((value) => value || null)
    .nullable()
    .default(null),
  joinUrl: joinUrl.default(null),
  joinOpensMinutesBefore: z
    .number()
    .int()
    .min(0, 'The join link cannot open after the start')
    .max(7 * 24 * 60, 'The join link opens at most a week before')
    .default(DEFAULT_JOIN_OPENS_MINUTES),
  capacity: z
    .number()
    .int('Capacity is a whole number')
    .min(1, 'Capacity is at least 1 (leave it empty for no limit)')
    .max(MAX_EVENT_CAPACITY)
    .nullable()
    .default(null),
  recurrence: z
    .string()
    .trim()
    .max(MAX_RECURRENCE_LENGTH, 'Recurrence is too long')
    .transform((value) => value.replace(/^RRULE:/i, '') || null)
    .nullable()
    .default(null)
    .superRefine((value, context) => {
      const problem = value === null ? null : recurrenceProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /** Local dates (in the event's zone) on which a recurring event does not take place. */
  exceptionDates: z
    .array(z.iso.date('Exception dates are YYYY-MM-DD'))
    .max(MAX_EXCEPTION_DATES, `At most ${MAX_EXCEPTION_DATES} exception dates`)
    .default([]),
  /** The session's recording: an audio or video item of the library, attached afterwards. */
  replayItemId: z.uuid('Replay must be the link of an audio or video item').nullable().default(null),
});
export type EventDetailsInput = z.input<typeof EventDetailsInputSchema>;
export type EventDetails = z.output<typeof EventDetailsInputSchema>;

/** The stored details as the API returns them (the admin form's starting values). */
export const EventDetailsSchema = z.object({
  eventId: z.uuid(),
  startsAt: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number(),
  location: z.string().nullable(),
  joinUrl: z.string().nullable(),
  joinOpensMinutesBefore: z.number(),
  capacity: z.number().nullable(),
  recurrence: z.string().nullable(),
  exceptionDates: z.array(z.string()),
  replayItemId: z.string().nullable(),
});

export const EventWindowQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, message: 'from must be an ISO date-time' }),
    to: z.iso.datetime({ offset: true, message: 'to must be an ISO date-time' }),
  })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    message: 'to must be after from',
    path: ['to'],
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= MAX_EVENT_WINDOW_DAYS * 86_400_000, {
    message: `The window is at most ${MAX_EVENT_WINDOW_DAYS} days`,
    path: ['to'],
  });

/** One occurrence as the API returns it: the start in UTC and the organiser's zone. */
export const EventOccurrenceSchema = z.object({
  eventId: z.uuid(),
  title: z.string(),
  isPremium: z.boolean(),
  /** UTC, ISO 8601 with Z. */
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number(),
  location: z.string().nullable(),
  /** Only for a member entitled to the event, from `joinOpensAt` until the end; else null. */
  joinUrl: z.string().nullable(),
  hasJoinLink: z.boolean(),
  joinOpensAt: z.string(),
  capacity: z.number().nullable(),
  goingCount: z.number(),
  waitlistCount: z.number(),
  /** The viewer's answer for this occurrence; null when none (or a visitor). */
  myRsvp: z.enum(RSVP_STATUSES).nullable(),
});
export type EventOccurrence = z.infer<typeof EventOccurrenceSchema>;

export const EventSchema = z.object({
  eventId: z.uuid(),
  title: z.string(),
  isPremium: z.boolean(),
  timeZone: z.string(),
  recurrence: z.string().nullable(),
  /** The recording the organiser attached (a library item, gated as any item is); null when none. */
  replay: z.object({ id: z.string(), title: z.string(), type: z.enum(['audio', 'video']) }).nullable(),
  /** The next occurrences (at most 5), the current one first while it runs. */
  occurrences: z.array(EventOccurrenceSchema),
});
export type Event = z.infer<typeof EventSchema>;

export const RsvpInputSchema = z.object({
  going: z.boolean({ message: 'going must be true or false' }),
  /** Which occurrence (its UTC start); the next one when left out. */
  occurrence: z.iso.datetime({ offset: true, message: 'occurrence must be an ISO date-time' }).optional(),
});
export type RsvpInput = z.infer<typeof RsvpInputSchema>;

export const RsvpResultSchema = z.object({
  occurrence: z.string(),
  myRsvp: z.enum(RSVP_STATUSES).nullable(),
  goingCount: z.number(),
  waitlistCount: z.number(),
});
export type RsvpResult = z.infer<typeof RsvpResultSchema>;

export const CalendarFeedInputSchema = z.object({ scope: z.enum(FEED_SCOPES).default('rsvps') });
export const CalendarFeedSchema = z.object({
  scope: z.enum(FEED_SCOPES),
  /** https URL of the feed; `webcalUrl` is the same with webcal: for "subscribe" links. */
  url: z.string(),
  webcalUrl: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
