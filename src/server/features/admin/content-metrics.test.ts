import { randomUUID } from 'node:crypto';
import { TOP_ITEMS_LIMIT } from '@shared/schemas/admin.ts';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { getContentAnalytics } from './content-metrics.ts';

/**
 * The teacher's content figures against hand-made rows whose every figure is worked out in the
 * comments. The service is asked "as of" a fixed moment (`now`), so weeks and months are known;
 * every test starts from no sessions, no questionnaires and no members but the actors.
 */

const t = setUpTestApp({ ADMIN_FIGURES_CACHE_MS: '0' });
const [admin] = setUpActors(t, 'admin');

/** Wednesday 4 November 2026, noon UTC: London is on GMT again (since 25 October). */
const NOW = new Date('2026-11-04T12:00:00Z');
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const db = () => t.app.database.db;

async function member(createdAt = new Date('2026-01-15T12:00:00Z')) {
  const { rows } = await db().execute<{ id: string }>(sql`
    insert into users (name, email, created_at)
    values ('Fixture', ${`content-${randomUUID()}@example.test`}, ${createdAt.toISOString()}::timestamptz)
    returning id`);
  return rows[0]!.id;
}

async function item(title: string, duration: number) {
  const { rows } = await db().execute<{ id: string }>(sql`
    insert into content_items (title, description, type, duration) values (${title}, 'x', 'audio', ${duration})
    returning id`);
  return rows[0]!.id;
}

async function session(
  userId: string,
  endedAt: Date,
  seconds: number,
  contentId: string | null = null,
  kind: 'content' | 'timer' | 'manual' = contentId ? 'content' : 'timer',
) {
  await db().execute(sql`
    insert into practice_sessions (id, user_id, kind, content_id, seconds, ended_at)
    values (${randomUUID()}, ${userId}, ${kind}, ${contentId}, ${seconds}, ${endedAt.toISOString()}::timestamptz)`);
}

async function questionnaire(userId: string, completedAt: Date | null) {
  await db().execute(sql`
    insert into questionnaires (user_id, status, version, completed_at)
    values (${userId}, ${completedAt ? 'completed' : 'in_progress'}, 1, ${completedAt?.toISOString() ?? null}::timestamptz)`);
}

beforeEach(async () => {
  await db().execute(
    sql`delete from practice_sessions; delete from questionnaires; delete from content_items`,
  );
  await db().execute(sql`delete from users where id <> ${admin.userId}`);
});

