import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MAX_LANGUAGE_TAG_LENGTH } from '../../../shared/language-tags.ts';
import {
  MAX_COMMENT_LENGTH,
  MAX_FORUM_DESCRIPTION_LENGTH,
  MAX_FORUM_TITLE_LENGTH,
  MAX_POST_CONTENT_LENGTH,
  MAX_POST_TITLE_LENGTH,
} from '../../../shared/schemas/community.ts';
import { FLAG_REASONS } from '../../../shared/schemas/moderation.ts';
import { users } from './auth.ts';
import { maxLength, ownerRef, primaryId, timestamps, tsvector } from './columns.ts';

/**
 * Forums and their conversations. The counters (`post_count`, `member_count`, `comment_count`,
 * `like_count`) are changed in the same transaction as the rows they count
 * (features/community/*.service.ts), so they always equal the rows. Indexes are ascending:
 * PostgreSQL scans them backwards for the newest-first orders.
 */
export const forums = pgTable(
  'forums',
  {
    id: primaryId(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: ['practice', 'support', 'general', 'advanced', 'beginners'] })
      .notNull()
      .default('general'),
    isActive: boolean('is_active').notNull().default(true),
    isPremium: boolean('is_premium').notNull().default(false),
    /** The language the forum's talk is in, a canonical BCP 47 tag (issue 37); null when not said. */
    language: text('language'),
    postCount: integer('post_count').notNull().default(0),
    memberCount: integer('member_count').notNull().default(0),
    seedKey: text('seed_key').unique(),
    ...timestamps,
  },
  (table) => [
    check(
      'forums_category_check',
      sql`${table.category} in ('practice', 'support', 'general', 'advanced', 'beginners')`,
    ),
    index('forums_created_idx').on(table.createdAt),
    maxLength('forums_title', table.title, MAX_FORUM_TITLE_LENGTH),
    maxLength('forums_description', table.description, MAX_FORUM_DESCRIPTION_LENGTH),
    maxLength('forums_language', table.language, MAX_LANGUAGE_TAG_LENGTH),
  ],
);

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: primaryId(),
    forumId: ownerRef('forum_id', () => forums.id),
    /** Null once the author's account is deleted: the post stays, under 'Deleted member'. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /**
     * Hidden pending review (enough distinct flags, or a moderator): only its author and
     * moderators see it, and the forum's `post_count` leaves it out (moderation.service.ts).
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    /** When its author last edited it; the earlier versions are in `content_revisions`. */
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    /**
     * Held for review (a new account's post with a link): hidden as above (`hidden_at` is set
     * too, so every reader and counter treats it as hidden) until a moderator approves it.
     */
    heldAt: timestamp('held_at', { withTimezone: true, precision: 3 }),
    /**
     * The search document (title weighted A, text B), computed by PostgreSQL on every write and
     * searched through a GIN index (features/search). 'simple': no stemming, as the library.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, content), 'B')`,
      ),
    ...timestamps,
  },
  (table) => [
    index('forum_posts_search_idx').using('gin', table.searchVector),
    index('forum_posts_held_idx').on(table.heldAt).where(sql`${table.heldAt} is not null`),
    index('forum_posts_forum_order_idx').on(table.forumId, table.isPinned, table.createdAt, table.id),
    index('forum_posts_user_idx').on(table.userId),
    // Analytics' postsThisMonth and the admin's recent activity.
    index('forum_posts_created_at_idx').on(table.createdAt),
    maxLength('forum_posts_title', table.title, MAX_POST_TITLE_LENGTH),
    maxLength('forum_posts_content', table.content, MAX_POST_CONTENT_LENGTH),
  ],
);

export const forumComments = pgTable(
  'forum_comments',
  {
    id: primaryId(),
    postId: ownerRef('post_id', () => forumPosts.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    /** The comment this one answers (one level of quoting); null when it answers the post. */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => forumComments.id, { onDelete: 'set null' }),
    /** As on posts: hidden ones are left out of the post's `comment_count`. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    /** Held for review, as on posts. */
    heldAt: timestamp('held_at', { withTimezone: true, precision: 3 }),
    /** The search document, as on posts. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, content)`),
    ...timestamps,
  },
  (table) => [
    index('forum_comments_search_idx').using('gin', table.searchVector),
    index('forum_comments_held_idx').on(table.heldAt).where(sql`${table.heldAt} is not null`),
    index('forum_comments_post_order_idx').on(table.postId, table.createdAt, table.id),
    index('forum_comments_user_idx').on(table.userId),
    // The header search reads the newest comments first (features/search, RECENT_WINDOW).
    index('forum_comments_created_idx').on(table.createdAt, table.id),
    maxLength('forum_comments_content', table.content, MAX_COMMENT_LENGTH),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    id: primaryId(),
    postId: ownerRef('post_id', () => forumPosts.id),
    userId: ownerRef('user_id', () => users.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('post_likes_post_user_idx').on(table.postId, table.userId),
    index('post_likes_user_idx').on(table.userId),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    id: primaryId(),
    commentId: ownerRef('comment_id', () => forumComments.id),
    userId: ownerRef('user_id', () => users.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('comment_likes_comment_user_idx').on(table.commentId, table.userId),
    index('comment_likes_user_idx').on(table.userId),
  ],
);

/**
 * How many posts and comments each member has in a forum. A forum's `member_count` is the number
 * of these rows: a row appears with a member's first contribution and goes with their last.
 */
