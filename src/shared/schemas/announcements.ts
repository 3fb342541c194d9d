import { z } from 'zod';
import { AuthorSchema } from './community.ts';
import { isHttpUrl, MAX_STORED_URL_LENGTH, mediaReference, publishAtField } from './content.ts';
import { languageTagField } from './language-tag.ts';
import { requiredText, singleLineText, visibleText } from './text.ts';

export const ANNOUNCEMENT_TYPES = ['event', 'podcast', 'research', 'theme', 'update'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** An announcement as the home page shows it (docs/product.md, "Entities"). */
export const AnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  isPinned: z.boolean(),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  /** Admins only: when a scheduled draft goes live (null when none is scheduled). */
  publishAt: z.string().nullable().optional(),
  createdAt: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  linkText: z.string().nullable(),
  /** The language it is written in (a BCP 47 tag), or null when not said. */
  language: z.string().nullable(),
  /** The writer's public name and picture, as community authors show (without the id). */
  author: AuthorSchema.omit({ id: true }),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const MAX_ANNOUNCEMENT_CONTENT = 1000;
export const MAX_ANNOUNCEMENT_TITLE = 200;
export const MAX_LINK_TEXT = 100;

/** The body of POST /api/announcements and PUT /api/announcements/{id}; the admin form parses with it too. */
export const AnnouncementInputSchema = z.object({
  title: visibleText({ label: 'Title', max: MAX_ANNOUNCEMENT_TITLE, required: 'Title is required' }),
  content: requiredText('Content', MAX_ANNOUNCEMENT_CONTENT),
  type: z
    .enum(ANNOUNCEMENT_TYPES, 'Type must be one of event, podcast, research, theme or update')
    .default('update'),
  imageUrl: mediaReference('Image').default(null),
  linkUrl: z
    .string()
    .trim()
    .max(MAX_STORED_URL_LENGTH, 'Link URL is too long')
    .refine((value) => value === '' || isHttpUrl(value), 'Link URL must be an http(s) URL')
    .transform((value) => (value === '' ? null : value))
    .default(null),
  linkText: singleLineText({ label: 'Link text', max: MAX_LINK_TEXT })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  language: languageTagField,
  isPinned: z.boolean('isPinned must be true or false').default(false),
  isPublished: z.boolean('isPublished must be true or false').default(true),
  publishAt: publishAtField,
});
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;
export type AnnouncementValues = z.output<typeof AnnouncementInputSchema>;

export const AnnouncementListQuerySchema = z.object({
  /** Case-insensitive search over title and content. */
  q: z.string().trim().max(200, 'q is too long').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