describe('plays, minutes and completion per item', () => {
  it('counts the window, the 90% rule and the top items, by hand', async () => {
    const [u1, u2, u3, u4] = [await member(), await member(), await member(), await member()];
    const a = await item('Body scan', 600); // complete from 540 s
    const b = await item('Breathing', 300); // complete from 270 s
    const c = await item('Talk', 0); // no known length: no rate
    const e = await item('Removed later', 600);
    await session(u1, ago(DAY), 600, a); // complete
    await session(u2, ago(2 * DAY), 540, a); // exactly 90%: complete
    await session(u1, ago(3 * DAY), 539, a); // just short
    await session(u2, ago(8 * DAY), 600, a); // 30 days only; complete
    await session(u3, ago(10 * DAY), 60, a); // 30 days only
    await session(u2, ago(HOUR), 300, b); // complete
    await session(u3, ago(7 * DAY - HOUR), 100, b); // inside the 7 days by an hour
    await session(u1, ago(2 * DAY), 120, c);
    await session(u1, ago(DAY), 250, e);
    await session(u4, ago(DAY), 1200); // a timer sit: not a play
    await session(u4, new Date(NOW.getTime() + HOUR), 600, a); // after "now": not counted
    await session(u4, ago(100 * DAY), 600, a); // before every window
    await db().execute(sql`delete from content_items where id = ${e}`);

    const week = await getContentAnalytics(db(), { days: 7, timeZone: 'UTC', now: NOW });
    // A: 600 + 540 + 539 = 1679 s = 27.98 min; 2 of 3 complete. B: 400 s = 6.67 min; 1 of 2.
    expect(week.topItems).toEqual([
      {
        id: a,
        title: 'Body scan',
        type: 'audio',
        plays: 3,
        minutesListened: 28,
        completionRate: 66.7,
        listeners: 2,
      },
      {
        id: b,
        title: 'Breathing',
        type: 'audio',
        plays: 2,
        minutesListened: 6.7,
        completionRate: 50,
        listeners: 2,
      },
      {
        id: c,
        title: 'Talk',
        type: 'audio',
        plays: 1,
        minutesListened: 2,
        completionRate: null,
        listeners: 1,
      },
    ]);
    // The deleted item's play still counts in the totals: 1679 + 400 + 120 + 250 = 2449 s =
    // 40.82 min; 3 complete of the 5 plays with a known length.
    expect(week.totals).toEqual({ plays: 7, minutesListened: 40.8, completionRate: 60, listeners: 3 });

    const month = await getContentAnalytics(db(), { days: 30, timeZone: 'UTC', now: NOW });
    // A gains u2's 600 s and u3's 60 s: 5 plays, 2339 s = 38.98 min, 3 of 5 complete, 3 members.
    expect(month.topItems[0]).toMatchObject({
      id: a,
      plays: 5,
      minutesListened: 39,
      completionRate: 60,
      listeners: 3,
    });
    // 2449 + 660 = 3109 s = 51.82 min; 4 complete of 7 measurable = 57.14%.
    expect(month.totals).toEqual({ plays: 9, minutesListened: 51.8, completionRate: 57.1, listeners: 3 });
  });

  it(`lists at most ${TOP_ITEMS_LIMIT} items, the most played first`, async () => {
    const listener = await member();
    const ids: string[] = [];
    for (let index = 0; index < TOP_ITEMS_LIMIT + 2; index += 1) ids.push(await item(`Item ${index}`, 60));
    // Item i is played i + 1 times.
    for (const [index, id] of ids.entries()) {
      await db().execute(sql`
        insert into practice_sessions (id, user_id, kind, content_id, seconds, ended_at)
        select gen_random_uuid(), ${listener}, 'content', ${id}, 30, ${ago(HOUR).toISOString()}::timestamptz
          from generate_series(0, ${index})`);
    }
    const figures = await getContentAnalytics(db(), { days: 7, timeZone: 'UTC', now: NOW });
    expect(figures.topItems).toHaveLength(TOP_ITEMS_LIMIT);
    expect(figures.topItems[0]).toMatchObject({ id: ids.at(-1), plays: TOP_ITEMS_LIMIT + 2 });
    expect(figures.topItems.at(-1)).toMatchObject({ id: ids[2], plays: 3 });
  });

  it('answers zeros and empty lists before anyone plays', async () => {
    const figures = await getContentAnalytics(db(), { days: 90, timeZone: 'UTC', now: NOW });
    expect(figures.totals).toEqual({ plays: 0, minutesListened: 0, completionRate: null, listeners: 0 });
    expect(figures.topItems).toEqual([]);
    expect(figures.weeklyActiveMembers.every((week) => week.members === 0)).toBe(true);
  });
});