export const forumMembers = pgTable(
  'forum_members',
  {
    id: primaryId(),
    forumId: ownerRef('forum_id', () => forums.id),
    userId: ownerRef('user_id', () => users.id),
    contributions: integer('contributions').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('forum_members_forum_user_idx').on(table.forumId, table.userId)],
);

/**
 * A member's flag on a post or a comment (exactly one of the two). One per member per item;
 * `dismissed_at` is set when a moderator restores the item, so later flags count afresh.
 */
export const contentFlags = pgTable(
  'content_flags',
  {
    id: primaryId(),
    postId: uuid('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => forumComments.id, { onDelete: 'cascade' }),
    userId: ownerRef('user_id', () => users.id),
    reason: text('reason', { enum: FLAG_REASONS }).notNull(),
    note: text('note'),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (table) => [
    check('content_flags_one_target', sql`(${table.postId} is null) <> (${table.commentId} is null)`),
    uniqueIndex('content_flags_post_user_idx').on(table.postId, table.userId),
    uniqueIndex('content_flags_comment_user_idx').on(table.commentId, table.userId),
    // The moderation queue: open flags, newest first.
    index('content_flags_open_idx').on(table.createdAt).where(sql`${table.dismissedAt} is null`),
  ],
);

/**
 * The client address each account was created from, kept only so that flags from accounts made
 * together from one address count once towards hiding (moderation.service.ts). Private: never in
 * an export, an API answer or another member's view; goes with the account.
 */
export const signUpAddresses = pgTable(
  'sign_up_addresses',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    ...timestamps,
  },
  (table) => [index('sign_up_addresses_address_idx').on(table.address, table.createdAt)],
);

/** The earlier versions of an edited post or comment, for moderators. */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: primaryId(),
    postId: uuid('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => forumComments.id, { onDelete: 'cascade' }),
    title: text('title'),
    content: text('content').notNull(),
    ...timestamps,
  },
  (table) => [
    index('content_revisions_post_idx').on(table.postId, table.createdAt),
    index('content_revisions_comment_idx').on(table.commentId, table.createdAt),
  ],
);

/** Who did what to which item or member, when and why: every moderation action, for admins. */
export const moderationAuditLog = pgTable(
  'moderation_audit_log',
  {
    id: primaryId(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: ['post', 'comment', 'user', 'playlist'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The member the action concerns (the item's author, or the muted member). */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** What the item said when it was acted on (a removed item is gone afterwards). */
    summary: text('summary'),
    ...timestamps,
  },
  (table) => [index('moderation_audit_log_created_idx').on(table.createdAt, table.id)],
);
