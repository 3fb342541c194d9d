import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { JourneyMonth } from '@shared/schemas/journeys.ts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import {
  contentItems,
  journeySchedules,
  moderationAuditLog,
  playlistItems,
  playlists,
  practiceSettings,
  users,
} from '../../db/schema/index.ts';
import { toViewerAccess, VISITOR_ACCESS } from '../../lib/viewer.ts';
import { getJourneyMonth } from './journeys.service.ts';

/** Monthly journeys: built once as day 1 … day N, scheduled by month, on the member's own dates. */

const t = setUpTestApp();
const [admin, member, visitor] = setUpActors(t, 'admin', 'member', 'visitor');

async function newItem(values: { isPublished?: boolean; isPremium?: boolean } = {}) {
  const [item] = await t.app.database.db
    .insert(contentItems)
    .values({
      title: `Day sit ${randomUUID().slice(0, 6)}`,
      description: 'x',
      type: 'audio',
      duration: 300,
      isPublished: values.isPublished ?? true,
      isPremium: values.isPremium ?? false,
    })
    .returning({ id: contentItems.id });
  return item!.id;
}

/** A calendar playlist with one new item on each of `days`. */
async function newJourney(days: number[], options: { isCalendar?: boolean } = {}) {
  const [journey] = await t.app.database.db
    .insert(playlists)
    .values({
      slug: `journey-${randomUUID()}`,
      title: `Journey ${randomUUID().slice(0, 6)}`,
      isCalendar: options.isCalendar ?? true,
    })
    .returning();
  for (const [orderIndex, dayIndex] of days.entries()) {
    await t.app.database.db
      .insert(playlistItems)
      .values({ playlistId: journey!.id, videoId: await newItem(), orderIndex, dayIndex });
  }
  return journey!;
}

const schedule = (playlistId: string, payload: Record<string, unknown>) =>
  admin.request({ method: 'POST', url: `/api/admin/playlists/${playlistId}/schedules`, payload });

async function scheduleOk(playlistId: string, startMonth: string, repeatsMonthly = false) {
  const response = await schedule(playlistId, { startMonth, repeatsMonthly });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; startMonth: string; repeatsMonthly: boolean };
}

/** The dates one journey lands on in a month, as the member's calendar reads them. */
async function datesOf(slug: string, month: string): Promise<string[]> {
  const result = await getJourneyMonth(t.app.database.db, VISITOR_ACCESS, { month });
  return result.days.filter((day) => day.journey.slug === slug).map((day) => day.date);
}

describe('scheduling a journey', () => {
  it('runs a one-month schedule in that month only, day k on the k-th', async () => {
    const journey = await newJourney([1, 2, 30]);
    await scheduleOk(journey.id, '2031-03');
    expect(await datesOf(journey.slug, '2031-03')).toEqual(['2031-03-01', '2031-03-02', '2031-03-30']);
    expect(await datesOf(journey.slug, '2031-02')).toEqual([]);
    expect(await datesOf(journey.slug, '2031-04')).toEqual([]);
  });

  it('runs an every-month schedule from its start month on, next year included, never before', async () => {
    const journey = await newJourney([1, 15]);
    await scheduleOk(journey.id, '2031-05', true);
    expect(await datesOf(journey.slug, '2031-04')).toEqual([]);
    expect(await datesOf(journey.slug, '2031-05')).toEqual(['2031-05-01', '2031-05-15']);
    expect(await datesOf(journey.slug, '2031-06')).toEqual(['2031-06-01', '2031-06-15']);
    expect(await datesOf(journey.slug, '2032-01')).toEqual(['2032-01-01', '2032-01-15']);
  });

  it('leaves out the days past the end of February, and keeps day 29 in a leap year', async () => {
    const journey = await newJourney([1, 28, 29, 30, 31]);
    await scheduleOk(journey.id, '2031-01', true);
    expect(await datesOf(journey.slug, '2031-02')).toEqual(['2031-02-01', '2031-02-28']);
    expect(await datesOf(journey.slug, '2032-02')).toEqual(['2032-02-01', '2032-02-28', '2032-02-29']);
    expect(await datesOf(journey.slug, '2031-04')).toEqual([
      '2031-04-01',
      '2031-04-28',
      '2031-04-29',
      '2031-04-30',
    ]);
  });

  it('shows only published items, and a journey with no schedule nowhere', async () => {
    const journey = await newJourney([3]);
    await t.app.database.db.insert(playlistItems).values({
      playlistId: journey.id,
      videoId: await newItem({ isPublished: false }),
      orderIndex: 9,
      dayIndex: 4,
    });
    expect(await datesOf(journey.slug, '2031-07')).toEqual([]);
    await scheduleOk(journey.id, '2031-07');
    expect(await datesOf(journey.slug, '2031-07')).toEqual(['2031-07-03']);
  });

  it("places today's journey day on the member's own date on the 1st: Auckland on day 1, Los Angeles still on the 28th", async () => {
    const journey = await newJourney([1, 28]);
    await scheduleOk(journey.id, '2033-02', true);
    // 05:00 UTC on 1 March: 18:00 on 1 March in Auckland, 21:00 on 28 February in Los Angeles.
    const now = new Date('2033-03-01T05:00:00Z');
    const monthFor = async (timeZone: string) => {
      const userId = await newMemberId();
      await t.app.database.db.insert(practiceSettings).values({ userId, timeZone });
      const viewer = toViewerAccess({ id: userId, isAdmin: false, subscriptionStatus: null });
      return getJourneyMonth(t.app.database.db, viewer, {}, now);
    };
    const auckland = await monthFor('Pacific/Auckland');
    expect(auckland.month).toBe('2033-03');
    expect(auckland.today).toBe('2033-03-01');
    expect(daysOn(auckland, journey.slug, auckland.today)).toEqual([1]);
    const losAngeles = await monthFor('America/Los_Angeles');
    expect(losAngeles.month).toBe('2033-02');
    expect(losAngeles.today).toBe('2033-02-28');
    expect(daysOn(losAngeles, journey.slug, losAngeles.today)).toEqual([28]);
  });
});

