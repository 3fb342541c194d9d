import type { Forum, ForumInputSchema } from '@shared/schemas/community.ts';
import { slugify } from '@shared/slugify.ts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { forums } from '../../db/schema/index.ts';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors.ts';
import { deleteById } from '../../lib/delete-by-id.ts';
import { badRequest, notFound, slugTaken } from '../../lib/errors.ts';
import { perDatabase } from '../../lib/per-database.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { FORUM_CACHE_MS, forumRowCache, invalidateForums } from './caches.ts';
import type { ForumRow } from './community.shared.ts';

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
    language: row.language,
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

const forumBySlug = perDatabase(prepareForumBySlug);
function prepareForumBySlug(db: Database) {
  return db
    .select()
    .from(forums)
    .where(eq(forums.slug, sql.placeholder('slug')))
    .prepare('forum_by_slug');
}

export async function getForumRowBySlug(db: Database, slug: string, viewer: Viewer): Promise<ForumRow> {
  const [row] = await forumBySlug.get(db).execute({ slug });
  if (!row || (!row.isActive && !viewer?.isAdmin)) throw notFound('Forum');
  return row;
}

/**
 * The forum for an access check, from the 5 s forum cache (caches.ts; this process's forum writes
 * clear it at once). Counts in it may be stale: use it for identity and access, never for counts.
 */
export async function getForumForAccess(db: Database, slug: string, viewer: Viewer): Promise<ForumRow> {
  const cache = forumRowCache(db);
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

function resolveSlug(input: ForumInput): string {
  // docs/product.md, "Validation": an empty slug is generated from the title.
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
    invalidateForums(db);
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
    invalidateForums(db);
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
  await retryOnDeadlock(() => deleteById(db, forums, id, 'Forum'));
  invalidateForums(db);
}
