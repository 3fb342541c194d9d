import { z } from 'zod';
import {
  ACCESS_FILTERS,
  CONTENT_SORTS,
  CONTENT_TYPES,
  type ContentType,
  DURATION_FILTERS,
  type DurationFilter,
  INTENSITIES,
} from '../content-values.ts';
import { languageFilter, languageTagField } from './language-tag.ts';
import { pageLimit } from './paging.ts';
import { requiredText, singleLineText, visibleText } from './text.ts';

/** Content items (docs/product.md, "Entities": "called Video; used for video, audio, post and event"). */

export {
  ACCESS_FILTERS,
  type AccessFilter,
  CONTENT_SORTS,
  CONTENT_TYPES,
  type ContentType,
  DURATION_FILTERS,
  type DurationFilter,
  formatReadingTime,
  INTENSITIES,
  type Intensity,
} from '../content-values.ts';

export const MAX_TITLE_LENGTH = 200;
/** The longest URL or object path any field stores. */
export const MAX_STORED_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 20_000;
export const MAX_PLAYLIST_DESCRIPTION_LENGTH = 2000;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_DURATION_SECONDS = 24 * 60 * 60;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export { NEXT_CURSOR_HEADER } from '../pagination.ts';

/** An object stored by the upload registration: `/objects/<key>`; keys are server-generated. */
export const OBJECT_PATH_PATTERN = /^\/objects\/[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** docs/architecture.md, "Contracts": an http(s) URL, an uploaded object path, or '' for none (stored as null). */
export const mediaReference = (label: string) =>
  z
    .string()
    .trim()
    .max(MAX_STORED_URL_LENGTH, `${label} is too long`)
    .refine(
      (value) =>
        value === '' || isHttpUrl(value) || (OBJECT_PATH_PATTERN.test(value) && !value.includes('..')),
      `${label} must be an http(s) URL or an uploaded file`,
    )
    .transform((value) => (value === '' ? null : value));

const streamingUrl = z
  .string()
  .trim()
  .max(MAX_STORED_URL_LENGTH, 'Video URL is too long')
  .refine((value) => value === '' || isHttpUrl(value), 'Video URL must be an http(s) URL')
  .transform((value) => (value === '' ? null : value));

const uploadedFile = z
  .string()
  .trim()
  .max(512)
  .refine(
    (value) => value === '' || (OBJECT_PATH_PATTERN.test(value) && !value.includes('..')),
    'Video file must be an uploaded file path',
  )
  .transform((value) => (value === '' ? null : value));

export const CALENDAR_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isValidCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const calendarDate = z
  .string()
  .refine(isValidCalendarDate, 'Calendar dates must be real dates written YYYY-MM-DD');

/** Splits the form's comma-separated text (or takes an array), trims, drops empties and repeats. */
export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

/** One tag as typed (trimmed and lower-cased later by normalizeTags): one line, nothing invisible. */
export const TagSchema = singleLineText({ label: 'Each tag', max: MAX_TAG_LENGTH });

/**
 * Scheduled publishing (issue 36, decision 092): when a draft goes live, an ISO instant with its
 * offset; '' or null for none. A time still to come keeps the item a draft until then; a time
 * already past publishes it now.
 */
const PUBLISH_AT_MESSAGE = 'Publish at must be an ISO date and time, such as 2026-12-01T08:00:00Z';
export const publishAtField = z
  .union([z.iso.datetime({ offset: true, error: PUBLISH_AT_MESSAGE }), z.literal(''), z.null()], {
    error: PUBLISH_AT_MESSAGE,
  })
  .transform((value) => (value ? value : null))
  .default(null);

/** The body of POST /api/videos and PUT /api/videos/{id}; the admin form parses with it too. */
export const ContentInputSchema = z.object({
  title: visibleText({ label: 'Title', max: MAX_TITLE_LENGTH, required: 'Title is required' }),
  description: requiredText('Description', MAX_DESCRIPTION_LENGTH),
  type: z.enum(CONTENT_TYPES, 'Type must be one of video, audio, post or event').default('video'),
  thumbnailUrl: mediaReference('Thumbnail').default(null),
  duration: z
    .number('Duration must be a whole number of seconds')
    .int('Duration must be a whole number of seconds')
    .min(0, 'Duration cannot be negative')
    .max(MAX_DURATION_SECONDS, 'Duration can be at most 24 hours')
    .default(0),
  isPremium: z.boolean().default(false),
  isPublished: z.boolean().default(true),
  tags: z
    .array(TagSchema)
    .max(MAX_TAGS * 2)
    .default([])
    .transform((tags) => normalizeTags(tags))
    .refine((tags) => tags.length <= MAX_TAGS, `At most ${MAX_TAGS} tags`),
  intensity: z
    .union([z.enum(INTENSITIES), z.literal(''), z.null()], {
      error: 'Intensity must be gentle, moderate or intense',
    })
    .default(null)
    .transform((value) => (value === '' ? null : value)),
  language: languageTagField,
  calendarDates: z
    .array(calendarDate)
    .max(366, 'At most 366 calendar dates')
    .default([])
    .transform((dates) => [...new Set(dates)].sort()),
  videoUrl: streamingUrl.default(null),
  videoFileUrl: uploadedFile.default(null),
  publishAt: publishAtField,
});
export type ContentInput = z.input<typeof ContentInputSchema>;
export type ContentValues = z.output<typeof ContentInputSchema>;

/** A content item as the API returns it. Media locations are only in admin responses. */
export const ContentItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /**
   * The whole text, or for a premium item and a viewer without premium access only its opening
   * (cut on the server, see `isTeaser`). For a post this is the article itself.
   */
  description: z.string(),
  isTeaser: z
    .boolean()
    .describe(
      'True when description is only the opening of a premium text (at most 280 characters, cut at a word), sent to viewers without premium access',
    ),
  readingMinutes: z
    .number()
    .int()
    .describe('Reading time in minutes, from the whole text (a teaser alone would read shorter)'),
  type: z.enum(CONTENT_TYPES),
  thumbnailUrl: z.string().nullable(),
  duration: z.number().int(),
  isPremium: z.boolean(),
  isPublished: z.boolean(),
  tags: z.array(z.string()),
  intensity: z.enum(INTENSITIES).nullable(),
  /** The language the item is in (a BCP 47 tag), or null when the teacher did not say. */
  language: z.string().nullable(),
  calendarDates: z.array(z.string()),
  /** Whether a streaming URL or an uploaded file exists (so the player knows without the URL). */
  hasMedia: z.boolean(),
  /** Admins only: the streaming URL and the uploaded file path. */
  videoUrl: z.string().nullable().optional(),
  videoFileUrl: z.string().nullable().optional(),
  /** Admins only: when a scheduled draft goes live (null when none is scheduled). */
  publishAt: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

const optionalFilter = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.enum(values), z.literal('all'), z.literal('')], {
      error: `${label} must be one of ${values.join(', ')} or all`,
    })
    .optional()
    .transform((value) => (value === 'all' || value === '' ? undefined : (value as T[number] | undefined)));

