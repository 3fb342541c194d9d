import { formValuesFrom } from '@client/features/admin/kit/form-actions';
import { fromDateTimeInput, toDateTimeInput } from '@client/features/admin/kit/publish-at';
import { formatDate } from '@client/lib/format';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ContentInput,
  ContentInputSchema,
  type ContentItem,
  type ContentType,
  type Intensity,
  normalizeTags,
} from '@shared/schemas/content';
import { z } from 'zod';

/**
 * The content form's values as typed (docs/product.md, "Validation", Content form): tags as one
 * comma-separated string and the duration as text; turned into the API's body and checked with
 * the same schema the server parses with.
 */
export type ContentFormValues = {
  title: string;
  description: string;
  type: ContentType;
  thumbnailUrl: string;
  duration: string;
  isPremium: boolean;
  isPublished: boolean;
  tags: string;
  intensity: '' | Intensity;
  /** The item's language tag as typed ('de', 'pt-BR'), '' for none. */
  language: string;
  calendarDates: string[];
  videoUrl: string;
  videoFileUrl: string;
  /** `YYYY-MM-DDTHH:MM` in the admin's zone, '' for none (scheduled publishing). */
  publishAt: string;
};

/** docs/product.md, "Entities": type video, duration 0, isPremium false, isPublished true. */
export const DEFAULT_CONTENT_FORM_VALUES: ContentFormValues = {
  title: '',
  description: '',
  type: 'video',
  thumbnailUrl: '',
  duration: '0',
  isPremium: false,
  isPublished: true,
  tags: '',
  intensity: '',
  language: '',
  calendarDates: [],
  videoUrl: '',
  videoFileUrl: '',
  publishAt: '',
};

/**
 * An item's values for the edit form. The uploaded file is filled in too (docs/product.md, "Entities" says
 * the original left it empty), so saving an edit never drops a file nobody chose to remove.
 */
export function contentFormValuesFrom(item: ContentItem): ContentFormValues {
  return formValuesFrom(item, DEFAULT_CONTENT_FORM_VALUES, {
    duration: String(item.duration),
    tags: item.tags.join(', '),
    calendarDates: [...item.calendarDates].sort(),
    publishAt: toDateTimeInput(item.publishAt),
  });
}

/** Video and audio need a duration (docs/product.md, "Validation"). */
export function isTimedType(type: ContentType): boolean {
  return type === 'video' || type === 'audio';
}

export const DURATION_REQUIRED_MESSAGE = 'Duration is required for video and audio';

/** Integer seconds; anything that is not a number becomes 0 (docs/product.md, "Validation"). */
export function parseDurationSeconds(text: string): number {
  const seconds = Number.parseInt(text.trim(), 10);
  return Number.isNaN(seconds) ? 0 : seconds;
}

/** The body of `POST /api/videos` and `PUT /api/videos/{id}`: tags as an array (docs/product.md, "The HTTP calls"). */
export function toContentInput(values: ContentFormValues): ContentInput {
  return {
    title: values.title,
    description: values.description,
    type: values.type,
    thumbnailUrl: values.thumbnailUrl,
    duration: parseDurationSeconds(values.duration),
    isPremium: values.isPremium,
    isPublished: values.isPublished,
    tags: normalizeTags(values.tags),
    intensity: values.intensity || null,
    language: values.language.trim() || null,
    calendarDates: values.calendarDates,
    videoUrl: values.videoUrl,
    videoFileUrl: values.videoFileUrl,
    publishAt: fromDateTimeInput(values.publishAt),
  };
}

/**
 * The form's resolver: the shared schema checks the request body the fields make
 * (toContentInput), and a video or audio item's duration may not be left empty. It hands the
 * fields back as typed; the form sends `toContentInput` of them.
 */
export const resolveContentForm = zodResolver(
  z.preprocess(
    (values: ContentFormValues) => ({
      ...toContentInput(values),
      duration:
        isTimedType(values.type) && values.duration.trim() === ''
          ? undefined
          : parseDurationSeconds(values.duration),
    }),
    ContentInputSchema.extend({
      duration: z.number(DURATION_REQUIRED_MESSAGE).pipe(ContentInputSchema.shape.duration.unwrap()),
    }),
  ),
  undefined,
  { raw: true },
);

/** 'Jun 5, 2026' for '2026-06-05', read as a calendar day (no time zone shift). */
export function formatCalendarDate(key: string, month: 'short' | 'long' = 'short'): string {
  const [year, monthIndex, day] = key.split('-').map(Number);
  if (!year || !monthIndex || !day) return key;
  return formatDate(new Date(year, monthIndex - 1, day), { month, day: 'numeric', year: 'numeric' });
}

/** Adds a date once, keeping the list in order (docs/product.md, "Validation": duplicates are ignored). */
export function addCalendarDate(dates: readonly string[], date: string): string[] {
  if (!date || dates.includes(date)) return [...dates];
  return [...dates, date].sort();
}
