import { z } from 'zod';
import { AuthorSchema, CreateCommentInputSchema, CreatePostInputSchema } from './community.ts';

/** Flags, the moderation queue, mutes, the audit log and edits (docs/decisions/026). */

export const FLAG_REASONS = ['spam', 'unkind', 'harmful_advice', 'at_risk', 'other'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  spam: 'Spam',
  unkind: 'Unkind or harassing',
  harmful_advice: 'Harmful health advice',
  at_risk: 'Someone may be at risk',
  other: 'Something else',
};

export const MAX_FLAG_NOTE_LENGTH = 500;
export const MAX_MODERATION_REASON_LENGTH = 500;

export const FlagInputSchema = z
  .object({
    reason: z.enum(FLAG_REASONS, 'Choose a reason: spam, unkind, harmful_advice, at_risk or other'),
    note: z
      .string('note must be text')
      .trim()
      .max(MAX_FLAG_NOTE_LENGTH, `The note can be at most ${MAX_FLAG_NOTE_LENGTH} characters`)
      .optional(),
  })
  .refine((value) => value.reason !== 'other' || (value.note ?? '').length > 0, {
    message: 'note: Please say a few words about what is wrong',
    path: ['note'],
  });
export type FlagInput = z.input<typeof FlagInputSchema>;

/**
 * Shown to a member who flags "someone may be at risk", at once. Kept calm and practical: the
 * community is not a crisis service, and the flag has also reached the moderators.
 */
export const AT_RISK_SUPPORT = {
  title: 'Thank you for looking out for someone',
  body: 'Our moderators have been told and will look at this soon. If someone is in immediate danger, call your local emergency number. You can also encourage them to talk to someone they trust, their doctor, or a local support line.',
  links: [
    { label: 'Find a helpline near you (findahelpline.com)', url: 'https://findahelpline.com' },
    { label: 'Befrienders Worldwide', url: 'https://befrienders.org' },
  ],
} as const;

export const SupportResourcesSchema = z.object({
  title: z.string(),
  body: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});

export const FlagResultSchema = z.object({
  /** Whether the flags now hide the item (pending review). */
  isHidden: z.boolean(),
  /** Only for the "someone may be at risk" reason. */
  supportResources: SupportResourcesSchema.nullable(),
});
export type FlagResult = z.infer<typeof FlagResultSchema>;

export const UpdatePostInputSchema = CreatePostInputSchema.pick({ title: true, content: true });
export const UpdateCommentInputSchema = CreateCommentInputSchema.pick({ content: true });

export const ModerationKindSchema = z.enum(['posts', 'comments'], 'kind must be posts or comments');
export type ModerationKind = z.infer<typeof ModerationKindSchema>;

export const ModerationReasonSchema = z.object({
  reason: z
    .string('Please give a reason')
    .trim()
    .min(1, 'Please give a reason')
    .max(
      MAX_MODERATION_REASON_LENGTH,
      `The reason can be at most ${MAX_MODERATION_REASON_LENGTH} characters`,
    ),
});
export const REMOVAL_REASON_REQUIRED =
  "Please give a reason: removing someone else's words is written to the audit log and the reason is sent to them";

/**
 * The body of `DELETE /api/posts/{id}` and `/api/comments/{id}`: none for your own item; a reason
 * when a moderator removes someone else's (the server asks for it then, REMOVAL_REASON_REQUIRED).
 */
export const DeleteItemInputSchema = z.object({
  reason: ModerationReasonSchema.shape.reason.optional(),
});
export type DeleteItemInput = z.input<typeof DeleteItemInputSchema>;

export const OptionalReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(MAX_MODERATION_REASON_LENGTH, `The reason can be at most ${MAX_MODERATION_REASON_LENGTH} characters`)
    .optional(),
});

export const MUTE_DAYS = [1, 7, 30] as const;
export const MuteInputSchema = z.object({
  days: z
    .union([z.literal(1), z.literal(7), z.literal(30), z.null()], {
      error: 'days must be 1, 7, 30 or null (until lifted)',
    })
    .default(null),
  reason: ModerationReasonSchema.shape.reason,
});
export type MuteInput = z.input<typeof MuteInputSchema>;

