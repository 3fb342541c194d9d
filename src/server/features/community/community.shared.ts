import { hasPremiumAccess } from '@shared/entitlements.ts';
import type { Author } from '@shared/schemas/community.ts';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import {
  commentLikes,
  forumComments,
  forumMembers,
  forumPosts,
  forums,
  postLikes,
  users,
} from '../../db/schema/index.ts';
import { isForeignKeyViolation, retryOnDeadlock } from '../../lib/db-errors.ts';
import { notAuthor, notFound, premiumRequired } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

export type { Transaction } from '../../db/client.ts';
export type ForumRow = typeof forums.$inferSelect;

/** A raw SQL row's author columns, `users`' own names (as the queue and search read them). */
export type AuthorSqlColumns = {
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
};

export const PREMIUM_FORUM_MESSAGE = 'This community forum requires a premium subscription.';

export const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.image,
};

/** An author as a left join reads it: null when the account is gone. */
export type AuthorRow = {
  id: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
} | null;

export function toAuthor(author: AuthorRow): Author {
  return {
    id: author?.id ?? null,
    firstName: author?.firstName ?? null,
    lastName: author?.lastName ?? null,
    profileImageUrl: author?.profileImageUrl ?? null,
  };
}

/** The author of a raw SQL row: all null when the account is gone (`user_id` null). */
export const authorOfSqlRow = (row: AuthorSqlColumns): Author =>
  toAuthor({
    id: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.image,
  });

/** What a post and a comment both answer after their counts (the schemas' `writingFields`). */
export function writingFields(
  row: { likedByMe?: unknown; hiddenAt: Date | null; heldAt: Date | null; editedAt: Date | null },
  author: AuthorRow,
) {
  return {
    likedByMe: Boolean(row.likedByMe),
    isHidden: row.hiddenAt !== null,
    isHeld: row.heldAt !== null,
    editedAt: row.editedAt?.toISOString() ?? null,
    user: toAuthor(author),
  };
}

/** Inactive forums exist only for admins; premium forums need premium access (admins pass). */
export function assertCanRead(forum: ForumRow, viewer: Viewer): void {
  if (!forum.isActive && !viewer?.isAdmin) throw notFound('Forum');
  if (forum.isPremium && !hasPremiumAccess(viewer)) throw premiumRequired(PREMIUM_FORUM_MESSAGE);
}

export const notYours = (what: string) => notAuthor('delete', what);
export const notYoursToEdit = (what: string) => notAuthor('edit', what);

/**
 * The one lock order of every community write, parents before children, the order PostgreSQL's
 * cascades take them too: a post, then its comments, then likes; the forum (its counters) after
 * the post or comment that changes it; the membership row last. A transaction that writes a child
 * locks its parent first (a like locks its post or comment, a new or deleted comment its post), so
 * a write racing a deletion waits for it and then finds nothing (404) instead of a foreign-key
 * error or a deadlock. Deleting a whole forum is the one exception (forum before posts): an admin
 * action, covered by the deadlock retry. fuzz.test.ts races these writes.
 */
export async function lockPost(tx: Transaction, postId: string): Promise<boolean> {
  return lockRow(tx, forumPosts, postId);
}

/** A comment locked for a write, after its post (the lock order above); false when it is gone. */
export async function lockComment(tx: Transaction, commentId: string): Promise<boolean> {
  return lockRow(tx, forumComments, commentId);
}

async function lockRow(tx: Transaction, table: typeof forumPosts | typeof forumComments, id: string) {
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('no key update');
  return rows.length > 0;
}

async function lockForum(tx: Transaction, forumId: string) {
  await tx.select({ id: forums.id }).from(forums).where(eq(forums.id, forumId)).for('no key update');
}

/**
 * A community write in one transaction, run once more if PostgreSQL picked it as a deadlock's
 * victim; a foreign key that no longer holds (its post went meanwhile) becomes a 404 naming
 * `what` (the item the write is about: 'Post', 'Comment', 'Forum').
 */
export async function communityTransaction<T>(
  db: Database,
  what: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await retryOnDeadlock(() => db.transaction(work));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(what);
    throw error;
  }
}

