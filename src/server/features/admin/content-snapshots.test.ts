import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentAnalyticsSnapshots } from '../../db/schema/index.ts';
import { getContentAnalytics } from './content-metrics.ts';
import { readContentAnalytics, refreshContentAnalytics, SNAPSHOT_FRESH_MS } from './content-snapshots.ts';

/**
 * The content figures as stored answers (decision 098): what the screen is sent is exactly the
 * live computation as of the stored moment, a fresh answer is not computed again, a stale one is,
 * and the job keeps every window of the zones admins read and drops what nobody read for a week.
 */

// The default reuse (not 0), so the route reads the stored answers as in production.
const t = setUpTestApp({});
const [admin] = setUpActors(t, 'admin');
const db = () => t.app.database.db;
const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

async function seed() {
  const members: string[] = [];
  for (let index = 0; index < 6; index += 1) {
    const { rows } = await db().execute<{ id: string }>(sql`
      insert into users (name, email, created_at)
      values ('Fixture', ${`snapshot-${randomUUID()}@example.test`}, ${daysAgo(20 + index * 25)}::timestamptz)
      returning id`);
    members.push(rows[0]!.id);
  }
  const items: string[] = [];
  for (const [title, duration] of [
    ['Body scan', 600],
    ['Breathing', 300],
    ['Talk', 0],
  ] as const) {
    const { rows } = await db().execute<{ id: string }>(sql`
      insert into content_items (title, description, type, duration) values (${title}, 'x', 'audio', ${duration})
      returning id`);
    items.push(rows[0]!.id);
  }
  // Plays, timer sits and questionnaires spread over 100 days, some in each window.
  for (let index = 0; index < 60; index += 1) {
    const member = members[index % members.length]!;
    const contentId = index % 4 === 3 ? null : items[index % items.length]!;
    await db().execute(sql`
      insert into practice_sessions (id, user_id, kind, content_id, seconds, ended_at)
      values (${randomUUID()}, ${member}, ${contentId ? 'content' : 'timer'}, ${contentId},
              ${60 + ((index * 97) % 600)}, ${daysAgo((index * 1.7) % 100)}::timestamptz)`);
    if (index % 5 === 0) {
      await db().execute(sql`
        insert into questionnaires (user_id, status, version, completed_at)
        values (${member}, 'completed', 1, ${daysAgo(index % 40)}::timestamptz)`);
    }
  }
  return { member: members[0]!, item: items[0]! };
}

const read = async (query: string) => {
  const response = await admin.request({ method: 'GET', url: `/api/admin/analytics/content?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const stored = () => db().select().from(contentAnalyticsSnapshots);

beforeEach(async () => {
  await db().execute(sql`
    delete from content_analytics_snapshots; delete from practice_sessions; delete from questionnaires;
    delete from content_items`);
  await db().execute(sql`delete from users where id <> ${admin.userId}`);
});

describe('stored content figures', () => {
  it('sends, after the job, exactly what the live computation gives as of that moment', async () => {
    await seed();
    const first = await read('days=30&timeZone=Europe/London');
    const { refreshed } = await refreshContentAnalytics(db());
    // The zone read: each of its three windows, so switching window never waits.
    expect(refreshed).toBe(3);
    const rows = await stored();
    expect(rows.map((row) => row.days).sort((a, b) => a - b)).toEqual([7, 30, 90]);
    for (const row of rows) {
      const live = await getContentAnalytics(db(), {
        days: row.days as 7 | 30 | 90,
        timeZone: row.timeZone,
        now: row.computedAt,
      });
      expect(live.totals.plays).toBeGreaterThan(0);
      expect(row.answer).toEqual(live);
      // The answer says when it was computed: the job's moment, not the read's (the 30 days read
      // before the job is still shared in memory for ADMIN_FIGURES_CACHE_MS, and says so).
      expect(await read(`days=${row.days}&timeZone=Europe/London`)).toEqual({
        ...live,
        computedAt: row.days === 30 ? first.computedAt : row.computedAt.toISOString(),
      });
    }
  });

  it("keeps each admin's own zone ready before they first open the screen", async () => {
    await seed();
    const admin = await createActor(t.app, 'admin');
    const settings = await admin.request({
      method: 'PUT',
      url: '/api/practice/settings',
      payload: { timeZone: 'Pacific/Auckland' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    await refreshContentAnalytics(db());
    const zones = (await stored()).filter((row) => row.timeZone === 'Pacific/Auckland');
    expect(zones.map((row) => row.days).sort((a, b) => a - b)).toEqual([7, 30, 90]);
  });

  it('reuses a fresh answer and computes a stale one again', async () => {
    const { member, item } = await seed();
    // The service itself: the route also shares an answer in memory for ADMIN_FIGURES_CACHE_MS.
    const query = { days: 7, timeZone: 'UTC' } as const;
    const first = await readContentAnalytics(db(), query);
    await db().execute(sql`
      insert into practice_sessions (id, user_id, kind, content_id, seconds, ended_at)
      values (${randomUUID()}, ${member}, 'content', ${item}, 600, now() - interval '1 minute')`);
    expect((await readContentAnalytics(db(), query)).totals.plays).toBe(first.totals.plays);
    await db()
      .update(contentAnalyticsSnapshots)
      .set({ computedAt: new Date(Date.now() - SNAPSHOT_FRESH_MS - 1000) });
    expect((await readContentAnalytics(db(), query)).totals.plays).toBe(first.totals.plays + 1);

    // An answer that no longer fits the API's shape (stored by an older release) is not sent.
    await db()
      .update(contentAnalyticsSnapshots)
      .set({ answer: { totals: 'an older shape' } });
    expect((await readContentAnalytics(db(), query)).totals.plays).toBe(first.totals.plays + 1);
  });

  it('drops the windows nobody read for a week and refreshes the others', async () => {
    await seed();
    await read('days=7&timeZone=UTC');
    await read('days=90&timeZone=Asia/Tokyo');
    await db()
      .update(contentAnalyticsSnapshots)
      .set({ requestedAt: new Date(Date.now() - 8 * DAY) })
      .where(sql`time_zone = 'Asia/Tokyo'`);
    const { refreshed } = await refreshContentAnalytics(db());
    expect(refreshed).toBe(3);
    expect(new Set((await stored()).map((row) => row.timeZone))).toEqual(new Set(['UTC']));
  });
});