describe('weekly active members', () => {
  it("counts Monday-to-Sunday weeks in the admin's zone, across the end of summer time", async () => {
    const [u1, u2, u3] = [await member(), await member(), await member()];
    const [u4, u5, u6] = [await member(), await member(), await member()];
    // 18 Oct 23:30 UTC is Monday 19 Oct 00:30 in London (BST), Sunday in UTC.
    await session(u1, new Date('2026-10-18T23:30:00Z'), 600);
    await session(u1, new Date('2026-10-20T09:00:00Z'), 600); // the same member, the same week
    // 25 Oct 23:30 UTC: London is back on GMT, so still Sunday there (at BST's offset it would
    // be Monday, the next week).
    await session(u2, new Date('2026-10-25T23:30:00Z'), 600, null, 'manual');
    await session(u3, new Date('2026-11-04T11:00:00Z'), 600);
    await session(u4, new Date('2026-11-04T13:00:00Z'), 600); // after "now"
    // 16 Aug 22:00 UTC is Sunday 23:00 in London: the week before the first of the twelve.
    await session(u5, new Date('2026-08-16T22:00:00Z'), 600);
    // 16 Aug 23:30 UTC is Monday 17 Aug 00:30 in London: the first week.
    await session(u6, new Date('2026-08-16T23:30:00Z'), 600);

    const weeksOf = async (timeZone: string) =>
      Object.fromEntries(
        (await getContentAnalytics(db(), { days: 7, timeZone, now: NOW })).weeklyActiveMembers
          .filter((week) => week.members > 0)
          .map((week) => [week.week, week.members]),
      );
    const london = await getContentAnalytics(db(), { days: 7, timeZone: 'Europe/London', now: NOW });
    expect(london.weeklyActiveMembers).toHaveLength(12);
    expect(london.weeklyActiveMembers[0]?.week).toBe('2026-08-17');
    expect(london.weeklyActiveMembers.at(-1)?.week).toBe('2026-11-02');
    expect(await weeksOf('Europe/London')).toEqual({ '2026-08-17': 1, '2026-10-19': 2, '2026-11-02': 1 });
    // In UTC u6's and u1's first sessions fall on Sundays: the week before.
    expect(await weeksOf('UTC')).toEqual({ '2026-10-12': 1, '2026-10-19': 2, '2026-11-02': 1 });
  });
});

