import { hasPremiumAccess } from '@shared/entitlements.ts';
import type { Author } from '@shared/schemas/community.ts';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { forumMembers, forums, users } from '../../db/schema/index.ts';
import { AppError, notFound, premiumRequired } from '../../lib/errors.ts';
import type { Viewer } from '../library/content.service.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type ForumRow = typeof forums.$inferSelect;

export const PREMIUM_FORUM_MESSAGE = 'This community forum requires a premium subscription.';

export const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.image,
};

export function toAuthor(
  author: {
    id: string | null;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
  } | null,
): Author {
  return {
    id: author?.id ?? null,
    firstName: author?.firstName ?? null,
    lastName: author?.lastName ?? null,
    profileImageUrl: author?.profileImageUrl ?? null,
  };
}

/** Inactive forums exist only for admins; premium forums need premium access (admins pass). */
export function assertCanRead(forum: ForumRow, viewer: Viewer): void {
  if (!forum.isActive && !viewer?.isAdmin) throw notFound('Forum');
  if (forum.isPremium && !hasPremiumAccess(viewer)) throw premiumRequired(PREMIUM_FORUM_MESSAGE);
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

export const notYours = (what: string) =>
  new AppError(403, `You can only delete your own ${what}.`, 'NOT_AUTHOR');

/** A member's first post or comment in a forum makes them one of its members. */
export async function addContribution(tx: Transaction, forumId: string, userId: string): Promise<void> {
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

/** The reverse: when a member's last post or comment goes, so does their membership. */
export async function removeContributions(tx: Transaction, forumId: string, userId: string, count: number) {
  if (count <= 0) return;
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

type PostCursor = { isPinned: boolean; createdAt: string; id: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(parts: { isPinned?: boolean; createdAt: Date; id: string }): string {
  const pinned = parts.isPinned === undefined ? '' : parts.isPinned ? '1' : '0';
  return Buffer.from(`${pinned}|${parts.createdAt.toISOString()}|${parts.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): PostCursor {
  const [pinned, createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (pinned === undefined || !createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !UUID.test(id)) {
    throw new AppError(400, 'cursor is not valid; start again from the first page', 'BAD_CURSOR');
  }
  return { isPinned: pinned === '1', createdAt, id };
}
