import type { Announcement, AnnouncementValues } from '@shared/schemas/announcements.ts';
import { and, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { announcements, users } from '../../db/schema/index.ts';
import { decodePinnedCursor, keysetPage } from '../../lib/cursor.ts';
import { deleteById } from '../../lib/delete-by-id.ts';
import { notFound } from '../../lib/errors.ts';
import { toPublicationState } from '../../lib/scheduled-publishing.ts';

/**
 * Announcements (docs/product.md, "Screens and routes", "Entities", "Validation" and "The HTTP calls"): members and visitors see published ones only,
 * pinned first then newest; admins see drafts too. `publishedAt` is set when first published.
 */

const sortTime = sql<Date>`coalesce(${announcements.publishedAt}, ${announcements.createdAt})`;

const columns = {
  id: announcements.id,
  title: announcements.title,
  content: announcements.content,
  type: announcements.type,
  isPinned: announcements.isPinned,
  isPublished: announcements.isPublished,
  publishedAt: announcements.publishedAt,
  publishAt: announcements.publishAt,
  createdAt: announcements.createdAt,
  imageUrl: announcements.imageUrl,
  linkUrl: announcements.linkUrl,
  linkText: announcements.linkText,
  language: announcements.language,
  sortAt: sql<string>`${sortTime}`.mapWith((value: string | Date) => new Date(value)),
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.image,
};

type Row = {
  id: string;
  title: string;
  content: string;
  type: Announcement['type'];
  isPinned: boolean;
  isPublished: boolean;
  publishedAt: Date | null;
  publishAt: Date | null;
  createdAt: Date;
  imageUrl: string | null;
  linkUrl: string | null;
  linkText: string | null;
  language: string | null;
  sortAt: Date;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

function toAnnouncement(row: Row): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    isPinned: row.isPinned,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    // Only drafts hold one, and only admins see drafts.
    publishAt: row.publishAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    linkText: row.linkText,
    language: row.language,
    author: { firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl },
  };
}

/** `%` and `_` typed by a user are literal characters in the search. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export async function listAnnouncements(
  db: Database,
  options: { includeDrafts: boolean; q?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<{ announcements: Announcement[]; nextCursor: string | null }> {
  const filters: SQL[] = [];
  if (!options.includeDrafts) filters.push(eq(announcements.isPublished, true));
  if (options.q) {
    const pattern = likePattern(options.q);
    filters.push(or(ilike(announcements.title, pattern), ilike(announcements.content, pattern))!);
  }
  if (options.cursor) {
    const after = decodePinnedCursor(options.cursor);
    // Everything sorts descending, so "after" is a row comparison.
    filters.push(
      sql`(${announcements.isPinned}, ${sortTime}, ${announcements.id}) < (${after.isPinned}, ${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select(columns)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(announcements.isPinned), desc(sortTime), desc(announcements.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = keysetPage(rows, options.limit, (last) => ({
    isPinned: last.isPinned,
    createdAt: last.sortAt,
    id: last.id,
  }));
  return { announcements: page.map(toAnnouncement), nextCursor };
}

async function getAnnouncement(db: Database, id: string): Promise<Announcement> {
  const [row] = await db
    .select(columns)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .where(eq(announcements.id, id));
  if (!row) throw notFound('Announcement');
  return toAnnouncement(row);
}

export async function createAnnouncement(
  db: Database,
  authorId: string,
  input: AnnouncementValues,
): Promise<Announcement> {
  const state = toPublicationState(input);
  const [row] = await db
    .insert(announcements)
    .values({ ...input, ...state, authorId, publishedAt: state.isPublished ? new Date() : null })
    .returning({ id: announcements.id });
  return getAnnouncement(db, row!.id);
}

export async function updateAnnouncement(
  db: Database,
  id: string,
  input: AnnouncementValues,
): Promise<Announcement> {
  const state = toPublicationState(input);
  const [row] = await db
    .update(announcements)
    .set({
      ...input,
      ...state,
      // First publication stamps the time; later edits keep it.
      publishedAt: state.isPublished
        ? sql`coalesce(${announcements.publishedAt}, now())`
        : announcements.publishedAt,
      updatedAt: new Date(),
    })
    .where(eq(announcements.id, id))
    .returning({ id: announcements.id });
  if (!row) throw notFound('Announcement');
  return getAnnouncement(db, id);
}

export async function deleteAnnouncement(db: Database, id: string): Promise<void> {
  await deleteById(db, announcements, id, 'Announcement');
}

/**
 * One run of the `publish-scheduled` job (decision 092): drafts whose time has come go live, stamped
 * with their scheduled time as their publication time. One UPDATE, so two instances publish once.
 */
export async function publishScheduledAnnouncements(db: Database, now = new Date()): Promise<string[]> {
  const published = await db
    .update(announcements)
    .set({
      isPublished: true,
      publishedAt: sql`coalesce(${announcements.publishedAt}, ${announcements.publishAt})`,
      publishAt: null,
      updatedAt: now,
    })
    .where(and(eq(announcements.isPublished, false), lte(announcements.publishAt, now)))
    .returning({ id: announcements.id });
  return published.map((row) => row.id);
}
