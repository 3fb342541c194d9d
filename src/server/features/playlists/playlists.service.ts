import { instantOfWallTime } from '@shared/event-occurrences.ts';
import type {
  LessonState,
  Playlist,
  PlaylistFollow,
  PlaylistInputSchema,
  PlaylistItemsInputSchema,
} from '@shared/schemas/content.ts';
import { slugify } from '@shared/slugify.ts';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  contentItems,
  courseEnrolments,
  playbackProgress,
  playlistFollows,
  playlistItems,
  playlists,
} from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { deleteById } from '../../lib/delete-by-id.ts';
import { badRequest, notFound, slugTaken } from '../../lib/errors.ts';
import type { MemberAccess, ViewerAccess } from '../../lib/viewer.ts';
import { contentColumns, toContentItem } from '../library/index.ts';
import { notifyPlaylistItemsAdded } from '../notifications/index.ts';
import { getMemberTimeZone } from '../settings/index.ts';

type PlaylistInput = z.output<typeof PlaylistInputSchema>;
type PlaylistItemsInput = z.output<typeof PlaylistItemsInputSchema>;
type PlaylistRow = typeof playlists.$inferSelect;

export const MAX_PLAYLISTS_PAGE = 100;
const DAY_MS = 86_400_000;

/** How many members follow the playlist, and whether the viewer is one of them. */
async function followState(db: Database, playlistId: string, viewer: ViewerAccess): Promise<PlaylistFollow> {
  const [row] = await db
    .select({
      followerCount: sql<number>`count(*)::int`,
      isFollowing: viewer.id
        ? sql<boolean>`coalesce(bool_or(${playlistFollows.userId} = ${viewer.id}), false)`
        : sql<boolean>`false`,
    })
    .from(playlistFollows)
    .where(eq(playlistFollows.playlistId, playlistId));
  return { isFollowing: row?.isFollowing ?? false, followerCount: row?.followerCount ?? 0 };
}

/** Midnight of a date (YYYY-MM-DD) in a zone, as an instant. */
function startOfDateIn(date: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOfWallTime({ year, month, day, hour: 0, minute: 0, second: 0 }, zone);
}

/**
 * Where the member stands with one lesson. A lesson opens when every rule it has is met: its days
 * after the member enrolled, and its date (midnight in the member's zone). Before enrolling,
 * nothing is open; what each lesson waits for is in its `unlockAfterDays` / `unlockOn`.
 */
export function lessonState(
  entry: { unlockAfterDays: number | null; unlockOn: string | null },
  member: { enrolledAt: Date | null; timeZone: string; isCompleted: boolean },
  now: Date,
): LessonState {
  const { enrolledAt, timeZone, isCompleted } = member;
  if (!enrolledAt) return { isUnlocked: false, unlocksAt: null, isCompleted };
  const opens = [
    entry.unlockAfterDays === null ? null : enrolledAt.getTime() + entry.unlockAfterDays * DAY_MS,
    entry.unlockOn === null ? null : startOfDateIn(entry.unlockOn, timeZone).getTime(),
  ].filter((time): time is number => time !== null);
  const opensAt = opens.length > 0 ? Math.max(...opens) : null;
  const isUnlocked = opensAt === null || opensAt <= now.getTime();
  return { isUnlocked, unlocksAt: isUnlocked ? null : new Date(opensAt).toISOString(), isCompleted };
}

/** A course member's enrolment, their zone and the lessons they have finished (at 90%, ever). */
async function courseMember(db: Database, playlistId: string, viewer: ViewerAccess, itemIds: string[]) {
  if (!viewer.id) return { enrolledAt: null, timeZone: 'UTC', completed: new Set<string>() };
  const [enrolment] = await db
    .select({ enrolledAt: courseEnrolments.enrolledAt })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, viewer.id), eq(courseEnrolments.playlistId, playlistId)));
  const timeZone = await getMemberTimeZone(db, viewer.id);
  const finished =
    itemIds.length === 0
      ? []
      : await db
          .select({ videoId: playbackProgress.videoId })
          .from(playbackProgress)
          .where(
            and(
              eq(playbackProgress.userId, viewer.id),
              inArray(playbackProgress.videoId, itemIds),
              isNotNull(playbackProgress.completedAt),
            ),
          );
  return {
    enrolledAt: enrolment?.enrolledAt ?? null,
    timeZone: timeZone ?? 'UTC',
    completed: new Set(finished.map((row) => row.videoId)),
  };
}

