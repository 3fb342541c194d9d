import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type PushEndpoint, startPushEndpoint } from '../../../../tests/setup/push-endpoint.ts';
import { type Actor, createActor, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { outboxEmails, users } from '../../db/schema/index.ts';
import { sendReminders } from './delivery.service.ts';
import { createPushSender } from './push.service.ts';

// The daily reminder's English title (src/server/lib/locales/en/email.json, email.reminder.title).
const REMINDER_TITLE = 'A quiet moment is waiting for you';

/** Daily reminders at the member's local time, on a real database, with the job's clock fixed. */

// Pushes go to the local endpoint (127.0.0.1), which this operator's list allows.
const t = setUpTestApp({ PUSH_ALLOWED_HOSTS: '127.0.0.1' });
let endpoint: PushEndpoint;
let delivery: Parameters<typeof sendReminders>[1];

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  delivery = {
    mailer: t.app.mailer,
    push: createPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:care@example.test',
      agent: endpoint.agent,
    }),
    publicUrl: 'http://localhost:5000',
  };
});
afterAll(async () => endpoint?.close());

async function memberWith(settings: Record<string, unknown>) {
  const member = await createActor(t.app, 'member');
  const response = await member.request({
    method: 'PUT',
    url: '/api/practice/settings',
    payload: { reminderTime: '08:00', reminderEmail: true, ...settings },
  });
  expect(response.statusCode, response.body).toBe(200);
  return member;
}

const run = (iso: string) => sendReminders(t.app.database.db, delivery, { now: new Date(iso) });

async function remindersFor(member: Actor) {
  const rows = await t.app.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, member.email!), eq(outboxEmails.subject, REMINDER_TITLE)));
  return rows.length;
}

/** Runs the job at each time; after each run the member has had this many reminders in all. */
async function expectAfterRuns(member: Actor, steps: Array<[at: string, reminders: number]>) {
  for (const [at, reminders] of steps) {
    await run(at);
    expect(await remindersFor(member), at).toBe(reminders);
  }
}

describe('reminders at local time', () => {
  it('London across the spring DST change: 08:00 is 08:00 UTC before and 07:00 UTC after', async () => {
    const before = await memberWith({ timeZone: 'Europe/London' });
    await expectAfterRuns(before, [
      ['2026-03-28T07:55:00Z', 0],
      ['2026-03-28T08:02:00Z', 1],
      ['2026-03-28T08:07:00Z', 1],
    ]);

    const after = await memberWith({ timeZone: 'Europe/London' });
    await expectAfterRuns(after, [
      ['2026-03-29T06:58:00Z', 0],
      ['2026-03-29T07:03:00Z', 1],
    ]);
  });

  it('New York across the autumn change: 08:00 is 12:00 UTC before and 13:00 UTC after', async () => {
    const member = await memberWith({ timeZone: 'America/New_York', reminderTime: '08:00' });
    await expectAfterRuns(member, [
      ['2026-10-31T12:01:00Z', 1],
      ['2026-11-01T12:01:00Z', 1],
      ['2026-11-01T13:01:00Z', 2],
    ]);
  });

  it('only on the chosen weekdays, and not long after the time (the jobs were down)', async () => {
    // 2026-06-06 is a Saturday (ISO 6).
    const weekdays = await memberWith({ timeZone: 'UTC', reminderDays: [1, 2, 3, 4, 5] });
    await run('2026-06-06T08:01:00Z');
    expect(await remindersFor(weekdays)).toBe(0);
    const late = await memberWith({ timeZone: 'UTC' });
    await run('2026-06-06T11:30:00Z');
    expect(await remindersFor(late)).toBe(0);
  });

  it('skipped on a day the member already practised, counted by their late-night offset', async () => {
    const practised = await memberWith({ timeZone: 'Europe/Berlin', dayStartHour: 4 });
    // 01:30 local on the 10th counts for the 9th (offset 4 h), so the 10th is not yet practised...
    const sat = async (kind: string, endedAt: string) => {
      const response = await practised.request({
        method: 'POST',
        url: '/api/practice/sessions',
        payload: { id: randomUUID(), seconds: 600, kind, endedAt },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await sat('manual', '2026-06-09T23:30:00Z');
    await run('2026-06-10T06:01:00Z');
    expect(await remindersFor(practised)).toBe(1);
    // ...and a sit on the morning of the 11th means no reminder that day.
    await sat('timer', '2026-06-11T05:00:00Z');
    await run('2026-06-11T06:01:00Z');
    expect(await remindersFor(practised)).toBe(1);
  });

  it('two runs at once (two instances) send one reminder, by push and e-mail', async () => {
    const member = await memberWith({ timeZone: 'Asia/Tokyo', reminderTime: '21:30', reminderPush: true });
    const browser = endpoint.newSubscription();
    const saved = await member.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(saved.statusCode).toBe(204);
    const received = endpoint.received.length;
    await Promise.all([run('2026-07-01T12:31:00Z'), run('2026-07-01T12:31:00Z')]);
    expect(await remindersFor(member)).toBe(1);
    const pushes = endpoint.received
      .slice(received)
      .filter((message) => message.path.endsWith(new URL(browser.endpoint).pathname));
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(browser.decrypt(pushes[0]!.body))).toMatchObject({ title: REMINDER_TITLE, link: '/' });
  });

  it('no reminder without a time or without a channel', async () => {
    const noTime = await memberWith({ timeZone: 'UTC', reminderTime: null });
    const noChannel = await memberWith({ timeZone: 'UTC', reminderEmail: false });
    await run('2026-08-03T08:01:00Z');
    expect(await remindersFor(noTime)).toBe(0);
    expect(await remindersFor(noChannel)).toBe(0);
  });
});

describe('reminders in the member’s language', () => {
  it('a German member is invited in German; the link to Settings is kept', async () => {
    const member = await memberWith({ timeZone: 'Europe/Berlin' });
    await t.app.database.db.update(users).set({ locale: 'de' }).where(eq(users.id, member.userId!));
    await run('2026-06-10T06:03:00Z');
    const [mail] = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, member.email!))
      .orderBy(desc(outboxEmails.createdAt))
      .limit(1);
    expect(mail?.subject).toBe('Ein ruhiger Moment wartet auf dich');
    expect(mail?.text).toBe(
      [
        'Stillpoint',
        '',
        'Wann immer du bereit bist: Ein paar Minuten Übung sind hier für dich da.',
        '',
        'Stillpoint öffnen: http://localhost:5000/api/login?returnTo=%2F',
        '',
        'Uhrzeit oder Tage dieser Erinnerung ändern oder sie ausschalten kannst du in den Einstellungen: http://localhost:5000/api/login?returnTo=%2Fsettings',
      ].join('\n'),
    );
  });
});
