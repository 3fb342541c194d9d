import type { Forum, ForumInputSchema } from '@shared/schemas/community.ts';
import { slugify } from '@shared/slugify.ts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { forums } from '../../db/schema/index.ts';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors.ts';
import { badRequest, notFound, slugTaken } from '../../lib/errors.ts';
import type { Viewer } from '../library/content.service.ts';
import { invalidateCommentPages } from './comments.service.ts';
import type { ForumRow } from './community.shared.ts';
import { invalidateForumPages } from './posts.service.ts';

type ForumInput = z.output<typeof ForumInputSchema>;

/** There are few forums (tens); the list is bounded all the same. */
export const MAX_FORUMS = 200;

export function toForum(row: ForumRow): Forum {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    isActive: row.isActive,
    isPremium: row.isPremium,
    postCount: row.postCount,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Active forums for everyone; admins also see inactive ones. */
export async function listForums(db: Database, viewer: Viewer): Promise<Forum[]> {
  const rows = await db
    .select()
    .from(forums)
    .where(viewer?.isAdmin ? undefined : eq(forums.isActive, true))
    .orderBy(asc(forums.createdAt), asc(forums.title))
    .limit(MAX_FORUMS);
  return rows.map(toForum);
}

const forumBySlug = new WeakMap<Database, ReturnType<typeof prepareForumBySlug>>();
function prepareForumBySlug(db: Database) {
  return db
    .select()
    .from(forums)
    .where(eq(forums.slug, sql.placeholder('slug')))
    .prepare('forum_by_slug');
}

export async function getForumRowBySlug(db: Database, slug: string, viewer: Viewer): Promise<ForumRow> {
  let query = forumBySlug.get(db);
  if (!query) {
    query = prepareForumBySlug(db);
    forumBySlug.set(db, query);
  }
  const [row] = await query.execute({ slug });
  if (!row || (!row.isActive && !viewer?.isAdmin)) throw notFound('Forum');
  return row;
}

/**
 * The forum page asks for its forum on every request; forums change rarely. Keep the row for
 * 5 s per process (this process's forum writes clear it at once). Counts in it may be stale:
 * callers use it for identity and access only, never to show counts.
 */
const FORUM_CACHE_MS = 5_000;
const forumCache = new WeakMap<Database, Map<string, { row: ForumRow; expiresAt: number }>>();

export async function getForumForAccess(db: Database, slug: string, viewer: Viewer): Promise<ForumRow> {
  let cache = forumCache.get(db);
  if (!cache) {
    cache = new Map();
    forumCache.set(db, cache);
  }
  const hit = cache.get(slug);
  const row =
    hit && hit.expiresAt > Date.now()
      ? hit.row
      : await getForumRowBySlug(db, slug, { id: '', isAdmin: true, subscriptionStatus: null });
  if (!hit || hit.row !== row) {
    if (cache.size > 1000) cache.clear();
    cache.set(slug, { row, expiresAt: Date.now() + FORUM_CACHE_MS });
  }
  if (!row.isActive && !viewer?.isAdmin) throw notFound('Forum');
  return row;
}

function clearForumCache(db: Database) {
  forumCache.get(db)?.clear();
  // Cached pages carry their forum's access rules (premium, active): drop them too.
  invalidateForumPages(db);
  invalidateCommentPages(db);
}

function resolveSlug(input: ForumInput): string {
  // docs/product.md section 5: an empty slug is generated from the title.
  const slug = input.slug || slugify(input.title);
  if (!slug) throw badRequest('slug: the title needs letters or digits to make a slug from');
  return slug;
}

const forumSlugTaken = (slug: string) =>
  slugTaken(`A forum with the slug "${slug}" already exists. Choose another slug.`);

export async function createForum(db: Database, input: ForumInput): Promise<Forum> {
  const slug = resolveSlug(input);
  try {
    const [row] = await db
      .insert(forums)
      .values({ ...input, slug })
      .returning();
    clearForumCache(db);
    return toForum(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw forumSlugTaken(slug);
    throw error;
  }
}

export async function updateForum(db: Database, id: string, input: ForumInput): Promise<Forum> {
  const slug = resolveSlug(input);
  try {
    const [row] = await db
      .update(forums)
      .set({ ...input, slug, updatedAt: new Date() })
      .where(eq(forums.id, id))
      .returning();
    if (!row) throw notFound('Forum');
    clearForumCache(db);
    return toForum(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw forumSlugTaken(slug);
    throw error;
  }
}

/**
 * Deleting a forum deletes its posts, comments, likes and memberships (foreign keys cascade). The
 * cascade locks the forum before its posts, against the community's lock order
 * (community.shared.ts): a post deleted at the same moment can deadlock it, so it retries once.
 */
export async function deleteForum(db: Database, id: string): Promise<void> {
  const deleted = await retryOnDeadlock(() =>
    db.delete(forums).where(eq(forums.id, id)).returning({ id: forums.id }),
  );
  if (deleted.length === 0) throw notFound('Forum');
  clearForumCache(db);
}
