/**
 * Content items' fixed values and how the cards show them (docs/product.md, "Entities"), without zod:
 * the library and item screens read these on their first render, and zod (with the schemas in
 * schemas/content.ts, which re-exports them) then stays out of the code they need first
 * (docs/decisions/051).
 */

export const CONTENT_TYPES = ['video', 'audio', 'post', 'event'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const INTENSITIES = ['gentle', 'moderate', 'intense'] as const;
export type Intensity = (typeof INTENSITIES)[number];

/** docs/product.md's duration select: 5-10 = 300..600 s, 10-20 = 601..1200 s, 20+ = over 1200 s. */
export const DURATION_FILTERS = ['5-10', '10-20', '20+'] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];

export const ACCESS_FILTERS = ['free', 'premium'] as const;
export type AccessFilter = (typeof ACCESS_FILTERS)[number];

export const CONTENT_SORTS = ['newest', 'popular'] as const;

/** A recording shorter than this reads "under a minute" rather than "1 min" (issue 36). */
export const UNDER_A_MINUTE_SECONDS = 30;

/**
 * '{n} min' as the cards show it, from the figure the server computed on the whole text (rounded
 * minutes for a recording, `readingTimeMinutes`), and "under a minute" for a recording under
 * 30 s. "0 min" only when an item has no duration at all (docs/product.md), never for a real one.
 */
export function formatReadingTime(item: {
  readingMinutes: number;
  type?: ContentType;
  duration?: number;
}): string {
  const seconds = item.duration ?? 0;
  if (item.type !== 'post' && seconds > 0 && seconds < UNDER_A_MINUTE_SECONDS) return 'under a minute';
  return `${item.readingMinutes} min`;
}