export const ContentListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200, 'Search can be at most 200 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  type: optionalFilter(CONTENT_TYPES, 'type'),
  access: optionalFilter(ACCESS_FILTERS, 'access'),
  duration: optionalFilter(DURATION_FILTERS, 'duration'),
  /** Items in this language only (a tag from GET /api/videos/languages). */
  language: languageFilter,
  /** Items scheduled on any day of this month (the calendar), `YYYY-MM`. */
  calendarMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'calendarMonth must be written YYYY-MM')
    .optional(),
  sort: z.enum(CONTENT_SORTS, 'sort must be newest or popular').default('newest'),
  limit: pageLimit(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type ContentListQuery = z.input<typeof ContentListQuerySchema>;

/** `GET /api/videos/languages`: the languages published items are in, for the library's filter. */
export const ContentLanguagesSchema = z.object({ languages: z.array(z.string()) });
export type ContentLanguages = z.infer<typeof ContentLanguagesSchema>;

/**
 * `GET /api/videos/{id}/signed-url`. `expiresAt` (ISO 8601) is when the link stops working, so the
 * player renews it in time without reading the link's own format; null for a streaming URL, which
 * the server does not sign and which does not expire.
 */
export const SignedUrlResponseSchema = z.object({
  signedUrl: z.string(),
  expiresAt: z.string().nullable(),
});
export type SignedUrlResponse = z.infer<typeof SignedUrlResponseSchema>;

export const FavoriteSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  createdAt: z.string(),
  video: ContentItemSchema,
});
export type Favorite = z.infer<typeof FavoriteSchema>;
export const FavoriteToggleResponseSchema = z.object({ isFavorite: z.boolean() });

/** A course lesson as the viewer stands with it; null outside a course. */
export const LessonStateSchema = z.object({
  /** Open to this member now (enrolled, and its day or date has come). */
  isUnlocked: z.boolean(),
  /** When it opens for this member (ISO instant); null when open, or before they enrol. */
  unlocksAt: z.string().nullable(),
  /** Heard to the end (90%) at least once. */
  isCompleted: z.boolean(),
});
export type LessonState = z.infer<typeof LessonStateSchema>;

