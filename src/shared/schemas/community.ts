import { z } from 'zod';
import { MAX_MENTIONS_PER_ITEM, mentionedUserIds, TOO_MANY_MENTIONS_MESSAGE } from '../mention-token.ts';
import { languageTagField } from './language-tag.ts';
import { pageLimit } from './paging.ts';
import { hasVisibleCharacter, requiredText, visibleText } from './text.ts';

/** Forums, posts and comments (docs/product.md, "Community", "Entities" and "Validation"). */

export const FORUM_CATEGORIES = ['practice', 'support', 'general', 'advanced', 'beginners'] as const;
export type ForumCategory = (typeof FORUM_CATEGORIES)[number];

/** docs/product.md, "Community": /community groups these, in this order, with these labels. */
export const COMMUNITY_CATEGORY_GROUPS = [
  { category: 'practice', label: 'Practice & Techniques' },
  { category: 'support', label: 'Support & Community' },
  { category: 'general', label: 'General Discussion' },
] as const;

/** The admin filter's labels (docs/product.md /admin/forums). */
export const FORUM_CATEGORY_LABELS: Record<ForumCategory, string> = {
  practice: 'Practice',
  support: 'Support',
  general: 'General Discussion',
  advanced: 'Advanced Topics',
  beginners: 'Beginners',
};

export const MAX_POST_TITLE_LENGTH = 200;
export const MAX_POST_CONTENT_LENGTH = 2000;
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_FORUM_TITLE_LENGTH = 120;
export const MAX_FORUM_DESCRIPTION_LENGTH = 1000;
export const POST_PREVIEW_LENGTH = 150;
export const REPLY_EXCERPT_LENGTH = 140;
export const FILL_IN_BOTH_MESSAGE = 'Please fill in both title and content';

/** At most MAX_MENTIONS_PER_ITEM different people named in one post or comment (edits too). */
const withinMentionLimit = (content: string) => mentionedUserIds(content).length <= MAX_MENTIONS_PER_ITEM;

export const CreatePostInputSchema = z.object({
  title: visibleText({
    label: 'The title',
    max: MAX_POST_TITLE_LENGTH,
    required: FILL_IN_BOTH_MESSAGE,
    tooLong: `The title can be at most ${MAX_POST_TITLE_LENGTH} characters`,
  }),
  content: z
    .string(FILL_IN_BOTH_MESSAGE)
    .trim()
    .min(1, { message: FILL_IN_BOTH_MESSAGE, abort: true })
    .max(MAX_POST_CONTENT_LENGTH, `The content can be at most ${MAX_POST_CONTENT_LENGTH} characters`)
    .refine(hasVisibleCharacter, FILL_IN_BOTH_MESSAGE)
    .refine(withinMentionLimit, TOO_MANY_MENTIONS_MESSAGE),
  /**
   * Optional, chosen by the client: sending the same id again (a retry after a lost answer) gives
   * back the post already made instead of a second copy.
   */
  id: z.uuid('id must be a UUID').optional(),
});
export type CreatePostInput = z.input<typeof CreatePostInputSchema>;

export const CreateCommentInputSchema = z.object({
  content: z
    .string('Please write a comment')
    .trim()
    .min(1, { message: 'Please write a comment', abort: true })
    .max(MAX_COMMENT_LENGTH, `A comment can be at most ${MAX_COMMENT_LENGTH} characters`)
    .refine(hasVisibleCharacter, 'Please write a comment')
    .refine(withinMentionLimit, TOO_MANY_MENTIONS_MESSAGE),
  /** The comment this one answers, on the same post (one level of quoting). */
  replyToId: z.uuid('replyToId must be a comment id').optional(),
});

export const ForumInputSchema = z.object({
  title: visibleText({ label: 'Title', max: MAX_FORUM_TITLE_LENGTH, required: 'Title is required' }),
  description: requiredText('Description', MAX_FORUM_DESCRIPTION_LENGTH),
  category: z.enum(
    FORUM_CATEGORIES,
    'Category must be one of practice, support, general, advanced or beginners',
  ),
  /** Empty: generated from the title (docs/product.md, "Validation"). */
  slug: z
    .string()
    .trim()
    .max(120, 'Slug can be at most 120 characters')
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Slug can hold lowercase letters, digits and single hyphens')
    .default(''),
  isActive: z.boolean().default(true),
  isPremium: z.boolean().default(false),
  language: languageTagField,
});
export type ForumInput = z.input<typeof ForumInputSchema>;

export const AuthorSchema = z.object({
  id: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type Author = z.infer<typeof AuthorSchema>;

export const ForumSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(FORUM_CATEGORIES),
  isActive: z.boolean(),
  isPremium: z.boolean(),
  /** The language the forum's talk is in (a BCP 47 tag), or null when not said. */
  language: z.string().nullable(),
  postCount: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Forum = z.infer<typeof ForumSchema>;

/** What a post and a comment both carry after their counts: the viewer's like, review state, author. */
const writingFields = {
  likedByMe: z.boolean(),
  /** Hidden pending review: only its author and moderators receive it. */
  isHidden: z.boolean(),
  /** Held for review (a new account's writing with a link; hidden too) until a moderator approves it. */
  isHeld: z.boolean(),
  /** When the author last edited it (null: never). */
  editedAt: z.string().nullable(),
  user: AuthorSchema,
};

export const PostSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** In lists: the first 150 characters (with '…' when cut); on the post itself: all of it. */
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isPinned: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  ...writingFields,
  forum: z.object({ id: z.string(), slug: z.string(), title: z.string(), isPremium: z.boolean() }),
});
export type Post = z.infer<typeof PostSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  likeCount: z.number().int(),
  ...writingFields,
  /** The comment it answers: its author and the opening of its text (empty when that is hidden). */
  replyTo: z.object({ id: z.string(), user: AuthorSchema, excerpt: z.string() }).nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const LikeToggleResponseSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export const PinInputSchema = z.object({ isPinned: z.boolean() });

export const PageQuerySchema = z.object({
  limit: pageLimit(100, 20),
  cursor: z.string().max(300).optional(),
});

/** Cuts a text to 150 characters with '…' (docs/product.md, "Constants and limits"); Markdown goes through plainPreview (markdown.ts). */
export function toPreview(content: string, length = POST_PREVIEW_LENGTH): string {
  return content.length > length ? `${content.slice(0, length).trimEnd()}…` : content;
}

/** 'Deleted member' for posts whose author's account is gone. */
export function authorName(author: Pick<Author, 'firstName' | 'lastName' | 'id'>): string {
  if (!author.id) return 'Deleted member';
  return [author.firstName, author.lastName].filter(Boolean).join(' ') || 'Member';
}

/** `GET /api/forums/{id}/mentionable`: people to mention while writing (mentions.ts on the server). */
export const MentionableQuerySchema = z.object({
  q: z.string().trim().max(50, 'q can be at most 50 characters').default(''),
  postId: z.uuid('postId must be a post id').optional(),
});
export const MentionableSchema = z.object({
  id: z.string(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type Mentionable = z.infer<typeof MentionableSchema>;