/** A member's first post or comment in a forum makes them one of its members. */
export async function addContribution(tx: Transaction, forumId: string, userId: string): Promise<void> {
  await lockForum(tx, forumId);
  const [row] = await tx
    .insert(forumMembers)
    .values({ forumId, userId, contributions: 1 })
    .onConflictDoUpdate({
      target: [forumMembers.forumId, forumMembers.userId],
      set: { contributions: sql`${forumMembers.contributions} + 1`, updatedAt: new Date() },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (row?.inserted) {
    await tx
      .update(forums)
      .set({ memberCount: sql`${forums.memberCount} + 1` })
      .where(eq(forums.id, forumId));
  }
}

/**
 * The counts members see move with what they can read: a forum's posts and a post's comments go
 * up by one when an item shows (written, or shown again), down when it goes (deleted, hidden).
 */
export const countForumPosts = (tx: Transaction, forumId: string, delta: 1 | -1) =>
  tx
    .update(forums)
    .set({ postCount: sql`${forums.postCount} + ${delta}` })
    .where(eq(forums.id, forumId));
export const countPostComments = (tx: Transaction, postId: string, delta: 1 | -1) =>
  tx
    .update(forumPosts)
    .set({ commentCount: sql`${forumPosts.commentCount} + ${delta}` })
    .where(eq(forumPosts.id, postId));

/** The reverse: when a member's last post or comment goes, so does their membership. */
export async function removeContributions(tx: Transaction, forumId: string, userId: string, count: number) {
  if (count <= 0) return;
  await lockForum(tx, forumId);
  await tx
    .update(forumMembers)
    .set({ contributions: sql`${forumMembers.contributions} - ${count}`, updatedAt: new Date() })
    .where(and(eq(forumMembers.forumId, forumId), eq(forumMembers.userId, userId)));
  const removed = await tx
    .delete(forumMembers)
    .where(
      and(
        eq(forumMembers.forumId, forumId),
        eq(forumMembers.userId, userId),
        lte(forumMembers.contributions, 0),
      ),
    )
    .returning({ id: forumMembers.id });
  if (removed.length > 0) {
    await tx
      .update(forums)
      .set({ memberCount: sql`${forums.memberCount} - 1` })
      .where(eq(forums.id, forumId));
  }
}

/** Where likes of one kind live and which counter they keep (posts, comments). */
export type LikeTarget = {
  likes: PgTable;
  likeTargetId: PgColumn;
  likeUserId: PgColumn;
  target: PgTable;
  targetId: PgColumn;
  likeCount: PgColumn;
  name: 'Post' | 'Comment';
};

export const POST_LIKES: LikeTarget = {
  likes: postLikes,
  likeTargetId: postLikes.postId,
  likeUserId: postLikes.userId,
  target: forumPosts,
  targetId: forumPosts.id,
  likeCount: forumPosts.likeCount,
  name: 'Post',
};

export const COMMENT_LIKES: LikeTarget = {
  likes: commentLikes,
  likeTargetId: commentLikes.commentId,
  likeUserId: commentLikes.userId,
  target: forumComments,
  targetId: forumComments.id,
  likeCount: forumComments.likeCount,
  name: 'Comment',
};

/** Whether the viewer liked each row, as a column of the same query (false for a visitor). */
export function likedByViewer(t: LikeTarget, viewer: Viewer) {
  return viewer
    ? sql<boolean>`exists (select 1 from ${t.likes} where ${t.likeTargetId} = ${t.targetId} and ${t.likeUserId} = ${viewer.id})`
    : sql<boolean>`false`;
}

/**
 * `items` marked with whether the member liked each: a page is the same for everyone (cached),
 * whether this member liked each post or comment is theirs alone.
 */
export async function withLikedByMe<T extends { id: string }>(
  db: Database,
  t: LikeTarget,
  items: T[],
  userId: string,
): Promise<(T & { likedByMe: boolean })[]> {
  const liked = await db
    .select({ id: t.likeTargetId })
    .from(t.likes)
    .where(
      and(
        eq(t.likeUserId, userId),
        inArray(
          t.likeTargetId,
          items.map((item) => item.id),
        ),
      ),
    );
  const likedIds = new Set(liked.map((row) => String(row.id)));
  return items.map((item) => ({ ...item, likedByMe: likedIds.has(item.id) }));
}

/**
 * The same call likes and unlikes. The like row and the counter change in one transaction, so
 * the count always equals the rows. The target is locked first: toggles of one target queue, and
 * a toggle racing the target's deletion finds it gone (404).
 */
export async function toggleLike(db: Database, t: LikeTarget, targetId: string, userId: string) {
  return communityTransaction(db, t.name, async (tx) => {
    const target = await tx.execute(
      sql`select 1 from ${t.target} where ${t.targetId} = ${targetId} for no key update`,
    );
    if (target.rows.length === 0) throw notFound(t.name);
    const removed = await tx.execute(
      sql`delete from ${t.likes} where ${t.likeTargetId} = ${targetId} and ${t.likeUserId} = ${userId} returning 1`,
    );
    const liked = removed.rows.length === 0;
    const added = liked
      ? await tx.execute(
          sql`insert into ${t.likes} (${sql.identifier(t.likeTargetId.name)}, ${sql.identifier(t.likeUserId.name)})
              values (${targetId}, ${userId}) on conflict do nothing returning 1`,
        )
      : undefined;
    const delta = liked ? (added?.rows.length ?? 0) : -1;
    const { rows } = await tx.execute(
      sql`update ${t.target} set ${sql.identifier(t.likeCount.name)} = ${t.likeCount} + ${delta}
          where ${t.targetId} = ${targetId} returning ${t.likeCount} as "likeCount"`,
    );
    const row = rows[0] as { likeCount: number } | undefined;
    if (!row) throw notFound(t.name);
    return { liked, likeCount: Number(row.likeCount) };
  });
}