async function withItems(
  db: Database,
  playlist: PlaylistRow,
  viewer: ViewerAccess,
  now = new Date(),
): Promise<Playlist> {
  const follow = await followState(db, playlist.id, viewer);
  const rows = await db
    .select({ entry: playlistItems, item: contentColumns })
    .from(playlistItems)
    .innerJoin(contentItems, eq(contentItems.id, playlistItems.videoId))
    .where(
      and(
        eq(playlistItems.playlistId, playlist.id),
        viewer.role === 'admin' ? undefined : eq(contentItems.isPublished, true),
      ),
    )
    .orderBy(asc(playlistItems.orderIndex), asc(playlistItems.createdAt));
  const member = playlist.isCourse
    ? await courseMember(
        db,
        playlist.id,
        viewer,
        rows.map(({ item }) => item.id),
      )
    : null;
  return {
    id: playlist.id,
    title: playlist.title,
    description: playlist.description,
    slug: playlist.slug,
    isCalendar: playlist.isCalendar,
    isCourse: playlist.isCourse,
    enrolledAt: member?.enrolledAt?.toISOString() ?? null,
    items: rows.map(({ entry, item }) => ({
      id: entry.id,
      orderIndex: entry.orderIndex,
      dayIndex: entry.dayIndex,
      unlockAfterDays: entry.unlockAfterDays,
      unlockOn: entry.unlockOn,
      lesson: member
        ? lessonState(entry, { ...member, isCompleted: member.completed.has(item.id) }, now)
        : null,
      video: toContentItem(item, viewer),
    })),
    ...follow,
  };
}

async function findBySlug(db: Database, slug: string): Promise<PlaylistRow> {
  const [playlist] = await db.select().from(playlists).where(eq(playlists.slug, slug));
  if (!playlist) throw notFound('Playlist');
  return playlist;
}

export async function getPlaylistBySlug(
  db: Database,
  slug: string,
  viewer: ViewerAccess,
  now = new Date(),
): Promise<Playlist> {
  return withItems(db, await findBySlug(db, slug), viewer, now);
}

/**
 * A member enrols in a course (idempotent: enrolling again keeps the first date, so the drip
 * never restarts). Whoever may read the course may enrol; a playlist that is not a course is 400.
 */
export async function enrolInCourse(db: Database, slug: string, member: MemberAccess) {
  const playlist = await findBySlug(db, slug);
  if (!playlist.isCourse) throw badRequest('This playlist is not a course: there is nothing to enrol in.');
  await db
    .insert(courseEnrolments)
    .values({ userId: member.id, playlistId: playlist.id })
    .onConflictDoNothing();
  const [row] = await db
    .select({ enrolledAt: courseEnrolments.enrolledAt })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, member.id), eq(courseEnrolments.playlistId, playlist.id)));
  return { enrolledAt: row!.enrolledAt.toISOString() };
}

/**
 * A member follows (or stops following) a playlist: whoever may read it may follow it, so an
 * unknown slug is the same 404 as reading it. Both are idempotent.
 */
export async function setPlaylistFollow(
  db: Database,
  slug: string,
  member: MemberAccess,
  follow: boolean,
): Promise<PlaylistFollow> {
  const playlist = await findBySlug(db, slug);
  if (follow) {
    await db
      .insert(playlistFollows)
      .values({ userId: member.id, playlistId: playlist.id })
      .onConflictDoNothing();
  } else {
    await db
      .delete(playlistFollows)
      .where(and(eq(playlistFollows.userId, member.id), eq(playlistFollows.playlistId, playlist.id)));
  }
  return followState(db, playlist.id, member);
}