/** `POST /api/admin/users/{id}/suspend` (admins): no sign-in for `days` days, or until lifted (null). */
export const SuspendInputSchema = z.object({
  days: z
    .number('days must be a whole number of days or null (until lifted)')
    .int('days must be a whole number of days or null (until lifted)')
    .min(1, 'days must be at least 1')
    .max(3650, 'days can be at most 3650')
    .nullable()
    .default(null),
  reason: ModerationReasonSchema.shape.reason,
});
export type SuspendInput = z.input<typeof SuspendInputSchema>;

export const SuspensionStateSchema = z.object({
  userId: z.string(),
  isSuspended: z.boolean(),
  suspendedUntil: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SuspensionState = z.infer<typeof SuspensionStateSchema>;

export const SUSPENDED_CODE = 'SUSPENDED';

/** What a suspended member reads when signing in. */
export function describeSuspension(until: string | null): string {
  return until
    ? `This account is paused until ${new Date(until).toUTCString().slice(0, 16)}. If you think this is a mistake, please reply to the e-mail we sent you.`
    : 'This account is paused. If you think this is a mistake, please reply to the e-mail we sent you.';
}

export const MuteStateSchema = z.object({
  userId: z.string(),
  isMuted: z.boolean(),
  mutedUntil: z.string().nullable(),
  reason: z.string().nullable(),
});

/** One member's open flag on an item, as the moderation queue shows it. */
export const FlaggerSchema = z.object({
  member: AuthorSchema,
  reason: z.enum(FLAG_REASONS),
  flaggedAt: z.string(),
  /** When the flagger's account was made: brand-new accounts stand out. */
  accountCreatedAt: z.string(),
  /** Verified, past NEW_ACCOUNT_HOURS, not muted or suspended. */
  isEstablished: z.boolean(),
  /** Whether this flag counts towards hiding the item without a moderator. */
  counts: z.boolean(),
});
export type Flagger = z.infer<typeof FlaggerSchema>;

export const ModerationItemSchema = z.object({
  kind: z.enum(['post', 'comment']),
  id: z.string(),
  /** The post itself, or the post a comment belongs to (for the link). */
  postId: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  isHidden: z.boolean(),
  /** Held for review (a new account's link, no flags needed): Restore approves it. */
  isHeld: z.boolean(),
  author: AuthorSchema,
  authorIsMuted: z.boolean(),
  forum: z.object({ slug: z.string(), title: z.string() }),
  flaggerCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(FLAG_REASONS), count: z.number().int() })),
  notes: z.array(z.string()),
  lastFlaggedAt: z.string(),
  /** The flaggers whose flags count towards hiding (established, one per accounts made together). */
  countedFlaggerCount: z.number().int(),
  /** Who flagged (the first 20), with how old their accounts are; never their addresses. */
  flaggers: z.array(FlaggerSchema),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

export const AUDIT_ACTIONS = [
  'hide',
  'restore',
  'remove',
  'mute',
  'unmute',
  'pin',
  'unpin',
  'grant_moderator',
  'revoke_moderator',
  'grant_admin',
  'revoke_admin',
  'grant_complimentary',
  'end_complimentary',
  'schedule_journey',
  'unschedule_journey',
] as const;
export const AuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.enum(['post', 'comment', 'user', 'playlist']),
  targetId: z.string(),
  actor: AuthorSchema,
  subject: AuthorSchema.nullable(),
  reason: z.string().nullable(),
  summary: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const RevisionSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
});
export type Revision = z.infer<typeof RevisionSchema>;

/** "until 30 November" or "until a moderator lifts it": the muted member's own words. */
export function describeMuteEnd(mutedUntil: string | null): string {
  if (!mutedUntil) return 'until a moderator lifts it';
  const date = new Date(mutedUntil);
  return `until ${date.toLocaleString('en-GB', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}