/** A fresh member row to hang practice settings on (each zone its own member). */
async function newMemberId(): Promise<string> {
  const [user] = await t.app.database.db
    .insert(users)
    .values({ email: `zone-${randomUUID()}@example.com`, name: 'Zone member' })
    .returning({ id: users.id });
  return user!.id;
}

const daysOn = (month: JourneyMonth, slug: string, date: string) =>
  month.days.filter((day) => day.journey.slug === slug && day.date === date).map((day) => day.dayIndex);

describe('journey schedules through HTTP', () => {
  it('lets an admin schedule, list and remove, each written to the audit log', async () => {
    const journey = await newJourney([1]);
    const created = await scheduleOk(journey.id, '2034-01', true);
    expect(created).toMatchObject({ startMonth: '2034-01', repeatsMonthly: true });
    const again = await schedule(journey.id, { startMonth: '2034-01', repeatsMonthly: true });
    expect(again.statusCode).toBe(409);

    const listed = await admin.request({
      method: 'GET',
      url: `/api/admin/playlists/${journey.id}/schedules`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([created]);

    const url = `/api/admin/playlists/${journey.id}/schedules/${created.id}`;
    expect((await admin.request({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url })).statusCode).toBe(404);

    const audit = await t.app.database.db
      .select({ action: moderationAuditLog.action, summary: moderationAuditLog.summary })
      .from(moderationAuditLog)
      .where(and(eq(moderationAuditLog.targetType, 'playlist'), eq(moderationAuditLog.targetId, journey.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['schedule_journey', 'unschedule_journey']);
    expect(audit[0]!.summary).toContain('every month from 2034-01');
  });

  it('refuses members (403) and visitors (401)', async () => {
    const journey = await newJourney([1]);
    for (const [actor, status] of [
      [member, 403],
      [visitor, 401],
    ] as const) {
      const url = `/api/admin/playlists/${journey.id}/schedules`;
      expect(
        (await actor.request({ method: 'POST', url, payload: { startMonth: '2034-02' } })).statusCode,
      ).toBe(status);
      expect((await actor.request({ method: 'GET', url })).statusCode).toBe(status);
    }
  });

  it('the upgrade keeps the journey the monthly notice announced running every month', async () => {
    // The migration's hand-written statement, run again on a database holding such a journey.
    const folder = path.resolve(import.meta.dirname, '../../db/migrations');
    const file = fs.readdirSync(folder).find((name) => name.endsWith('_journey_schedules.sql'))!;
    const statement = fs
      .readFileSync(path.join(folder, file), 'utf8')
      .split('--> statement-breakpoint')
      .find((part) => part.includes('INSERT INTO "journey_schedules"'))!;
    const { db } = t.app.database;
    await db.execute(sql`delete from journey_schedules`);
    await db.execute(sql`update playlists set is_calendar = false`);
    const journey = await newJourney([1]);
    await newJourney([1]);
    await db.execute(sql.raw(statement));
    const rows = await db.select().from(journeySchedules);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ playlistId: journey.id, repeatsMonthly: true });
  });

  it.each([
    [{ startMonth: '2034-13' }, 'month must be written YYYY-MM'],
    [{ startMonth: '2034-3' }, 'month must be written YYYY-MM'],
    [{}, 'month must be written YYYY-MM'],
    [{ startMonth: '2034-03', repeatsMonthly: 'yes' }, 'repeatsMonthly must be true or false'],
  ])('answers 400 with a readable message for %j', async (payload, message) => {
    const journey = await newJourney([1]);
    const response = await schedule(journey.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('answers 400 for a playlist that is not a calendar, 404 for an unknown one', async () => {
    const plain = await newJourney([1], { isCalendar: false });
    const refused = await schedule(plain.id, { startMonth: '2034-03' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Only a calendar playlist');
    expect((await schedule(randomUUID(), { startMonth: '2034-03' })).statusCode).toBe(404);
    expect((await schedule('not-an-id', { startMonth: '2034-03' })).statusCode).toBe(400);
  });

  it("gives every role the month's journey days, premium items locked for a member without premium", async () => {
    const journey = await newJourney([]);
    const premiumId = await newItem({ isPremium: true });
    await t.app.database.db
      .insert(playlistItems)
      .values({ playlistId: journey.id, videoId: premiumId, orderIndex: 0, dayIndex: 2 });
    await scheduleOk(journey.id, '2034-04');
    const asMember = await member.request({ method: 'GET', url: '/api/journeys/month?month=2034-04' });
    expect(asMember.statusCode).toBe(200);
    const day = (asMember.json() as JourneyMonth).days.find((entry) => entry.journey.slug === journey.slug);
    expect(day).toMatchObject({ date: '2034-04-02', dayIndex: 2, item: { id: premiumId, isTeaser: true } });
    expect(
      (await visitor.request({ method: 'GET', url: '/api/journeys/month?month=2034-04' })).statusCode,
    ).toBe(200);
    const bad = await member.request({ method: 'GET', url: '/api/journeys/month?month=April' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('month must be written YYYY-MM');
  });
});