/** What a playlist's card shows, besides its count of items. */
const playlistCardColumns = {
  id: playlists.id,
  title: playlists.title,
  description: playlists.description,
  slug: playlists.slug,
  isCalendar: playlists.isCalendar,
  isCourse: playlists.isCourse,
};

export async function listPlaylists(db: Database) {
  const rows = await db
    .select({
      ...playlistCardColumns,
      // Qualified by hand: inside a subquery Drizzle would leave "id" unqualified.
      itemCount: sql<number>`(select count(*)::int from playlist_items pi where pi.playlist_id = "playlists"."id")`,
    })
    .from(playlists)
    .orderBy(desc(playlists.createdAt))
    .limit(MAX_PLAYLISTS_PAGE);
  return rows;
}

/**
 * Playlists a member can open from Home, the Library and the Calendar: those with at least one
 * published item, counted by their published items; the calendar journey first.
 */
export async function listPublishedPlaylists(db: Database) {
  const publishedCount = sql<number>`(select count(*)::int from playlist_items pi
    join content_items ci on ci.id = pi.video_id
    where pi.playlist_id = "playlists"."id" and ci.is_published)`;
  const rows = await db
    .select({
      ...playlistCardColumns,
      itemCount: publishedCount,
    })
    .from(playlists)
    .where(sql`${publishedCount} > 0`)
    .orderBy(desc(playlists.isCalendar), desc(playlists.createdAt))
    .limit(MAX_PLAYLISTS_PAGE);
  return rows;
}

function resolveSlug(input: PlaylistInput): string {
  const slug = input.slug || slugify(input.title);
  if (!slug) throw badRequest('slug: give the playlist a title or slug with letters or digits');
  return slug;
}

export async function createPlaylist(
  db: Database,
  input: PlaylistInput,
  admin: ViewerAccess,
): Promise<Playlist> {
  try {
    const [row] = await db
      .insert(playlists)
      .values({ ...input, slug: resolveSlug(input) })
      .returning();
    return withItems(db, row!, admin);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken('A playlist with this slug already exists');
    throw error;
  }
}

export async function updatePlaylist(db: Database, id: string, input: PlaylistInput, admin: ViewerAccess) {
  try {
    const [row] = await db
      .update(playlists)
      .set({ ...input, slug: resolveSlug(input), updatedAt: new Date() })
      .where(eq(playlists.id, id))
      .returning();
    if (!row) throw notFound('Playlist');
    return withItems(db, row, admin);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken('A playlist with this slug already exists');
    throw error;
  }
}

export async function deletePlaylist(db: Database, id: string): Promise<void> {
  await deleteById(db, playlists, id, 'Playlist');
}

/**
 * Replaces the playlist's items in one transaction (the journey editor saves the whole list).
 * Followers hear of the published items that were not in the list before, in the same transaction.
 */
export async function setPlaylistItems(
  db: Database,
  id: string,
  input: PlaylistItemsInput,
  admin: ViewerAccess,
) {
  return db.transaction(async (tx) => {
    const [playlist] = await tx.select().from(playlists).where(eq(playlists.id, id)).for('update');
    if (!playlist) throw notFound('Playlist');
    const videoIds = [...new Set(input.items.map((item) => item.videoId))];
    if (videoIds.length > 0) {
      const found = await tx
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(inArray(contentItems.id, videoIds));
      const missing = videoIds.filter((videoId) => !found.some((row) => row.id === videoId));
      if (missing.length > 0) throw badRequest(`items: no content with id ${missing.join(', ')}`);
    }
    const before = await tx
      .select({ videoId: playlistItems.videoId })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, id));
    const had = new Set(before.map((row) => row.videoId));
    await tx.delete(playlistItems).where(eq(playlistItems.playlistId, id));
    if (input.items.length > 0) {
      await tx.insert(playlistItems).values(input.items.map((item) => ({ ...item, playlistId: id })));
    }
    await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, id));
    await notifyPlaylistItemsAdded(tx, {
      playlistId: id,
      slug: playlist.slug,
      title: playlist.title,
      videoIds: videoIds.filter((videoId) => !had.has(videoId)),
      actorId: admin.id,
    });
    return withItems(tx as unknown as Database, playlist, admin);
  });
}
