import { wallTimeIn } from '@shared/event-occurrences.ts';
import type { Playlist } from '@shared/schemas/content.ts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActor, setUpTestApp } from '../../../tests/setup/test-app.ts';
import { playlists, users } from '../db/schema/index.ts';
import { objectKeyFromPath } from '../lib/storage/storage.ts';
import { firstWeeklyStart, loadDemoItems, seedDemo } from './demo.ts';
import { DEMO_FORUMS } from './demo-community.ts';
import { DEMO_ITEMS, DEMO_PLAYLISTS } from './demo-content.ts';

const t = setUpTestApp();

describe('demo seed', () => {
  it('seeds accounts, the library and playlists, and a second run changes nothing', async () => {
    const now = new Date('2031-03-10T12:00:00Z');
    const first = await seedDemo(t.app, now);
    const second = await seedDemo(t.app, now);
    expect(second.contentIds.sort()).toEqual(first.contentIds.sort());
    const items = await loadDemoItems(t.app);
    expect(items).toHaveLength(DEMO_ITEMS.length);
    const [admin] = await t.app.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@stillpoint.local'));
    expect(admin?.isAdmin).toBe(true);
    const slugs = (await t.app.database.db.select({ slug: playlists.slug }).from(playlists)).map(
      (p) => p.slug,
    );
    expect(slugs.sort()).toEqual(DEMO_PLAYLISTS.map((p) => p.slug).sort());
    const counts = await t.app.database.db.execute(sql`select count(*)::int as n from playlist_items`);
    expect(counts.rows[0]?.n).toBe(DEMO_PLAYLISTS.reduce((sum, p) => sum + p.itemKeys.length, 0));
  });

  it('makes the Sunday group sit a weekly event in London with a join link and an upcoming occurrence', async () => {
    // The first test seeded at 2031-03-10 (a Monday): the next sit is Sunday 16 March, 19:00 GMT.
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events?from=2031-03-10T12:00:00Z&to=2031-03-18T00:00:00Z',
    });
    const sits = response
      .json()
      .filter((occurrence: { title: string }) => occurrence.title === 'Sunday evening group sit');
    expect(sits).toEqual([
      expect.objectContaining({
        startsAt: '2031-03-16T19:00:00.000Z',
        timeZone: 'Europe/London',
        hasJoinLink: true,
      }),
    ]);
  });

  it.each([
    '2031-03-10T12:00:00Z', // Monday
    '2031-03-16T18:59:00Z', // Sunday, a minute before
    '2031-03-16T19:00:00Z', // Sunday, at the start
    '2031-03-30T17:30:00Z', // the Sunday clocks go forward (18:30 BST)
    '2031-11-01T23:30:00Z', // Saturday night in London, Sunday morning in Auckland
  ])('the demo event starts in the week before %s, on a Sunday at 19:00 local', (at) => {
    const now = new Date(at);
    for (const timeZone of ['Europe/London', 'Pacific/Auckland', 'America/Los_Angeles']) {
      const start = firstWeeklyStart(now, {
        weekday: 'SU',
        time: '19:00',
        timeZone,
        durationMinutes: 30,
        joinUrl: '',
      });
      expect(start.getTime(), timeZone).toBeLessThanOrEqual(now.getTime());
      expect(start.getTime() + 7 * 86_400_000, timeZone).toBeGreaterThan(now.getTime());
      const wall = wallTimeIn(start, timeZone);
      expect(new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay(), timeZone).toBe(0);
      expect([wall.hour, wall.minute], timeZone).toEqual([19, 0]);
    }
  });

  it('seeds announcements once, by the demo admin, with one pinned first on the feed', async () => {
    const feed = (await t.app.inject({ method: 'GET', url: '/api/announcements' })).json();
    expect(feed).toHaveLength(3);
    expect(feed[0]).toMatchObject({
      isPinned: true,
      type: 'theme',
      author: { firstName: 'Ari', lastName: 'Stone' },
    });
    expect(feed.filter((a: { linkText: string | null }) => a.linkText === 'Save your seat')).toHaveLength(1);
  });

  it('seeds forums with posts and comments whose counters match', async () => {
    const { rows } = await t.app.database.db.execute(sql`
      select slug, post_count, member_count,
        (select count(*)::int from forum_posts p where p.forum_id = f.id) as posts
      from forums f where seed_key is not null order by slug`);
    expect(rows.map((r) => r.slug)).toEqual(DEMO_FORUMS.map((f) => f.slug).sort());
    for (const row of rows) expect(row.post_count).toBe(row.posts);
    expect(rows.some((r) => (r.member_count as number) >= 2)).toBe(true);
  });

  it('stores every thumbnail and media file, with real durations for audio and video', async () => {
    const items = await loadDemoItems(t.app);
    for (const item of items) {
      const thumbnail = objectKeyFromPath(item.thumbnailUrl ?? '');
      expect(thumbnail && (await t.app.storage.stat(thumbnail))?.contentType, item.title).toBe('image/webp');
      if (item.type === 'audio' || item.type === 'video') {
        const media = objectKeyFromPath(item.videoFileUrl ?? '');
        const stat = media ? await t.app.storage.stat(media) : null;
        expect(stat?.contentType, item.title).toMatch(item.type === 'audio' ? /^audio\// : /^video\//);
        expect(stat!.size).toBeLessThan(1024 * 1024);
        expect(item.duration).toBeGreaterThan(0);
      }
    }
    expect(items.filter((item) => item.isPremium).length).toBeGreaterThan(0);
    expect(items.filter((item) => item.type === 'audio' && !item.isPremium).length).toBeGreaterThanOrEqual(2);
  });

  it('schedules the demo journey every month, so next month shows its days with nothing typed', async () => {
    // Seeded at 2031-03-10: runs from February (a zone still in the month before) onwards.
    const journey = DEMO_PLAYLISTS.find((playlist) => playlist.isCalendar)!;
    for (const month of ['2031-02', '2031-03', '2031-04', '2032-01']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/journeys/month?month=${month}` });
      const days = (response.json() as { days: { date: string; journey: { slug: string } }[] }).days;
      expect(days.filter((day) => day.journey.slug === journey.slug).map((day) => day.date)[0]).toBe(
        `${month}-01`,
      );
    }
    const before = await t.app.inject({ method: 'GET', url: '/api/journeys/month?month=2031-01' });
    expect((before.json() as { days: unknown[] }).days).toEqual([]);
  });

  it('holds one short course whose lessons open 0, 1 and 2 days after the member enrols', async () => {
    const courses = await t.app.database.db
      .select({ slug: playlists.slug })
      .from(playlists)
      .where(eq(playlists.isCourse, true));
    expect(courses.map((course) => course.slug)).toEqual(['three-days-with-the-breath']);

    const member = await createActor(t.app, 'member');
    const read = async () => {
      const response = await member.request({
        method: 'GET',
        url: '/api/playlists/three-days-with-the-breath',
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Playlist;
    };
    const before = await read();
    expect(before).toMatchObject({ isCourse: true, enrolledAt: null });
    expect(before.items.map((entry) => [entry.video.title, entry.unlockAfterDays])).toEqual([
      ['Arriving with the breath', 0],
      ['Why slow breathing calms the body', 1],
      ['The long exhale', 2],
    ]);

    const enrolled = await member.request({
      method: 'POST',
      url: '/api/playlists/three-days-with-the-breath/enrolment',
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const enrolledAt = Date.parse(enrolled.json().enrolledAt);
    const after = await read();
    expect(after.items.map((entry) => entry.lesson?.isUnlocked)).toEqual([true, false, false]);
    expect(after.items.slice(1).map((entry) => entry.lesson?.unlocksAt)).toEqual([
      new Date(enrolledAt + 86_400_000).toISOString(),
      new Date(enrolledAt + 2 * 86_400_000).toISOString(),
    ]);
  });

  it('keeps the calendar in the current month, moving it when a month has passed', async () => {
    let items = await loadDemoItems(t.app);
    const scheduled = items.filter((item) => item.calendarDates.length > 0);
    expect(scheduled.length).toBeGreaterThan(8);
    expect(scheduled.every((item) => item.calendarDates.every((d) => d.startsWith('2031-03')))).toBe(true);
    await seedDemo(t.app, new Date('2031-04-02T08:00:00Z'));
    items = await loadDemoItems(t.app);
    expect(
      items
        .filter((item) => item.calendarDates.length > 0)
        .every((item) => item.calendarDates[0]!.startsWith('2031-04')),
    ).toBe(true);
  });
});
