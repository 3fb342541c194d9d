import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import {
  contentItems,
  journeySchedules,
  notifications,
  outboxEmails,
  playlistItems,
  playlists,
  pushSubscriptions,
} from '../../db/schema/index.ts';
import { deliverNotifications } from './delivery.service.ts';
import { announceJourneyMonth, notifyMentions } from './notifications.service.ts';

/** The notification centre through HTTP on a real database; the jobs' functions are called directly. */

const t = setUpTestApp();
const [admin, moderator] = setUpActors(t, 'admin', 'moderator');
let forumSlug: string;

beforeAll(async () => {
  const forum = await admin.request({
    method: 'POST',
    url: '/api/forums',
    payload: { title: `Evenings ${randomUUID().slice(0, 8)}`, description: 'Gentle.', category: 'support' },
  });
  expect(forum.statusCode, forum.body).toBe(201);
  forumSlug = forum.json().slug;
});

const members = (count: number) =>
  Promise.all(Array.from({ length: count }, () => createActor(t.app, 'member')));

async function newPost(actor: Actor, title = `Evening sit ${randomUUID().slice(0, 6)}`) {
  const response = await actor.request({
    method: 'POST',
    url: `/api/forums/${forumSlug}/posts`,
    payload: { title, content: 'Twenty minutes by the window.' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; title: string };
}

async function comment(actor: Actor, postId: string) {
  const response = await actor.request({
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content: 'Thank you for sharing this.' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function list(actor: Actor, query = '') {
  const response = await actor.request({ method: 'GET', url: `/api/notifications${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const nextCursor = (response.headers['x-next-cursor'] as string | undefined) ?? null;
  return { ...response.json(), nextCursor } as {
    notifications: {
      id: string;
      kind: string;
      actor: { id: string } | null;
      link: string;
      subject: string | null;
      readAt: string | null;
    }[];
    unreadCount: number;
    nextCursor: string | null;
  };
}

const markRead = (actor: Actor, payload: object) =>
  actor.request({ method: 'POST', url: '/api/notifications/read', payload });

describe('replies and thread activity', () => {
  it("the post's author hears of a reply; commenting on your own post tells nobody", async () => {
    const [author, replier] = await members(2);
    const post = await newPost(author!);
    await comment(author!, post.id);
    expect((await list(author!)).notifications).toEqual([]);
    await comment(replier!, post.id);
    const page = await list(author!);
    expect(page.unreadCount).toBe(1);
    expect(page.notifications).toEqual([
      expect.objectContaining({
        kind: 'post_reply',
        actor: expect.objectContaining({ id: replier!.userId }),
        link: `/community/posts/${post.id}`,
        subject: post.title,
        readAt: null,
      }),
    ]);
    expect((await list(replier!)).notifications).toEqual([]);
  });

  it('earlier commenters hear that someone commented after them, collapsed to one notice per post', async () => {
    const [author, first, second, third] = await members(4);
    const post = await newPost(author!);
    await comment(first!, post.id);
    await comment(second!, post.id);
    await comment(third!, post.id);
    const firstPage = await list(first!);
    expect(firstPage.notifications).toHaveLength(1);
    expect(firstPage.notifications[0]).toMatchObject({ kind: 'thread_reply', actor: { id: third!.userId } });
    const secondPage = await list(second!);
    expect(secondPage.notifications).toHaveLength(1);
    expect(secondPage.notifications[0]).toMatchObject({ kind: 'thread_reply', actor: { id: third!.userId } });
    // The author hears "replied to your post" once, brought back with the latest replier.
    const authorPage = await list(author!);
    expect(authorPage.notifications.map((n) => n.kind)).toEqual(['post_reply']);
    expect(authorPage.notifications[0]!.actor!.id).toBe(third!.userId);
    expect((await list(third!)).notifications).toEqual([]);

    // Read, then new activity: the one notice comes back unread.
    expect((await markRead(first!, { all: true })).json()).toEqual({ unreadCount: 0 });
    await comment(second!, post.id);
    const again = await list(first!);
    expect(again.notifications).toHaveLength(1);
    expect(again.notifications[0]).toMatchObject({ actor: { id: second!.userId }, readAt: null });
    expect(again.unreadCount).toBe(1);
  });
});

describe('reading and marking', () => {
  it('a member sees and marks only their own; ids of others are ignored', async () => {
    const [author, other, replier] = await members(3);
    const mine = await newPost(author!);
    const theirs = await newPost(other!);
    await comment(replier!, mine.id);
    await comment(replier!, theirs.id);
    const authorPage = await list(author!);
    const otherPage = await list(other!);
    expect(authorPage.notifications.map((n) => n.subject)).toEqual([mine.title]);
    const otherId = otherPage.notifications[0]!.id;
    expect((await markRead(author!, { ids: [otherId] })).json()).toEqual({ unreadCount: 1 });
    expect((await list(other!)).unreadCount).toBe(1);
    expect((await markRead(author!, { ids: [authorPage.notifications[0]!.id] })).json()).toEqual({
      unreadCount: 0,
    });
    expect((await list(author!)).notifications[0]!.readAt).not.toBeNull();
  });

  it('pages with a cursor, newest first, bounded', async () => {
    const [member] = await members(1);
    const posts = await Promise.all([1, 2, 3].map(() => newPost(admin)));
    // The admin's posts; the member comments, so the admin is notified; here the member is mentioned.
    await t.app.database.db.transaction((tx) =>
      Promise.all(
        posts.map((post) =>
          notifyMentions(tx, {
            mentionedUserIds: [member!.userId!],
            actorId: admin.userId!,
            postId: post.id,
            postTitle: post.title,
          }),
        ),
      ),
    );
    const first = await list(member!, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.unreadCount).toBe(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(member!, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.notifications).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const all = [...first.notifications, ...second.notifications];
    expect(new Set(all.map((n) => n.id)).size).toBe(3);
    expect(all.every((n) => n.kind === 'mention')).toBe(true);

    const bad = await Promise.all([
      member!.request({ method: 'GET', url: '/api/notifications?limit=51' }),
      member!.request({ method: 'GET', url: '/api/notifications?cursor=not-a-cursor' }),
      markRead(member!, {}),
      markRead(member!, { ids: ['nope'] }),
      markRead(member!, { all: false }),
    ]);
    expect(bad.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
  });

  it('a mention is one notice per post, however often the member is named, and never to oneself', async () => {
    const [writer, named] = await members(2);
    const post = await newPost(writer!);
    const written = await t.app.database.db.transaction((tx) =>
      notifyMentions(tx, {
        mentionedUserIds: [named!.userId!, named!.userId!, writer!.userId!],
        actorId: writer!.userId!,
        postId: post.id,
        postTitle: post.title,
      }),
    );
    expect(written).toBe(1);
    const again = await t.app.database.db.transaction((tx) =>
      notifyMentions(tx, {
        mentionedUserIds: [named!.userId!],
        actorId: writer!.userId!,
        postId: post.id,
        postTitle: post.title,
      }),
    );
    expect(again).toBe(0);
    expect((await list(writer!)).notifications).toEqual([]);
  });

  it('visitors get 401', async () => {
    const visitor = await createActor(t.app, 'visitor');
    const responses = await Promise.all([
      visitor.request({ method: 'GET', url: '/api/notifications' }),
      markRead(visitor, { all: true }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([401, 401]);
  });
});

describe('at-risk flags', () => {
  it('"someone may be at risk" alerts every admin and moderator; other reasons alert no one', async () => {
    const [author, flagger, bystander] = await members(3);
    const post = await newPost(author!);
    const before = {
      admin: (await list(admin)).notifications.length,
      moderator: (await list(moderator)).notifications.length,
    };
    const spam = await flagger!.request({
      method: 'POST',
      url: `/api/posts/${post.id}/flag`,
      payload: { reason: 'spam' },
    });
    expect(spam.statusCode, spam.body).toBe(201);
    expect((await list(admin)).notifications).toHaveLength(before.admin);

    const other = await newPost(author!);
    const atRisk = await flagger!.request({
      method: 'POST',
      url: `/api/posts/${other.id}/flag`,
      payload: { reason: 'at_risk' },
    });
    expect(atRisk.statusCode, atRisk.body).toBe(201);
    for (const staff of [admin, moderator]) {
      const page = await list(staff);
      expect(page.notifications[0]).toMatchObject({
        kind: 'at_risk_flag',
        link: '/admin/moderation',
        actor: null,
      });
    }
    expect((await list(moderator)).notifications).toHaveLength(before.moderator + 1);
    expect((await list(bystander!)).notifications).toEqual([]);
    expect((await list(flagger!)).notifications).toEqual([]);
  });
});

describe('journey months', () => {
  it('once per member per month, only when a journey is scheduled for the month', async () => {
    const { db } = t.app.database;
    const [member] = await members(1);
    const now = new Date('2031-05-02T06:00:00Z');
    expect(await announceJourneyMonth(db, now)).toBe(0);
    const [journey] = await db
      .insert(playlists)
      .values({ slug: `journey-${randomUUID().slice(0, 8)}`, title: 'The monthly journey', isCalendar: true })
      .returning();
    expect(await announceJourneyMonth(db, now)).toBe(0);
    const [item] = await db
      .insert(contentItems)
      .values({ title: 'Arriving', description: 'x', type: 'audio', duration: 300 })
      .returning({ id: contentItems.id });
    await db
      .insert(playlistItems)
      .values({ playlistId: journey!.id, videoId: item!.id, orderIndex: 0, dayIndex: 1 });
    // Built but not scheduled: members see nothing of it on the calendar, so no one is told.
    expect(await announceJourneyMonth(db, now)).toBe(0);
    await db.insert(journeySchedules).values({ playlistId: journey!.id, startMonth: '2031-05-01' });
    const written = await announceJourneyMonth(db, now);
    expect(written).toBeGreaterThan(0);
    expect(await announceJourneyMonth(db, new Date('2031-05-20T06:00:00Z'))).toBe(0);
    // May only: June has no journey until it is scheduled every month.
    expect(await announceJourneyMonth(db, new Date('2031-06-01T06:00:00Z'))).toBe(0);
    await db
      .insert(journeySchedules)
      .values({ playlistId: journey!.id, startMonth: '2031-06-01', repeatsMonthly: true });
    expect(await announceJourneyMonth(db, new Date('2031-06-01T06:00:00Z'))).toBe(written);
    const page = await list(member!);
    expect(page.notifications.filter((n) => n.kind === 'journey_month')).toHaveLength(2);
    expect(page.notifications[0]).toMatchObject({
      link: `/playlists/${journey!.slug}`,
      subject: 'The monthly journey',
    });
  });
});

describe('delivery by e-mail', () => {
  it('replies are e-mailed only to members who asked, once', async () => {
    const { db } = t.app.database;
    const [wants, doesNot, replier] = await members(3);
    const setting = await wants!.request({
      method: 'PUT',
      url: '/api/practice/settings',
      payload: { emailReplies: true },
    });
    expect(setting.statusCode, setting.body).toBe(200);
    await comment(replier!, (await newPost(wants!)).id);
    await comment(replier!, (await newPost(doesNot!)).id);
    const delivery = { mailer: t.app.mailer, push: t.app.push, publicUrl: 'http://localhost:5000' };
    await deliverNotifications(db, delivery);
    await deliverNotifications(db, delivery);
    // Sign-up wrote a verification e-mail too; only the notices count here.
    const sentTo = async (actor: Actor) =>
      (await db.select().from(outboxEmails).where(eq(outboxEmails.to, actor.email!))).filter((mail) =>
        mail.text.includes('%2Fcommunity%2Fposts%2F'),
      );
    const mails = await sentTo(wants!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('replied to your post');
    // Through sign-in: a member signed in lands on the post, a visitor signs in first.
    expect(mails[0]!.text).toContain('http://localhost:5000/api/login?returnTo=%2Fcommunity%2Fposts%2F');
    expect(await sentTo(doesNot!)).toEqual([]);
    const [row] = await db.select().from(notifications).where(eq(notifications.recipientId, wants!.userId!));
    expect(row!.deliveredAt).not.toBeNull();
  });
});

describe('fair delivery', () => {
  const delivery = () => ({ mailer: t.app.mailer, push: t.app.push, publicUrl: 'http://localhost:5000' });
  const mentionRows = (actorId: string | null, recipientId: string, count: number, key: string) =>
    Array.from({ length: count }, (_, index) => ({
      recipientId,
      kind: 'mention' as const,
      actorId,
      link: '/community',
      subject: 'A flood',
      dedupeKey: `${key}:${index}`,
    }));

  it('a flood of notices from one account does not hold back anyone else’s', async () => {
    const { db } = t.app.database;
    // Earlier notices of other tests are delivered first, so the batch below sees only this test's.
    while ((await deliverNotifications(db, delivery())).claimed > 0);
    const [flooder, calm, target, other] = await members(4);
    await db.insert(notifications).values(mentionRows(flooder!.userId!, target!.userId!, 150, 'flood'));
    const [late] = await db
      .insert(notifications)
      .values({ ...mentionRows(calm!.userId!, other!.userId!, 1, 'calm')[0]! })
      .returning({ id: notifications.id });
    const first = await deliverNotifications(db, delivery(), { limit: 100 });
    expect(first.claimed).toBe(100);
    const [calmNotice] = await db.select().from(notifications).where(eq(notifications.id, late!.id));
    expect(calmNotice!.deliveredAt).not.toBeNull();
  });

  it('mention e-mails to one member stop at 10 an hour, whoever sends them', async () => {
    const { db } = t.app.database;
    const [named, ...senders] = await members(4);
    const setting = await named!.request({
      method: 'PUT',
      url: '/api/practice/settings',
      payload: { emailMentions: true },
    });
    expect(setting.statusCode).toBe(200);
    for (const [index, sender] of senders.entries()) {
      await db.insert(notifications).values(mentionRows(sender.userId!, named!.userId!, 4, `email-${index}`));
    }
    while ((await deliverNotifications(db, delivery(), { limit: 5 })).claimed > 0);
    const mails = (await db.select().from(outboxEmails).where(eq(outboxEmails.to, named!.email!))).filter(
      (mail) => mail.text.includes('%2Fcommunity'),
    );
    expect(mails).toHaveLength(10);
  });
});

describe('push subscriptions', () => {
  const subscription = () => ({
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  });

  it('the public key is served; members keep and forget their own subscriptions', async () => {
    const key = await (await createActor(t.app, 'visitor')).request({
      method: 'GET',
      url: '/api/push/public-key',
    });
    expect(key.statusCode).toBe(200);
    expect(key.json().publicKey).toBe(await t.app.push.getPublicKey());
    const [member, other] = await members(2);
    const body = subscription();
    expect(
      (await member!.request({ method: 'POST', url: '/api/push/subscriptions', payload: body })).statusCode,
    ).toBe(204);
    // Someone else cannot remove it.
    await other!.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: body.endpoint },
    });
    const { db } = t.app.database;
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint)),
    ).toHaveLength(1);
    const removed = await member!.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: body.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint)),
    ).toEqual([]);
  });

  it('refuses what is not a push subscription', async () => {
    const [member] = await members(1);
    const bad = await Promise.all(
      [
        { ...subscription(), endpoint: 'javascript:alert(1)' },
        { ...subscription(), keys: { p256dh: 'short', auth: 'A'.repeat(22) } },
        { endpoint: 'https://push.example.test/x' },
      ].map((payload) => member!.request({ method: 'POST', url: '/api/push/subscriptions', payload })),
    );
    expect(bad.map((response) => response.statusCode)).toEqual([400, 400, 400]);
    // The server connects to a stored endpoint later: only https on a known push service.
    const refused = [
      'https://127.0.0.1:8443/push',
      'https://127.1/push',
      'https://2130706433/push',
      'https://0x7f.1/push',
      'https://0.0.0.0/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost:5432/push',
      'https://169.254.169.254/latest/meta-data',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://push.example.test/x',
      'https://fcm.googleapis.com.evil.test/x',
      'https://evilpush.apple.com/x',
    ];
    for (const endpoint of refused) {
      const response = await member!.request({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { ...subscription(), endpoint },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().message, endpoint).toMatch(/^endpoint: /);
    }
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx7',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ];
    // Another member: the refusals above used up much of the first one's write allowance.
    const [subscriber] = await members(1);
    for (const endpoint of accepted) {
      const response = await subscriber!.request({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { ...subscription(), endpoint },
      });
      expect(response.statusCode, endpoint).toBe(204);
    }
    const { db } = t.app.database;
    const kept = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, subscriber!.userId!));
    expect(kept.map((row) => row.endpoint).sort()).toEqual([...accepted].sort());
    const visitor = await createActor(t.app, 'visitor');
    expect(
      (await visitor.request({ method: 'POST', url: '/api/push/subscriptions', payload: subscription() }))
        .statusCode,
    ).toBe(401);
  });
});
