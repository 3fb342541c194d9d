import { z } from 'zod';
import { MAX_MEMBER_LABEL_LENGTH } from './members.ts';
import { requiredText, visibleText } from './text.ts';

/**
 * Newsletters the teacher writes (docs/product.md, "Newsletters"). The audience is all, free or
 * premium members, or the members carrying one label from the member import, written
 * `label:<the label>` (for example `label:Yoga`): one text value, so a newsletter stores its
 * audience in one column, and the audience query in features/newsletters/newsletters.service.ts
 * has one branch per kind.
 */
export const NEWSLETTER_SEGMENTS = ['all', 'free', 'premium'] as const;
export const LABEL_SEGMENT_PREFIX = 'label:';
export type NewsletterSegment = (typeof NEWSLETTER_SEGMENTS)[number] | `label:${string}`;

/** The segment for the members carrying `label`. */
export const labelSegment = (label: string): NewsletterSegment => `${LABEL_SEGMENT_PREFIX}${label}`;
/** The label of a label segment; null for all, free and premium. */
export const segmentLabel = (segment: string): string | null =>
  segment.startsWith(LABEL_SEGMENT_PREFIX) ? segment.slice(LABEL_SEGMENT_PREFIX.length) : null;

const isSegment = (value: string) => {
  if ((NEWSLETTER_SEGMENTS as readonly string[]).includes(value)) return true;
  const label = segmentLabel(value);
  return label !== null && label.trim() !== '' && label.length <= MAX_MEMBER_LABEL_LENGTH;
};

const SEGMENT_MESSAGE =
  "segment must be 'all', 'free', 'premium' or 'label:' and a label (such as label:Yoga)";
// A refined string (no transform, so the response schemas still describe it), typed as the union.
export const NewsletterSegmentSchema = z
  .string(SEGMENT_MESSAGE)
  .refine(isSegment, SEGMENT_MESSAGE) as unknown as z.ZodType<NewsletterSegment, NewsletterSegment>;

export const NEWSLETTER_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const MAX_NEWSLETTER_SUBJECT = 200;
export const MAX_NEWSLETTER_BODY = 50_000;

/** POST /api/admin/newsletters and PUT /api/admin/newsletters/{id}; the editor parses with it too. */
export const NewsletterInputSchema = z.object({
  subject: visibleText({
    label: 'Subject',
    max: MAX_NEWSLETTER_SUBJECT,
    required: 'Subject is required',
  }),
  body: requiredText('Body', MAX_NEWSLETTER_BODY),
  segment: NewsletterSegmentSchema.default('all'),
});
export type NewsletterInput = z.input<typeof NewsletterInputSchema>;
export type NewsletterValues = z.output<typeof NewsletterInputSchema>;

/** POST /api/admin/newsletters/preview: what the editor shows while the admin types. */
export const NewsletterPreviewInputSchema = z.object({
  subject: z.string().max(MAX_NEWSLETTER_SUBJECT, 'Subject is too long').default(''),
  body: z.string().max(MAX_NEWSLETTER_BODY, 'Body is too long').default(''),
});
export const NewsletterPreviewSchema = z.object({ html: z.string(), text: z.string() });
export type NewsletterPreview = z.infer<typeof NewsletterPreviewSchema>;

/** POST /api/admin/newsletters/{id}/send: no body (or no time) sends now. */
export const NewsletterSendInputSchema = z
  .object({
    scheduledFor: z.iso
      .datetime({
        offset: true,
        message: 'scheduledFor must be an ISO date and time, such as 2026-12-01T08:00:00Z',
      })
      .refine((value) => Date.parse(value) > Date.now(), 'scheduledFor must be in the future')
      .optional(),
  })
  .nullish()
  .transform((value) => value ?? {});

export const NewsletterStatsSchema = z.object({
  recipients: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  unsubscribes: z.number(),
});
export type NewsletterStats = z.infer<typeof NewsletterStatsSchema>;

/** A newsletter as the admin sees it. */
export const NewsletterSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  segment: NewsletterSegmentSchema,
  status: z.enum(NEWSLETTER_STATUSES),
  scheduledFor: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: NewsletterStatsSchema,
});
export type Newsletter = z.infer<typeof NewsletterSchema>;

/** GET /api/newsletters: the newsletters sent to the signed-in member, newest first. */
export const MemberNewsletterSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  sentAt: z.string(),
});
export type MemberNewsletterSummary = z.infer<typeof MemberNewsletterSummarySchema>;

/** GET /api/newsletters/{id}: one of them, its Markdown body (the client renders it safely). */
export const MemberNewsletterSchema = MemberNewsletterSummarySchema.extend({ body: z.string() });
export type MemberNewsletter = z.infer<typeof MemberNewsletterSchema>;