describe('four-week retention by sign-up month', () => {
  it('counts, of the members whose fourth week is over, those who practised in days 28 to 34', async () => {
    const a = await member(new Date('2026-09-01T10:00:00Z'));
    const b = await member(new Date('2026-09-10T10:00:00Z'));
    // Its days 28 to 34 end on 4 Nov at 23:00, after "now": not measured yet.
    const c = await member(new Date('2026-09-30T23:00:00Z'));
    await member(new Date('2026-10-01T00:00:00Z'));
    await member(new Date('2026-11-02T08:00:00Z'));
    // Twelve cohorts in UTC: December 2025 to November 2026. 30 Nov 2025 is outside them.
    const f = await member(new Date('2025-11-30T23:30:00Z'));
    const g = await member(new Date('2025-12-31T23:30:00Z'));
    await session(a, new Date(Date.parse('2026-09-01T10:00:00Z') + 28 * DAY + HOUR), 600); // day 28: retained
    await session(b, new Date(Date.parse('2026-09-10T10:00:00Z') + 27 * DAY), 600); // day 27: too early
    await session(b, new Date(Date.parse('2026-09-10T10:00:00Z') + 35 * DAY + HOUR), 600); // day 35: too late
    await session(c, new Date(Date.parse('2026-09-30T23:00:00Z') + 29 * DAY), 600); // not measured yet
    await session(g, new Date(Date.parse('2025-12-31T23:30:00Z') + 30 * DAY), 600);
    await session(f, new Date(Date.parse('2025-11-30T23:30:00Z') + 30 * DAY), 600);

    const utc = await getContentAnalytics(db(), { days: 30, timeZone: 'UTC', now: NOW });
    expect(utc.retention).toHaveLength(12);
    expect(utc.retention.map((cohort) => cohort.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const byMonth = Object.fromEntries(utc.retention.map(({ month, ...cohort }) => [month, cohort]));
    expect(byMonth['2025-12']).toEqual({ members: 1, measured: 1, retained: 1, rate: 100 });
    expect(byMonth['2026-01']).toEqual({ members: 0, measured: 0, retained: 0, rate: null });
    // a retained, b not, c not measured yet.
    expect(byMonth['2026-09']).toEqual({ members: 3, measured: 2, retained: 1, rate: 50 });
    expect(byMonth['2026-10']).toEqual({ members: 1, measured: 0, retained: 0, rate: null });
    expect(byMonth['2026-11']).toEqual({ members: 1, measured: 0, retained: 0, rate: null });

    // In Berlin (UTC+1 in winter) f signed up on 1 December and g on 1 January; c on 1 October.
    const berlin = await getContentAnalytics(db(), { days: 30, timeZone: 'Europe/Berlin', now: NOW });
    const inBerlin = Object.fromEntries(berlin.retention.map(({ month, ...cohort }) => [month, cohort]));
    expect(inBerlin['2025-12']).toEqual({ members: 1, measured: 1, retained: 1, rate: 100 });
    expect(inBerlin['2026-01']).toEqual({ members: 1, measured: 1, retained: 1, rate: 100 });
    expect(inBerlin['2026-09']).toEqual({ members: 2, measured: 2, retained: 1, rate: 50 });
    expect(inBerlin['2026-10']).toEqual({ members: 2, measured: 0, retained: 0, rate: null });
  });
});

describe('questionnaire participation', () => {
  it('counts completed questionnaires and the members who answered, per window and per week', async () => {
    const [u1, u2, u3, u4] = [await member(), await member(), await member(), await member()];
    await questionnaire(u1, new Date('2026-11-03T09:00:00Z'));
    await questionnaire(u1, new Date('2026-10-30T09:00:00Z'));
    await questionnaire(u2, new Date('2026-11-01T10:00:00Z')); // a Sunday
    await questionnaire(u3, null); // unfinished: not counted
    await questionnaire(u4, new Date('2026-10-20T09:00:00Z')); // 30 days only

    const week = await getContentAnalytics(db(), { days: 7, timeZone: 'UTC', now: NOW });
    expect(week.questionnaire.submissions).toBe(3);
    expect(week.questionnaire.members).toBe(2);
    expect(week.questionnaire.weeks).toHaveLength(12);
    expect(week.questionnaire.weeks.filter((entry) => entry.submissions > 0)).toEqual([
      { week: '2026-10-19', submissions: 1, members: 1 },
      { week: '2026-10-26', submissions: 2, members: 2 },
      { week: '2026-11-02', submissions: 1, members: 1 },
    ]);
    const month = await getContentAnalytics(db(), { days: 30, timeZone: 'UTC', now: NOW });
    expect(month.questionnaire).toMatchObject({ submissions: 4, members: 3 });
    // Counts only: nothing in the answer names a score, a domain or an answer.
    expect(JSON.stringify(month.questionnaire)).not.toMatch(/score|domain|answer/i);
  });
});

describe('GET /api/admin/analytics/content', () => {
  it('admins only: visitors 401, members, subscribers and moderators 403', async () => {
    for (const role of ['visitor', 'member', 'premium', 'moderator'] as const) {
      const actor = await createActor(t.app, role);
      const response = await actor.request({ method: 'GET', url: '/api/admin/analytics/content?days=7' });
      expect(response.statusCode, role).toBe(role === 'visitor' ? 401 : 403);
    }
    const response = await admin.request({ method: 'GET', url: '/api/admin/analytics/content?days=7' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ days: 7, timeZone: 'UTC' });
  });

  it('defaults to 30 days in UTC, and takes the admin’s zone', async () => {
    const plain = await admin.request({ method: 'GET', url: '/api/admin/analytics/content' });
    expect(plain.json()).toMatchObject({ days: 30, timeZone: 'UTC' });
    const zoned = await admin.request({
      method: 'GET',
      url: '/api/admin/analytics/content?days=90&timeZone=America/New_York',
    });
    expect(zoned.statusCode, zoned.body).toBe(200);
    const body = zoned.json();
    expect(body).toMatchObject({ days: 90, timeZone: 'America/New_York' });
    expect(body.weeklyActiveMembers).toHaveLength(12);
    expect(body.retention).toHaveLength(12);
  });

  it.each([
    ['days=5', 'days must be 7, 30 or 90'],
    ['days=abc', 'days must be 7, 30 or 90'],
    ['timeZone=Mars/Olympus', 'timeZone must be a time zone name such as Europe/London'],
  ])('refuses %s with a clear message', async (query, message) => {
    const response = await admin.request({ method: 'GET', url: `/api/admin/analytics/content?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});