export const PlaylistItemSchema = z.object({
  id: z.string(),
  orderIndex: z.number().int(),
  dayIndex: z.number().int().nullable(),
  /** A course's drip: days after enrolment, or a date (YYYY-MM-DD); both null: open at once. */
  unlockAfterDays: z.number().int().nullable(),
  unlockOn: z.string().nullable(),
  lesson: LessonStateSchema.nullable(),
  video: ContentItemSchema,
});
export const PlaylistSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  slug: z.string(),
  isCalendar: z.boolean(),
  isCourse: z.boolean(),
  /** A course: when the member enrolled (null: not enrolled, or a visitor). Null outside a course. */
  enrolledAt: z.string().nullable(),
  items: z.array(PlaylistItemSchema),
  /** Whether the signed-in member follows it (false for a visitor), and how many members do. */
  isFollowing: z.boolean(),
  followerCount: z.number().int(),
});
export type Playlist = z.infer<typeof PlaylistSchema>;
/** POST and DELETE /api/playlists/{slug}/follow */
export const PlaylistFollowSchema = PlaylistSchema.pick({ isFollowing: true, followerCount: true });
export type PlaylistFollow = z.infer<typeof PlaylistFollowSchema>;
export type PlaylistItem = z.infer<typeof PlaylistItemSchema>;
/** POST /api/playlists/{slug}/enrolment */
export const CourseEnrolmentSchema = z.object({ enrolledAt: z.string() });

/** A playlist in the admin list: no items, but how many. */
export const PlaylistSummarySchema = PlaylistSchema.omit({
  items: true,
  isFollowing: true,
  followerCount: true,
  enrolledAt: true,
}).extend({
  itemCount: z.number().int(),
});
export type PlaylistSummary = z.infer<typeof PlaylistSummarySchema>;

export const PlaylistInputSchema = z.object({
  title: visibleText({ label: 'Title', max: MAX_TITLE_LENGTH, required: 'Title is required' }),
  description: z.string().trim().max(MAX_PLAYLIST_DESCRIPTION_LENGTH).default(''),
  slug: z
    .string()
    .trim()
    .max(120)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Slug can hold lowercase letters, digits and single hyphens')
    .default(''),
  isCalendar: z.boolean().default(false),
  isCourse: z.boolean().default(false),
});
export const PlaylistItemsInputSchema = z.object({
  items: z
    .array(
      z.object({
        videoId: z.uuid('videoId must be a content id'),
        orderIndex: z.number().int().min(0),
        dayIndex: z.number().int().min(1).max(31).nullable().default(null),
        unlockAfterDays: z
          .number('unlockAfterDays must be a number of days')
          .int('unlockAfterDays must be whole days')
          .min(0, 'unlockAfterDays cannot be negative')
          .max(365, 'unlockAfterDays is at most 365')
          .nullable()
          .default(null),
        unlockOn: z.iso.date('unlockOn must be a date (YYYY-MM-DD)').nullable().default(null),
      }),
    )
    .max(200, 'A playlist can hold at most 200 items'),
});

export const ProgressInputSchema = z.object({
  positionSeconds: z
    .number('positionSeconds must be a number')
    .min(0, 'positionSeconds cannot be negative')
    .max(MAX_DURATION_SECONDS),
  completed: z.boolean().default(false),
});
export const ProgressEntrySchema = z.object({
  videoId: z.string(),
  positionSeconds: z.number(),
  completed: z.boolean(),
  updatedAt: z.string(),
  video: ContentItemSchema,
});
export type ProgressEntry = z.infer<typeof ProgressEntrySchema>;

/**
 * docs/product.md, "Constants and limits": posts by words (100 when absent) / 200 rounded up, min 1.
 * Others: the duration in minutes, rounded to the nearest and at least 1 for a real recording
 * (issue 36: flooring showed "0 min" for 30 s and "1 min" for 119 s); 0 only when there is none.
 * Under 30 s the cards say "under a minute" (`formatReadingTime`).
 */
export function readingTimeMinutes(item: {
  type: ContentType;
  description?: string | null;
  duration?: number | null;
}) {
  if (item.type === 'post') {
    const words = item.description?.trim() ? item.description.trim().split(/\s+/).length : 100;
    return Math.max(1, Math.ceil(words / 200));
  }
  const seconds = item.duration ?? 0;
  return seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0;
}

/** Admin duration as m:ss. */
export function formatDurationClock(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds || 0));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

export function durationRange(filter: DurationFilter): { min: number; max: number | null } {
  switch (filter) {
    case '5-10':
      return { min: 300, max: 600 };
    case '10-20':
      return { min: 601, max: 1200 };
    case '20+':
      return { min: 1201, max: null };
  }
}
