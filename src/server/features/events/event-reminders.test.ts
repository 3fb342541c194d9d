import { randomUUID } from 'node:crypto';
import type { EventDetailsInput } from '@shared/schemas/events.ts';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems, eventRsvps, outboxEmails } from '../../db/schema/index.ts';
import type { PushSender } from '../notifications/index.ts';
import { sendEventReminders } from './event-reminders.ts';

/** Reminders before an event a member is going to: their lead time, their channels, once. */

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');

const MINUTE = 60_000;
/** Whole seconds, as event starts are stored. */
const inMinutes = (minutes: number) => new Date(Math.floor((Date.now() + minutes * MINUTE) / 1000) * 1000);

async function newEvent(details: Partial<EventDetailsInput> = {}, item: { isPremium?: boolean } = {}) {
  const [row] = await t.app.database.db
    .insert(contentItems)
    .values({
      title: `Evening sit ${randomUUID().slice(0, 6)}`,
      description: 'Sitting together.',
      type: 'event',
      isPremium: item.isPremium ?? false,
    })
    .returning({ id: contentItems.id, title: contentItems.title });
  const response = await admin.request({
    method: 'PUT',
    url: `/api/admin/events/${row!.id}`,
    payload: {
      startsAt: inMinutes(50).toISOString(),
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
      joinUrl: `https://meet.example/${randomUUID()}`,
      ...details,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return row!;
}

async function going(actor: Actor, eventId: string) {
  const response = await actor.request({
    method: 'POST',
    url: `/api/events/${eventId}/rsvp`,
    payload: { going: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { myRsvp: string };
}

async function settings(actor: Actor, payload: Record<string, unknown>) {
  return actor.request({ method: 'PUT', url: '/api/practice/settings', payload });
}

/** A push sender that records what it would send (the real one needs a browser's subscription). */
function recordingPush() {
  const sent: { userId: string; title: string; body: string; link: string }[] = [];
  const push = {
    ...t.app.push,
    sendToMember: async (_db, userId, payload) => {
      sent.push({ userId, ...payload });
      return { sent: 1, removed: 0, failed: 0 };
    },
  } satisfies PushSender;
  return { push, sent };
}

const delivery = (push: PushSender = t.app.push) => ({
  mailer: t.app.mailer,
  push,
  publicUrl: 'http://localhost:5000',
  siteName: async () => 'Quiet Hall',
});

const remindersTo = (actor: Actor) =>
  t.app.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, actor.email!), like(outboxEmails.subject, 'Reminder:%')));

describe('event reminders', () => {
  it('an hour before by default, by e-mail and push, once even when two instances run at once', async () => {
    const event = await newEvent();
    const member = await createActor(t.app, 'member');
    expect((await settings(member, { timeZone: 'America/New_York' })).statusCode).toBe(200);
    await going(member, event.id);
    const { push, sent } = recordingPush();

    await Promise.all([
      sendEventReminders(t.app.database.db, delivery(push)),
      sendEventReminders(t.app.database.db, delivery(push)),
    ]);
    await sendEventReminders(t.app.database.db, delivery(push));

    const mails = await remindersTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Reminder: ${event.title}`);
    // In the member's zone, not the organiser's.
    expect(mails[0]!.text).toMatch(/E[SD]T/);
    expect(mails[0]!.text).toContain(`http://localhost:5000/api/login?returnTo=%2Fvideo%2F${event.id}`);
    expect(mails[0]!.text).toContain('Quiet Hall');
    // The join link stays on the page, for those entitled, from its opening time.
    expect(mails[0]!.text).not.toContain('meet.example');
    expect(sent.filter((message) => message.userId === member.userId)).toEqual([
      expect.objectContaining({ title: `Soon: ${event.title}`, link: `/video/${event.id}` }),
    ]);
  });

  it("waits for the member's own lead time, and sends nothing when they turned reminders off", async () => {
    const event = await newEvent({ startsAt: inMinutes(120).toISOString() });
    const [early, standard, off] = await Promise.all([
      createActor(t.app, 'member'),
      createActor(t.app, 'member'),
      createActor(t.app, 'member'),
    ]);
    expect((await settings(early!, { eventReminderMinutes: 1440 })).statusCode).toBe(200);
    expect((await settings(off!, { eventReminderMinutes: 0 })).statusCode).toBe(200);
    for (const actor of [early!, standard!, off!]) await going(actor, event.id);

    await sendEventReminders(t.app.database.db, delivery());
    expect(await remindersTo(early!)).toHaveLength(1);
    expect(await remindersTo(standard!)).toHaveLength(0);

    // An hour and a few minutes later the standard hour has come; "off" still hears nothing.
    await sendEventReminders(t.app.database.db, delivery(), { now: new Date(Date.now() + 65 * MINUTE) });
    expect(await remindersTo(standard!)).toHaveLength(1);
    expect(await remindersTo(off!)).toHaveLength(0);
    expect(await remindersTo(early!)).toHaveLength(1);
  });

  it('follows the chosen channels: push only when e-mail is off', async () => {
    const event = await newEvent();
    const member = await createActor(t.app, 'member');
    expect((await settings(member, { eventReminderEmail: false })).statusCode).toBe(200);
    await going(member, event.id);
    const { push, sent } = recordingPush();
    await sendEventReminders(t.app.database.db, delivery(push));
    expect(await remindersTo(member)).toHaveLength(0);
    expect(sent.filter((message) => message.userId === member.userId)).toHaveLength(1);
  });

  it('reminds no one on the waitlist, of a removed occurrence, or of a premium event they lost', async () => {
    const full = await newEvent({ capacity: 1 });
    const [first, waiting] = [await createActor(t.app, 'member'), await createActor(t.app, 'member')];
    await going(first, full.id);
    expect((await going(waiting, full.id)).myRsvp).toBe('waitlist');

    const moved = await newEvent();
    const mover = await createActor(t.app, 'member');
    await going(mover, moved.id);
    // The organiser moves the event an hour later: the answered start no longer exists.
    await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${moved.id}`,
      payload: { startsAt: inMinutes(110).toISOString(), timeZone: 'Europe/Berlin', durationMinutes: 30 },
    });

    const premiumEvent = await newEvent({}, { isPremium: true });
    const lapsed = await createActor(t.app, 'member');
    // Answered while premium (written directly: the route refuses a free member, as it should).
    await t.app.database.db.insert(eventRsvps).values({
      userId: lapsed.userId!,
      eventId: premiumEvent.id,
      occurrenceStart: inMinutes(50),
      status: 'going',
    });

    await sendEventReminders(t.app.database.db, delivery());
    expect(await remindersTo(first)).toHaveLength(1);
    expect(await remindersTo(waiting)).toHaveLength(0);
    expect(await remindersTo(mover)).toHaveLength(0);
    expect(await remindersTo(lapsed)).toHaveLength(0);
  });

  it('refuses a lead time that is not offered', async () => {
    const member = await createActor(t.app, 'member');
    const response = await settings(member, { eventReminderMinutes: 30 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('eventReminderMinutes must be 0, 15, 60 or 1440');
    const read = await member.request({ method: 'GET', url: '/api/practice/settings' });
    expect(read.json()).toMatchObject({
      eventReminderMinutes: 60,
      eventReminderPush: true,
      eventReminderEmail: true,
    });
  });
});

describe('event reminders in the member’s language', () => {
  it('a member who never chose a language hears in the site’s default language', async () => {
    const event = await newEvent();
    const member = await createActor(t.app, 'member');
    await going(member, event.id);
    const setDefault = async (defaultLocale: string) => {
      const response = await admin.request({
        method: 'PUT',
        url: '/api/admin/site',
        payload: { defaultLocale },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await setDefault('es');
    try {
      await sendEventReminders(t.app.database.db, delivery());
    } finally {
      await setDefault('en');
    }
    const [mail] = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, member.email!), like(outboxEmails.subject, 'Recordatorio:%')));
    expect(mail?.subject).toBe(`Recordatorio: ${event.title}`);
    expect(mail?.text).toContain('Dijiste que vendrías.');
  });
});
