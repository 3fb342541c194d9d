import { randomUUID } from 'node:crypto';
import { DEFAULT_PRACTICE_SETTINGS } from '@shared/schemas/practice.ts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems } from '../../db/schema/index.ts';
import { getPracticeSummary, listPracticeDays, recordPracticeSession } from './practice.service.ts';

/** Practice tracking through HTTP on a real database; the summary's clock is fixed through the service. */

const t = setUpTestApp();
let freeItemId: string;
let premiumItemId: string;
let draftItemId: string;

beforeAll(async () => {
  const { db } = t.app.database;
  const made = await db
    .insert(contentItems)
    .values([
      { title: 'Arriving', description: 'x', type: 'audio', duration: 600 },
      { title: 'Deep rest', description: 'x', type: 'audio', duration: 900, isPremium: true },
      { title: 'Draft', description: 'x', type: 'audio', duration: 300, isPublished: false },
    ])
    .returning({ id: contentItems.id });
  [freeItemId, premiumItemId, draftItemId] = made.map((row) => row.id) as [string, string, string];
});

const memberOf = (actor: Actor) => ({ id: actor.userId!, isAdmin: false, subscriptionStatus: null });

function record(actor: Actor, body: Record<string, unknown>) {
  return actor.request({ method: 'POST', url: '/api/practice/sessions', payload: body });
}
async function recordAt(actor: Actor, endedAt: string, seconds = 600, kind = 'timer') {
  const response = await record(actor, { id: randomUUID(), seconds, kind, endedAt });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function setSettings(actor: Actor, body: Record<string, unknown>) {
  const response = await actor.request({ method: 'PUT', url: '/api/practice/settings', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('recording sessions', () => {
  it('visitors get 401 on every practice route', async () => {
    const visitor = await createActor(t.app, 'visitor');
    const responses = await Promise.all([
      record(visitor, { id: randomUUID(), seconds: 60, kind: 'timer' }),
      visitor.request({ method: 'GET', url: '/api/practice/summary' }),
      visitor.request({ method: 'GET', url: '/api/practice/days?from=2026-01-01&to=2026-01-31' }),
      visitor.request({ method: 'GET', url: '/api/practice/settings' }),
      visitor.request({ method: 'PUT', url: '/api/practice/settings', payload: { showStreaks: true } }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401]);
  });

  it('an offline retry with the same id never counts twice; a later send of the same play only grows it', async () => {
    const member = await createActor(t.app, 'member');
    const id = randomUUID();
    const body = { id, seconds: 120, kind: 'content', contentId: freeItemId };
    const first = await record(member, body);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await record(member, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // The same play paused again later: longer. An older send arriving late: no shorter.
    const longer = await record(member, { ...body, seconds: 300 });
    expect(longer.json()).toMatchObject({ id, seconds: 300 });
    const stale = await record(member, { ...body, seconds: 60 });
    expect(stale.json()).toMatchObject({ id, seconds: 300 });
    const summary = (await member.request({ method: 'GET', url: '/api/practice/summary' })).json();
    expect(summary.total).toEqual({ minutes: 5, sessions: 1, days: 1 });
    expect(summary.today.minutes).toBe(5);
  });

  it('a session is 1 second to 4 hours, whole seconds', async () => {
    const member = await createActor(t.app, 'member');
    const statuses = [];
    for (const seconds of [0, 14_401, 1.5, -5]) {
      statuses.push((await record(member, { id: randomUUID(), seconds, kind: 'manual' })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400]);
    const capped = await record(member, { id: randomUUID(), seconds: 14_400, kind: 'manual' });
    expect(capped.statusCode, capped.body).toBe(201);
    const tooLong = await record(member, { id: randomUUID(), seconds: 14_401, kind: 'manual' });
    expect(tooLong.json().message).toMatch(/4 hours/);
    const one = await record(member, { id: randomUUID(), seconds: 1, kind: 'manual' });
    expect(one.statusCode).toBe(201);
  });

  it('refuses an end in the future, and takes a clock a minute ahead as now', async () => {
    const member = await createActor(t.app, 'member');
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const refused = await record(member, { id: randomUUID(), seconds: 60, kind: 'timer', endedAt: future });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/future/);
    const ahead = new Date(Date.now() + 60 * 1000);
    const taken = await record(member, {
      id: randomUUID(),
      seconds: 60,
      kind: 'timer',
      endedAt: ahead.toISOString(),
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(Date.parse(taken.json().endedAt)).toBeLessThan(ahead.getTime());
    const bad = await record(member, { id: 'not-a-uuid', seconds: 60, kind: 'timer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });

  it('an item must be published and one the member may open; listening names its item', async () => {
    const member = await createActor(t.app, 'member');
    const premium = await createActor(t.app, 'premium');
    const send = (actor: Actor, contentId?: string) =>
      record(actor, { id: randomUUID(), seconds: 60, kind: 'content', ...(contentId ? { contentId } : {}) });
    expect((await send(member, draftItemId)).statusCode).toBe(404);
    expect((await send(member, randomUUID())).statusCode).toBe(404);
    const refused = await send(member, premiumItemId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PREMIUM_REQUIRED');
    expect((await send(premium, premiumItemId)).statusCode).toBe(201);
    const missing = await send(member);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/contentId/);
  });

  it("another member's data is invisible; their session ids are theirs: reusing one neither touches theirs nor tells it exists", async () => {
    const ana = await createActor(t.app, 'member');
    const ben = await createActor(t.app, 'member');
    const id = randomUUID();
    expect((await record(ana, { id, seconds: 600, kind: 'timer' })).statusCode).toBe(201);
    // Ben sending Ana's id gets exactly what a never-used id gets: a new session of his own.
    const reused = await record(ben, { id, seconds: 1200, kind: 'manual' });
    const fresh = await record(ben, { id: randomUUID(), seconds: 1200, kind: 'manual' });
    expect(reused.statusCode, reused.body).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(Object.keys(reused.json())).toEqual(Object.keys(fresh.json()));
    expect(reused.json()).toMatchObject({ id, seconds: 1200, kind: 'manual' });
    const bens = (await ben.request({ method: 'GET', url: '/api/practice/summary' })).json();
    expect(bens.total).toEqual({ minutes: 40, sessions: 2, days: 1 });
    const anas = (await ana.request({ method: 'GET', url: '/api/practice/summary' })).json();
    expect(anas.total).toEqual({ minutes: 10, sessions: 1, days: 1 });
    // A retry of the same id as another kind is a different session: refused too.
    expect((await record(ana, { id, seconds: 600, kind: 'manual' })).statusCode).toBe(409);
  });
});

describe('when a session ended', () => {
  it.each([
    ['the Unix epoch', '1970-01-01T00:00:00Z'],
    ['the year 1', '0001-01-01T00:00:00Z'],
    ['just before 2000', '1999-12-31T23:59:59Z'],
  ])('refuses %s with a clear 400', async (_what, endedAt) => {
    const member = await createActor(t.app, 'member');
    const response = await record(member, { id: randomUUID(), seconds: 60, kind: 'manual', endedAt });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('endedAt cannot be before 1 January 2000');
  });

  it('accepts the first moment of 2000 (the bound is the service rule too)', async () => {
    const member = await createActor(t.app, 'member');
    await recordAt(member, '2000-01-01T00:00:00Z', 60, 'manual');
    await expect(
      recordPracticeSession(
        t.app.database.db,
        { ...memberOf(member), createdAt: new Date(), emailVerified: false } as never,
        { id: randomUUID(), seconds: 60, kind: 'manual', endedAt: '1999-06-01T00:00:00Z' },
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: 'endedAt cannot be before 1 January 2000' });
  });
});

describe("the member's days", () => {
  it('counts days in the member zone across the spring DST change (Europe/London)', async () => {
    const member = await createActor(t.app, 'member');
    await setSettings(member, { timeZone: 'Europe/London' });
    // 23:30 GMT on Saturday 28 March; the clocks go forward at 01:00 on the 29th;
    // 23:30 UTC on the 29th is already 00:30 BST on Monday the 30th.
    await recordAt(member, '2026-03-28T23:30:00Z');
    await recordAt(member, '2026-03-29T23:30:00Z');
    const days = await listPracticeDays(t.app.database.db, memberOf(member), {
      from: '2026-03-27',
      to: '2026-03-31',
    });
    expect(days.map((day) => day.date)).toEqual(['2026-03-28', '2026-03-30']);
    const summary = await getPracticeSummary(
      t.app.database.db,
      memberOf(member),
      new Date('2026-03-30T08:00:00Z'),
    );
    expect(summary.date).toBe('2026-03-30');
    expect(summary.today.minutes).toBe(10);
    // The week of Monday 30 March holds only Monday; Saturday the 28th was the week before.
    expect(summary.week).toMatchObject({ minutes: 10, days: 1 });
    expect(summary.week.daily.map((day) => day.date)).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
    ]);
    expect(summary.week.daily[0]).toEqual({ date: '2026-03-30', minutes: 10, sessions: 1 });
  });

  it('counts days across the autumn DST change (America/New_York) and with a late-night offset', async () => {
    const member = await createActor(t.app, 'member');
    await setSettings(member, { timeZone: 'America/New_York' });
    // 00:30 EDT on 1 November, then 23:30 EST the same day after the clocks went back.
    await recordAt(member, '2026-11-01T04:30:00Z', 300);
    await recordAt(member, '2026-11-02T04:30:00Z', 300);
    // 23:30 EDT on 31 October.
    await recordAt(member, '2026-11-01T03:30:00Z', 300);
    const db = t.app.database.db;
    const range = { from: '2026-10-30', to: '2026-11-03' };
    expect(await listPracticeDays(db, memberOf(member), range)).toEqual([
      { date: '2026-10-31', minutes: 5, sessions: 1 },
      { date: '2026-11-01', minutes: 10, sessions: 2 },
    ]);
    // With the day ending at 2 am, the 00:30 sit belongs to the evening of 31 October.
    await setSettings(member, { dayStartHour: 2 });
    expect(await listPracticeDays(db, memberOf(member), range)).toEqual([
      { date: '2026-10-31', minutes: 10, sessions: 2 },
      { date: '2026-11-01', minutes: 5, sessions: 1 },
    ]);
  });

  it('streaks are off by default and opt-in; runs of days are counted, a day not yet practised keeps the run', async () => {
    const member = await createActor(t.app, 'member');
    const settings = (await member.request({ method: 'GET', url: '/api/practice/settings' })).json();
    // What a new member gets is the shared default (no streaks, no reminders, no e-mails).
    expect(settings).toEqual(DEFAULT_PRACTICE_SETTINGS);
    const { showStreaks, reminderPush, reminderEmail, emailReplies, emailMentions, digestEmail } = settings;
    expect([
      showStreaks,
      reminderPush,
      reminderEmail,
      emailReplies,
      emailMentions,
      digestEmail,
    ]).not.toContain(true);
    // Three days in a row in early June, a gap, then two days ending yesterday (10 June).
    for (const day of ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-09', '2026-06-10']) {
      await recordAt(member, `${day}T12:00:00Z`, 900);
    }
    const db = t.app.database.db;
    const now = new Date('2026-06-11T09:00:00Z');
    const off = await getPracticeSummary(db, memberOf(member), now);
    expect(off.streak).toEqual({ enabled: false, current: 2, longest: 3 });
    expect(off.today.minutes).toBe(0);
    expect(off.month).toEqual({ minutes: 75, days: 5 });
    expect(off.total).toEqual({ minutes: 75, sessions: 5, days: 5 });
    await setSettings(member, { showStreaks: true });
    expect((await getPracticeSummary(db, memberOf(member), now)).streak.enabled).toBe(true);
    // Two days later the run is over.
    const later = await getPracticeSummary(db, memberOf(member), new Date('2026-06-12T09:00:00Z'));
    expect(later.streak).toEqual({ enabled: true, current: 0, longest: 3 });
  });

  it('takes only real IANA zones and offsets up to 4 hours; ranges up to 400 days', async () => {
    const member = await createActor(t.app, 'member');
    const put = (payload: Record<string, unknown>) =>
      member.request({ method: 'PUT', url: '/api/practice/settings', payload });
    expect((await put({ timeZone: 'Mars/Olympus_Mons' })).statusCode).toBe(400);
    expect((await put({ timeZone: "Europe/London'; drop table users; --" })).statusCode).toBe(400);
    expect((await put({ dayStartHour: 5 })).statusCode).toBe(400);
    expect((await put({ timeZone: 'Asia/Kolkata', dayStartHour: 4 })).json()).toMatchObject({
      timeZone: 'Asia/Kolkata',
      dayStartHour: 4,
      showStreaks: false,
      digestEmail: false,
    });
    expect((await put({ digestEmail: 'yes' })).statusCode).toBe(400);
    const tooLong = await member.request({
      method: 'GET',
      url: '/api/practice/days?from=2025-01-01&to=2026-06-01',
    });
    expect(tooLong.statusCode).toBe(400);
    const backwards = await member.request({
      method: 'GET',
      url: '/api/practice/days?from=2026-06-01&to=2026-05-01',
    });
    expect(backwards.statusCode).toBe(400);
  });
});

describe('the end-of-session note', () => {
  const putNote = (actor: Actor, id: string, note: unknown) =>
    actor.request({ method: 'PUT', url: `/api/practice/sessions/${id}/note`, payload: { note } });

  it('every signed-in role writes a one-line note on its own session; visitors get 401', async () => {
    for (const role of ['member', 'premium', 'moderator', 'admin'] as const) {
      const actor = await createActor(t.app, role);
      const session = await recordAt(actor, new Date().toISOString(), 300, 'timer');
      const saved = await putNote(actor, session.id, '  Calmer than I expected.  ');
      expect(saved.statusCode, `${role}: ${saved.body}`).toBe(200);
      expect(saved.json()).toEqual({ id: session.id, note: 'Calmer than I expected.' });
    }
    const visitor = await createActor(t.app, 'visitor');
    expect((await putNote(visitor, randomUUID(), 'x')).statusCode).toBe(401);
  });

  it('the note goes with the member data export and is cleared by an empty note', async () => {
    const member = await createActor(t.app, 'member');
    const session = await recordAt(member, new Date().toISOString(), 120, 'timer');
    await putNote(member, session.id, 'Shoulders softer');
    const exported = await member.request({ method: 'GET', url: '/api/user/export' });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().practice.sessions).toEqual([
      expect.objectContaining({ note: 'Shoulders softer' }),
    ]);
    const cleared = await putNote(member, session.id, '');
    expect(cleared.json()).toEqual({ id: session.id, note: null });
    expect((await putNote(member, session.id, null)).json().note).toBeNull();
  });

  it('refuses a note longer than 280 characters, more than one line, with hidden formatting, or not text', async () => {
    const member = await createActor(t.app, 'member');
    const session = await recordAt(member, new Date().toISOString(), 60, 'timer');
    const refused = await Promise.all([
      putNote(member, session.id, 'a'.repeat(281)),
      putNote(member, session.id, 'one\ntwo'),
      putNote(member, session.id, 'hidden\u202Edirection'),
      putNote(member, session.id, 42),
      putNote(member, 'not-a-uuid', 'fine'),
    ]);
    expect(refused.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(refused[0]!.json().message).toMatch(/at most 280 characters/);
    expect(refused[1]!.json().message).toMatch(/must be on one line/);
    expect((await putNote(member, session.id, 'a'.repeat(280))).statusCode).toBe(200);
  });

  it("someone else's session answers 404, as a missing one does, and their note is untouched", async () => {
    const [owner, other] = await Promise.all([createActor(t.app, 'member'), createActor(t.app, 'admin')]);
    const session = await recordAt(owner, new Date().toISOString(), 60, 'timer');
    await putNote(owner, session.id, 'Mine');
    const foreign = await putNote(other, session.id, 'Not yours');
    expect(foreign.statusCode).toBe(404);
    expect((await putNote(other, randomUUID(), 'Nothing there')).statusCode).toBe(404);
    const { rows } = await t.app.database.db.execute<{ note: string }>(
      sql`select note from practice_sessions where id = ${session.id}`,
    );
    expect(rows.map((row) => row.note)).toEqual(['Mine']);
  });
});
