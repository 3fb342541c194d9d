import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MAX_LANGUAGE_TAG_LENGTH } from '../../../shared/language-tags.ts';
import {
  MAX_ANNOUNCEMENT_CONTENT,
  MAX_ANNOUNCEMENT_TITLE,
  MAX_LINK_TEXT,
} from '../../../shared/schemas/announcements.ts';
import { MAX_STORED_URL_LENGTH } from '../../../shared/schemas/content.ts';
import { users } from './auth.ts';
import { maxLength, primaryId, timestamps } from './columns.ts';

/** The home page's 'What's New' (docs/product.md, "Entities", Announcement). */
export const announcements = pgTable(
  'announcements',
  {
    id: primaryId(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type', { enum: ['event', 'podcast', 'research', 'theme', 'update'] })
      .notNull()
      .default('update'),
    isPinned: boolean('is_pinned').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    /** Set when first published; kept when it is unpublished and published again. */
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    /** Scheduled publishing: a draft with a time goes live then (the `publish-scheduled` job, decision 092). */
    publishAt: timestamp('publish_at', { withTimezone: true, precision: 3 }),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    linkText: text('link_text'),
    /** The language the announcement is written in, a canonical BCP 47 tag (issue 37); null when not said. */
    language: text('language'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Demo seeding's stable key; null for real announcements. */
    seedKey: text('seed_key').unique(),
    ...timestamps,
  },
  (table) => [
    // The feed's order: pinned first, then newest (published time, else created time), then id.
    index('announcements_feed_idx').on(
      table.isPinned,
      sql`coalesce(${table.publishedAt}, ${table.createdAt})`,
      table.id,
    ),
    index('announcements_publish_at_idx').on(table.publishAt).where(sql`${table.publishAt} is not null`),
    check(
      'announcements_type_check',
      sql`${table.type} in ('event', 'podcast', 'research', 'theme', 'update')`,
    ),
    maxLength('announcements_title', table.title, MAX_ANNOUNCEMENT_TITLE),
    maxLength('announcements_content', table.content, MAX_ANNOUNCEMENT_CONTENT),
    maxLength('announcements_link_text', table.linkText, MAX_LINK_TEXT),
    maxLength('announcements_image_url', table.imageUrl, MAX_STORED_URL_LENGTH),
    maxLength('announcements_link_url', table.linkUrl, MAX_STORED_URL_LENGTH),
    maxLength('announcements_language', table.language, MAX_LANGUAGE_TAG_LENGTH),
  ],
);
