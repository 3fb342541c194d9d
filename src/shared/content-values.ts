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

/** '{n} min' as the cards show it, from the figure the server computed on the whole text. */
export function formatReadingTime(item: { readingMinutes: number }): string {
  return `${item.readingMinutes} min`;
}
