import { randomUUID } from 'node:crypto';
import type { EventDetailsInput, EventOccurrence } from '@shared/schemas/events.ts';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems, users } from '../../db/schema/index.ts';

/** Live events through HTTP on a real database: details, expansion, RSVP, ICS files and feeds. */

const t = setUpTestApp();
const [admin, member, premium] = setUpActors(t, 'admin', 'member', 'premium');

const MINUTE = 60_000;
const DAY = 86_400_000;
const JOIN_URL = `https://meet.example/${randomUUID()}`;

async function newEvent(details: Partial<EventDetailsInput> = {}, item: { isPremium?: boolean } = {}) {
  const [row] = await t.app.database.db
    .insert(contentItems)
    .values({
      title: `Group sit ${randomUUID().slice(0, 6)}`,
      description: 'Sitting together.',
      type: 'event',
      isPremium: item.isPremium ?? false,
    })
    .returning({ id: contentItems.id, title: contentItems.title });
  const response = await admin.request({
    method: 'PUT',
    url: `/api/admin/events/${row!.id}`,
    payload: {
      startsAt: new Date(Date.now() + DAY).toISOString(),
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
      ...details,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return row!;
}

const windowQuery = (from: Date | string, to: Date | string) =>
  `/api/events?from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;

async function occurrencesOf(actor: Actor, eventId: string, from: Date | string, to: Date | string) {
  const response = await actor.request({ method: 'GET', url: windowQuery(from, to) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as EventOccurrence[]).filter((occurrence) => occurrence.eventId === eventId);
}

const rsvp = (actor: Actor, eventId: string, payload: { going: boolean; occurrence?: string }) =>
  actor.request({ method: 'POST', url: `/api/events/${eventId}/rsvp`, payload });

/** VEVENTs of an ICS body, read back with ical.js (a maintained parser). */
function parseIcs(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      description: event.description,
      location: event.location,
    };
  });
}

describe('event details (admin)', () => {
  it('stores the start, zone and rule, and reads them back', async () => {
    const event = await newEvent({
      startsAt: '2026-01-04T19:00:00+01:00',
      recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=SU',
      exceptionDates: ['2026-01-18'],
      joinUrl: JOIN_URL,
      capacity: 12,
    });
    const response = await admin.request({ method: 'GET', url: `/api/admin/events/${event.id}` });
    expect(response.json()).toMatchObject({
      startsAt: '2026-01-04T18:00:00.000Z',
      timeZone: 'Europe/Berlin',
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      exceptionDates: ['2026-01-18'],
      joinUrl: JOIN_URL,
      capacity: 12,
      joinOpensMinutesBefore: 15,
    });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'Time zone must be an IANA name'],
    [{ recurrence: 'FREQ=DAILY' }, 'Recurrence must be weekly or monthly'],
    [{ recurrence: 'FREQ=WEEKLY;BYDAY=XX' }, 'not a valid RRULE'],
    [{ joinUrl: 'javascript:alert(1)' }, 'Join link must be an http(s) URL'],
    [{ capacity: 0 }, 'Capacity is at least 1'],
    [{ durationMinutes: 0 }, 'Duration is at least a minute'],
    [{ startsAt: '2026-01-04 19:00' }, 'Start must be a date and time'],
  ])('refuses %j', async (bad, message) => {
    const event = await newEvent();
    const response = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${event.id}`,
      payload: { startsAt: '2026-01-04T18:00:00Z', timeZone: 'Europe/Berlin', durationMinutes: 30, ...bad },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('refuses details for an item that is not an event', async () => {
    const [item] = await t.app.database.db
      .insert(contentItems)
      .values({ title: 'An audio', description: 'x', type: 'audio' })
      .returning({ id: contentItems.id });
    const response = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${item!.id}`,
      payload: { startsAt: '2026-01-04T18:00:00Z', timeZone: 'Europe/Berlin', durationMinutes: 30 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('only an item of type event');
  });

  it('attaches a replay (an audio or video item) that members see once it is published', async () => {
    const { db } = t.app.database;
    const [recording, article] = await db
      .insert(contentItems)
      .values([
        { title: 'Sunday sit, recorded', description: 'x', type: 'video', isPublished: false },
        { title: 'Notes', description: 'x', type: 'post' },
      ])
      .returning({ id: contentItems.id });
    const event = await newEvent();
    const base = {
      startsAt: new Date(Date.now() + DAY).toISOString(),
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
    };
    const refused = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${event.id}`,
      payload: { ...base, replayItemId: article!.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('the replay must be an audio or video item');
    const notAnId = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${event.id}`,
      payload: { ...base, replayItemId: 'the recording' },
    });
    expect(notAnId.statusCode).toBe(400);

    const saved = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${event.id}`,
      payload: { ...base, replayItemId: recording!.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ replayItemId: recording!.id });
    const replayFor = async (actor: Actor) =>
      (await actor.request({ method: 'GET', url: `/api/events/${event.id}` })).json().replay;
    // A draft recording is the admin's until it is published.
    expect(await replayFor(member)).toBeNull();
    expect(await replayFor(admin)).toMatchObject({ id: recording!.id, type: 'video' });
    await db.update(contentItems).set({ isPublished: true }).where(eq(contentItems.id, recording!.id));
    expect(await replayFor(member)).toEqual({
      id: recording!.id,
      title: 'Sunday sit, recorded',
      type: 'video',
    });
  });
});

describe('GET /api/events', () => {
  it('expands a weekly rule in the organiser zone across DST, with exceptions, in UTC with the zone', async () => {
    const event = await newEvent({
      startsAt: '2026-03-15T19:00:00+01:00',
      timeZone: 'Europe/Berlin',
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      exceptionDates: ['2026-04-12'],
    });
    const occurrences = await occurrencesOf(member, event.id, '2026-03-01T00:00Z', '2026-04-20T00:00Z');
    expect(occurrences.map((occurrence) => occurrence.startsAt)).toEqual([
      '2026-03-15T18:00:00.000Z',
      '2026-03-22T18:00:00.000Z',
      '2026-03-29T17:00:00.000Z',
      '2026-04-05T17:00:00.000Z',
      '2026-04-19T17:00:00.000Z',
    ]);
    expect(occurrences[0]).toMatchObject({ timeZone: 'Europe/Berlin', endsAt: '2026-03-15T18:30:00.000Z' });
  });

  it.each([
    // Sunday 19:00 in Los Angeles is Monday in UTC; Sunday 07:00 in Auckland is Saturday in UTC.
    [
      'America/Los_Angeles',
      '2026-10-25T19:00:00-07:00',
      ['2026-10-26T02:00:00.000Z', '2026-11-02T03:00:00.000Z'],
    ],
    [
      'Pacific/Auckland',
      '2026-03-29T07:00:00+13:00',
      ['2026-03-28T18:00:00.000Z', '2026-04-04T19:00:00.000Z'],
    ],
  ])('keeps the local time in %s across its DST change', async (timeZone, startsAt, expected) => {
    const event = await newEvent({ startsAt, timeZone, recurrence: 'FREQ=WEEKLY;BYDAY=SU' });
    const from = new Date(startsAt);
    const occurrences = await occurrencesOf(member, event.id, from, new Date(from.getTime() + 8 * DAY));
    expect(occurrences.map((occurrence) => occurrence.startsAt)).toEqual(expected);
  });

  it.each([
    ['2026-01-01T00:00:00Z', '2026-04-03T00:00:01Z', 'at most 92 days'],
    ['2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z', 'to must be after from'],
    ['yesterday', '2026-01-01T00:00:00Z', 'from must be an ISO date-time'],
  ])('refuses the window %s .. %s', async (from, to, message) => {
    const response = await member.request({
      method: 'GET',
      url: `/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('leaves out unpublished events', async () => {
    const event = await newEvent();
    await t.app.database.db
      .update(contentItems)
      .set({ isPublished: false })
      .where(eq(contentItems.id, event.id));
    expect(await occurrencesOf(member, event.id, new Date(), new Date(Date.now() + 7 * DAY))).toEqual([]);
  });
});

describe('the join link', () => {
  it('shows from the configured time before the start, and only to members entitled to a premium event', async () => {
    const soon = await newEvent(
      {
        startsAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
        joinUrl: JOIN_URL,
        joinOpensMinutesBefore: 15,
      },
      { isPremium: true },
    );
    const later = await newEvent(
      {
        startsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
        joinUrl: JOIN_URL,
        joinOpensMinutesBefore: 15,
      },
      { isPremium: true },
    );
    const from = new Date();
    const to = new Date(Date.now() + 2 * 60 * MINUTE);
    const [premiumSoon] = await occurrencesOf(premium, soon.id, from, to);
    expect(premiumSoon).toMatchObject({ joinUrl: JOIN_URL, hasJoinLink: true });
    const [premiumLater] = await occurrencesOf(premium, later.id, from, to);
    expect(premiumLater).toMatchObject({ joinUrl: null, hasJoinLink: true });
    const [memberSoon] = await occurrencesOf(member, soon.id, from, to);
    expect(memberSoon).toMatchObject({ joinUrl: null, hasJoinLink: true });

    const page = await member.request({ method: 'GET', url: `/api/events/${soon.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(JOIN_URL);
    const premiumPage = await premium.request({ method: 'GET', url: `/api/events/${soon.id}` });
    expect(premiumPage.json().occurrences[0].joinUrl).toBe(JOIN_URL);
  });
});

describe('RSVP', () => {
  it('counts going, fills a waitlist at capacity and promotes the longest waiting when someone leaves', async () => {
    const event = await newEvent({ capacity: 1 });
    const [first, second, third] = await Promise.all([
      createActor(t.app, 'member'),
      createActor(t.app, 'member'),
      createActor(t.app, 'member'),
    ]);
    expect((await rsvp(first!, event.id, { going: true })).json()).toMatchObject({
      myRsvp: 'going',
      goingCount: 1,
      waitlistCount: 0,
    });
    expect((await rsvp(second!, event.id, { going: true })).json()).toMatchObject({
      myRsvp: 'waitlist',
      goingCount: 1,
      waitlistCount: 1,
    });
    await rsvp(third!, event.id, { going: true });
    // Answering again changes nothing (idempotent).
    expect((await rsvp(first!, event.id, { going: true })).json()).toMatchObject({
      goingCount: 1,
      waitlistCount: 2,
    });

    expect((await rsvp(first!, event.id, { going: false })).json()).toMatchObject({
      myRsvp: null,
      goingCount: 1,
      waitlistCount: 1,
    });
    const page = await second!.request({ method: 'GET', url: `/api/events/${event.id}` });
    expect(page.json().occurrences[0]).toMatchObject({ myRsvp: 'going', goingCount: 1, waitlistCount: 1 });
  });

  it('never lets more members in than the capacity when they answer at the same moment', async () => {
    const event = await newEvent({ capacity: 3 });
    const members = await Promise.all(Array.from({ length: 8 }, () => createActor(t.app, 'member')));
    const answers = await Promise.all(members.map((actor) => rsvp(actor, event.id, { going: true })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(members.map(() => 200));
    const statuses = answers.map((answer) => answer.json().myRsvp);
    expect(statuses.filter((status) => status === 'going')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'waitlist')).toHaveLength(5);
    const [occurrence] = await occurrencesOf(member, event.id, new Date(), new Date(Date.now() + 2 * DAY));
    expect(occurrence).toMatchObject({ goingCount: 3, waitlistCount: 5 });
  });

  it('answers one occurrence of a recurring event, and refuses a time the rule does not produce', async () => {
    const start = new Date(Math.ceil((Date.now() + DAY) / MINUTE) * MINUTE);
    const event = await newEvent({
      startsAt: start.toISOString(),
      timeZone: 'UTC',
      recurrence: 'FREQ=WEEKLY',
    });
    const second = new Date(start.getTime() + 7 * DAY).toISOString();
    expect((await rsvp(member, event.id, { going: true, occurrence: second })).json()).toMatchObject({
      occurrence: second,
      myRsvp: 'going',
    });
    const occurrences = await occurrencesOf(member, event.id, new Date(), new Date(Date.now() + 10 * DAY));
    expect(occurrences.map((occurrence) => occurrence.myRsvp)).toEqual([null, 'going']);
    const wrong = await rsvp(member, event.id, {
      going: true,
      occurrence: new Date(start.getTime() + DAY).toISOString(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('no occurrence starting then');
  });

  it('a member without premium access cannot RSVP to a premium event', async () => {
    const event = await newEvent({}, { isPremium: true });
    expect((await rsvp(member, event.id, { going: true })).statusCode).toBe(403);
    expect((await rsvp(premium, event.id, { going: true })).statusCode).toBe(200);
  });
});

describe('ICS', () => {
  it("an event's file parses back with its occurrences in UTC, and never carries the join link", async () => {
    const start = new Date(Math.ceil((Date.now() + DAY) / MINUTE) * MINUTE);
    const event = await newEvent({
      startsAt: start.toISOString(),
      timeZone: 'America/Los_Angeles',
      recurrence: 'FREQ=WEEKLY',
      durationMinutes: 45,
      joinUrl: JOIN_URL,
      location: 'Online',
    });
    const response = await premium.request({ method: 'GET', url: `/api/events/${event.id}.ics` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.body).not.toContain(JOIN_URL);
    const vevents = parseIcs(response.body);
    expect(vevents.length).toBeGreaterThanOrEqual(13);
    expect(vevents[0]).toMatchObject({
      summary: event.title,
      start: start.toISOString(),
      end: new Date(start.getTime() + 45 * MINUTE).toISOString(),
      location: 'Online',
    });
    expect(vevents[0]!.description).toContain(`/video/${event.id}`);
    expect(new Set(vevents.map((vevent) => vevent.uid)).size).toBe(vevents.length);
  });

  it('the personal feed holds the member RSVPs (or all events), leaks no join link, and stops when revoked', async () => {
    const going = await newEvent(
      { joinUrl: JOIN_URL, startsAt: new Date(Date.now() + 5 * MINUTE).toISOString() },
      { isPremium: true },
    );
    const other = await newEvent();
    const lapsed = await createActor(t.app, 'premium');
    expect((await rsvp(lapsed, going.id, { going: true })).statusCode).toBe(200);

    const created = await lapsed.request({
      method: 'POST',
      url: '/api/calendar/feed',
      payload: { scope: 'rsvps' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { url, webcalUrl } = created.json() as { url: string; webcalUrl: string };
    expect(webcalUrl.startsWith('webcal:')).toBe(true);
    const path = new URL(url).pathname;

    // The feed is fetched without a session, as calendar apps do.
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode, feed.body).toBe(200);
    const summaries = parseIcs(feed.body).map((vevent) => vevent.summary);
    expect(summaries).toContain(going.title);
    expect(summaries).not.toContain(other.title);
    expect(feed.body).not.toContain(JOIN_URL);

    // Their subscription lapses: still no link (there never is one in a file), and it still parses.
    await t.app.database.db
      .update(users)
      .set({ subscriptionStatus: 'canceled', premiumAccessEndsAt: new Date(Date.now() - DAY) })
      .where(eq(users.id, lapsed.userId!));
    const lapsedFeed = await t.app.inject({ method: 'GET', url: path });
    expect(lapsedFeed.body).not.toContain(JOIN_URL);

    const all = await lapsed.request({
      method: 'POST',
      url: '/api/calendar/feed',
      payload: { scope: 'all' },
    });
    const allPath = new URL(all.json().url).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const allFeed = await t.app.inject({ method: 'GET', url: allPath });
    expect(parseIcs(allFeed.body).map((vevent) => vevent.summary)).toContain(other.title);

    expect((await lapsed.request({ method: 'DELETE', url: '/api/calendar/feed' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: allPath })).statusCode).toBe(404);
  });
});
