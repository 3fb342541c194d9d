import { z } from 'zod';

export const ANNOUNCEMENT_TYPES = ['event', 'podcast', 'research', 'theme', 'update'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** An announcement as the home page shows it (SPEC.md section 3). */
export const AnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  isPinned: z.boolean(),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  linkText: z.string().nullable(),
  author: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;
