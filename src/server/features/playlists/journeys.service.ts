import { daysInMonth, journeyDate } from '@shared/journey-dates.ts';
import type { JourneyMonth, JourneySchedule, JourneyScheduleInput } from '@shared/schemas/journeys.ts';
import { localDateKey } from '@shared/zoned-time.ts';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentItems, journeySchedules, playlistItems, playlists } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { ViewerAccess } from '../../lib/viewer.ts';
import { writeAudit } from '../community/index.ts';
import { contentColumns, toContentItem } from '../library/index.ts';
import { getMemberTimeZone } from '../settings/index.ts';

/**
 * Monthly journeys (docs/product.md, "Playlists and the calendar"): a calendar playlist is the
 * journey, built once as day 1 … day N through its items' `dayIndex`; its schedules say which
 * months it runs. Where a day falls is journey-dates.ts, shared with the admin's preview.
 */

type ScheduleRow = typeof journeySchedules.$inferSelect;

const toSchedule = (row: ScheduleRow): JourneySchedule => ({
  id: row.id,
  startMonth: row.startMonth.slice(0, 7),
  repeatsMonthly: row.repeatsMonthly,
});

const describeSchedule = (title: string, schedule: JourneySchedule) =>
  `${title}: ${schedule.repeatsMonthly ? `every month from ${schedule.startMonth}` : schedule.startMonth}`;

async function findJourney(db: Database, playlistId: string) {
  const [playlist] = await db
    .select({ id: playlists.id, title: playlists.title, isCalendar: playlists.isCalendar })
    .from(playlists)
    .where(eq(playlists.id, playlistId));
  if (!playlist) throw notFound('Playlist');
  return playlist;
}

/** A journey's schedules, the earliest month first. */
export async function listJourneySchedules(db: Database, playlistId: string): Promise<JourneySchedule[]> {
  await findJourney(db, playlistId);
  const rows = await db
    .select()
    .from(journeySchedules)
    .where(eq(journeySchedules.playlistId, playlistId))
    .orderBy(asc(journeySchedules.startMonth), asc(journeySchedules.repeatsMonthly));
  return rows.map(toSchedule);
}

/**
 * Schedules a journey for one month or every month from `startMonth`. Only a calendar playlist is a
 * journey (400 otherwise); the same schedule twice is 409. Written to the audit log.
 */
export async function addJourneySchedule(
  db: Database,
  playlistId: string,
  input: JourneyScheduleInput,
  admin: ViewerAccess,
): Promise<JourneySchedule> {
  const journey = await findJourney(db, playlistId);
  if (!journey.isCalendar) {
    throw badRequest(
      'Only a calendar playlist (a monthly journey) can be scheduled: mark it as a calendar first.',
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(journeySchedules)
        .values({ playlistId, startMonth: `${input.startMonth}-01`, repeatsMonthly: input.repeatsMonthly })
        .returning();
      const schedule = toSchedule(row!);
      await writeAudit(tx, {
        actorId: admin.id,
        action: 'schedule_journey',
        targetType: 'playlist',
        targetId: playlistId,
        subjectUserId: null,
        summary: describeSchedule(journey.title, schedule),
      });
      return schedule;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This journey is already scheduled that way.');
    throw error;
  }
}

/** Removes one schedule of a journey (404 when it is not this journey's); written to the audit log. */
export async function deleteJourneySchedule(
  db: Database,
  playlistId: string,
  scheduleId: string,
  admin: ViewerAccess,
): Promise<void> {
  const journey = await findJourney(db, playlistId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(journeySchedules)
      .where(and(eq(journeySchedules.id, scheduleId), eq(journeySchedules.playlistId, playlistId)))
      .returning();
    if (!row) throw notFound('Schedule');
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'unschedule_journey',
      targetType: 'playlist',
      targetId: playlistId,
      subjectUserId: null,
      summary: describeSchedule(journey.title, toSchedule(row)),
    });
  });
}

/** The member's zone from their practice settings; UTC for a visitor or a member without one. */
async function viewerTimeZone(db: Database, viewer: ViewerAccess): Promise<string> {
  if (!viewer.id) return 'UTC';
  return (await getMemberTimeZone(db, viewer.id)) ?? 'UTC';
}

/**
 * The journey days of one month, on the member's wall dates: every published item of every journey
 * scheduled for that month, day k on the month's k-th day (days past its end are left out).
 * Without a month, the member's current month in their own zone: on the 1st at 05:00 UTC a member
 * in Auckland is already on day 1 of the new month, one in Los Angeles still on the last day of the
 * old one.
 */
export async function getJourneyMonth(
  db: Database,
  viewer: ViewerAccess,
  query: { month?: string | undefined },
  now: Date = new Date(),
): Promise<JourneyMonth> {
  const today = localDateKey(now, await viewerTimeZone(db, viewer));
  const month = query.month ?? today.slice(0, 7);
  const monthStart = `${month}-01`;
  const rows = await db
    .select({
      dayIndex: playlistItems.dayIndex,
      slug: playlists.slug,
      title: playlists.title,
      item: contentColumns,
    })
    .from(playlistItems)
    .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
    .innerJoin(contentItems, eq(contentItems.id, playlistItems.videoId))
    .where(
      and(
        eq(playlists.isCalendar, true),
        eq(contentItems.isPublished, true),
        between(playlistItems.dayIndex, 1, daysInMonth(month)),
        sql`exists (select 1 from ${journeySchedules}
          where ${journeySchedules.playlistId} = ${playlists.id}
            and (${journeySchedules.startMonth} = ${monthStart}::date
              or (${journeySchedules.repeatsMonthly} and ${journeySchedules.startMonth} <= ${monthStart}::date)))`,
      ),
    )
    .orderBy(asc(playlistItems.dayIndex), asc(playlists.createdAt), asc(playlistItems.orderIndex));
  return {
    month,
    today,
    days: rows.map((row) => ({
      date: journeyDate(month, row.dayIndex!)!,
      dayIndex: row.dayIndex!,
      journey: { slug: row.slug, title: row.title },
      item: toContentItem(row.item, viewer),
    })),
  };
}
