import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import {
  contentItems,
  forumPosts,
  forums,
  outboxEmails,
  practiceSessions,
  practiceSettings,
} from '../../db/schema/index.ts';
import { isoWeek, sendWeeklyDigests, unsubscribeHeaders } from './digest.service.ts';
import { createUnsubscribeSigner } from './unsubscribe-token.ts';

const t = setUpTestApp();
const SENTINEL = `premiumtext${randomUUID().slice(0, 8)}`;
const PREMIUM_TITLE = `Premium evening ${randomUUID().slice(0, 6)}`;
const FREE_TITLE = `Free morning ${randomUUID().slice(0, 6)}`;
const PREMIUM_POST = `Inner circle post ${randomUUID().slice(0, 6)}`;
const OPEN_POST = `Open circle post ${randomUUID().slice(0, 6)}`;
const HIDDEN_POST = `Hidden post ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  const { db } = t.app.database;
  await db.insert(contentItems).values([
    {
      title: FREE_TITLE,
      description: 'A bright, short practice to begin the day.',
      type: 'audio',
      duration: 300,
    },
    {
      title: PREMIUM_TITLE,
      description: `Only subscribers read this: ${SENTINEL}.`,
      type: 'audio',
      duration: 600,
      isPremium: true,
    },
    { title: 'A draft', description: 'Not yet.', isPublished: false },
  ]);
  const [open, inner] = await db
    .insert(forums)
    .values([
      { slug: `open-${randomUUID().slice(0, 6)}`, title: 'Open', description: 'Everyone' },
      { slug: `inner-${randomUUID().slice(0, 6)}`, title: 'Inner', description: 'Premium', isPremium: true },
    ])
    .returning();
  await db.insert(forumPosts).values([
    { forumId: open!.id, title: OPEN_POST, content: 'Hello', commentCount: 4 },
    { forumId: open!.id, title: HIDDEN_POST, content: 'Hidden', commentCount: 9, hiddenAt: new Date() },
    { forumId: inner!.id, title: PREMIUM_POST, content: 'Premium talk', commentCount: 7 },
  ]);
});

async function optIn(actor: Actor) {
  const response = await actor.request({
    method: 'PUT',
    url: '/api/practice/settings',
    payload: { digestEmail: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().digestEmail).toBe(true);
}

/** The digests written for an address (sign-up wrote a confirmation e-mail too). */
const outboxFor = (email: string) =>
  t.app.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email), eq(outboxEmails.subject, 'Your week at Stillpoint')));
const run = (now = new Date()) =>
  sendWeeklyDigests({ db: t.app.database.db, mailer: t.app.mailer, ...t.app.digest, now });

describe('the unsubscribe token', () => {
  const signer = createUnsubscribeSigner('a-secret-a-secret-a-secret-a-secret');
  const member = randomUUID();

  it('holds for its member only, and cannot be made without the secret or for another purpose', () => {
    const token = signer.token(member);
    expect(signer.verify(member, token)).toBe(true);
    expect(signer.verify(randomUUID(), token)).toBe(false);
    expect(signer.verify(member, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(signer.verify(member, '')).toBe(false);
    expect(signer.verify(member, undefined)).toBe(false);
    expect(createUnsubscribeSigner('another-secret-another-secret-123').verify(member, token)).toBe(false);
    expect(
      createUnsubscribeSigner('a-secret-a-secret-a-secret-a-secret', 'other').verify(member, token),
    ).toBe(false);
  });
});

describe('the unsubscribe link, without signing in', () => {
  const link = (memberId: string, token: string) =>
    `/api/digest/unsubscribe?member=${memberId}&token=${encodeURIComponent(token)}`;

  it('GET asks calmly and changes nothing; POST (one-click) unsubscribes', async () => {
    const member = await createActor(t.app, 'member');
    await optIn(member);
    const url = link(member.userId!, t.app.digest.signer.token(member.userId!));
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Unsubscribe from the weekly digest?');
    expect(page.body).toContain('<form method="post"');
    const settings = () =>
      t.app.database.db.select().from(practiceSettings).where(eq(practiceSettings.userId, member.userId!));
    expect((await settings())[0]?.digestEmail).toBe(true);

    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect((await settings())[0]?.digestEmail).toBe(false);
    // Again: still fine (a mail client may retry).
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
  });

  it("refuses a forged token, and one member's token for another member", async () => {
    const owner = await createActor(t.app, 'member');
    const other = await createActor(t.app, 'member');
    await optIn(other);
    const ownersToken = t.app.digest.signer.token(owner.userId!);
    for (const url of [
      link(other.userId!, ownersToken),
      link(other.userId!, 'forged-token'),
      link(
        other.userId!,
        createUnsubscribeSigner('not-the-server-secret-not-the-secret').token(other.userId!),
      ),
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.body).toContain('This link does not work');
      }
    }
    const [row] = await t.app.database.db
      .select()
      .from(practiceSettings)
      .where(eq(practiceSettings.userId, other.userId!));
    expect(row?.digestEmail).toBe(true);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/digest/unsubscribe?member=x&token=y' })).statusCode,
    ).toBe(400);
  });
});

describe('the weekly job', () => {
  it('sends each opted-in member one digest a week, even with two runs at once', async () => {
    const member = await createActor(t.app, 'member');
    const notOptedIn = await createActor(t.app, 'member');
    await optIn(member);
    const now = new Date();
    const [first, second] = await Promise.all([run(now), run(now)]);
    expect(first.week).toBe(isoWeek(new Date(now.getTime() - 7 * 86_400_000)));
    expect(await outboxFor(member.email!)).toHaveLength(1);
    expect(await outboxFor(notOptedIn.email!)).toHaveLength(0);
    expect(first.sent + second.sent).toBeGreaterThanOrEqual(1);
    const again = await run(new Date(now.getTime() + 60_000));
    expect(again.sent).toBe(0);
    expect(await outboxFor(member.email!)).toHaveLength(1);
  });

  it("carries the member's week, new content and popular discussions, with one-click unsubscribe headers", async () => {
    const member = await createActor(t.app, 'member');
    await optIn(member);
    const now = new Date();
    // 25 minutes on one day of the week just ended.
    await t.app.database.db.insert(practiceSessions).values({
      id: randomUUID(),
      userId: member.userId!,
      kind: 'timer',
      seconds: 25 * 60,
      endedAt: new Date(now.getTime() - 7 * 86_400_000),
    });
    await run(now);
    const [message] = await outboxFor(member.email!);
    expect(message?.subject).toBe('Your week at Stillpoint');
    expect(message?.text).toContain('You practised 25 minutes on 1 day');
    expect(message?.html).toContain('You practised 25 minutes on 1 day');
    expect(message?.text).toContain(FREE_TITLE);
    expect(message?.text).toContain(OPEN_POST);
    expect(message?.text).not.toContain(HIDDEN_POST);
    expect(message?.text).not.toContain('A draft');
    const unsubscribe = `${t.config.publicUrl}/api/digest/unsubscribe?member=${member.userId}&token=${t.app.digest.signer.token(member.userId!)}`;
    expect(message?.headers).toEqual(unsubscribeHeaders(unsubscribe, t.config.mailFrom));
    expect(message?.headers?.['List-Unsubscribe']).toContain(`<${unsubscribe}>`);
    expect(message?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(message?.html).toContain(unsubscribe.replaceAll('&', '&amp;'));
    // Member pages are reached through sign-in (straight there when signed in); unsubscribing is not.
    const viaSignIn = `${t.config.publicUrl}/api/login?returnTo=`;
    expect(message?.html).toContain(`href="${viaSignIn}%2Fsettings"`);
    expect(message?.html).toContain(`href="${viaSignIn}%2Fvideo%2F`);
    expect(message?.html).toContain(`href="${viaSignIn}%2Fcommunity%2Fposts%2F`);
    expect(message?.html).not.toMatch(/href="http:\/\/[^"/]+\/(video|community|settings)/);
  });

  it('never leaks premium text or premium forums to a member without premium access', async () => {
    const free = await createActor(t.app, 'member');
    const premium = await createActor(t.app, 'premium');
    await optIn(free);
    await optIn(premium);
    await run();
    const [toFree] = await outboxFor(free.email!);
    for (const body of [toFree?.text, toFree?.html]) {
      expect(body).toContain(PREMIUM_TITLE);
      expect(body).toContain('(Premium)');
      expect(body).not.toContain(SENTINEL);
      expect(body).not.toContain(PREMIUM_POST);
    }
    const [toPremium] = await outboxFor(premium.email!);
    expect(toPremium?.text).toContain(SENTINEL);
    expect(toPremium?.text).toContain(PREMIUM_POST);
  });
});

describe('unsubscribeHeaders', () => {
  it('offers the https link, and a mailto where the sender has an address', () => {
    const url = 'https://stillpoint.example/api/digest/unsubscribe?member=m&token=t';
    expect(unsubscribeHeaders(url, 'Stillpoint <hello@stillpoint.example>')).toEqual({
      'List-Unsubscribe': `<${url}>, <mailto:hello@stillpoint.example?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribeHeaders(url, 'Stillpoint')['List-Unsubscribe']).toBe(`<${url}>`);
  });
});
