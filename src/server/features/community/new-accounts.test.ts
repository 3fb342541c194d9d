import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCountersMatchRows } from '../../../../tests/setup/community-invariants.ts';
import {
  type Actor,
  createActor,
  randomClientAddress,
  setUpActors,
  setUpTestApp,
  signUp,
  TEST_ORIGIN,
} from '../../../../tests/setup/test-app.ts';
import { users } from '../../db/schema/index.ts';

/** New accounts (younger than NEW_ACCOUNT_HOURS): lower write limits, links held for review. */

const t = setUpTestApp({ NEW_ACCOUNT_HOURS: '24' });
const [moderator, admin] = setUpActors(t, 'moderator', 'admin');
const [newcomer, settled, other] = setUpActors(t, 'member', 'member', 'member');
let forum: { slug: string; id: string };
/** A settled member's post the comment cases reply to. */
let hostPostId: string;

beforeAll(async () => {
  // Two days old: past the 24 hours.
  await t.app.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
    .where(eq(users.id, settled.userId!));
  const response = await admin.request({
    method: 'POST',
    url: '/api/forums',
    payload: { title: `Newcomers ${randomUUID().slice(0, 8)}`, description: 'Hello.', category: 'general' },
  });
  forum = response.json();
  hostPostId = (await post(settled, 'A host post for replies.')).json().id;
});

const post = (actor: Actor, content: string, title = 'A first hello') =>
  actor.request({ method: 'POST', url: `/api/forums/${forum.slug}/posts`, payload: { title, content } });
const comment = (actor: Actor, postId: string, content: string) =>
  actor.request({ method: 'POST', url: `/api/posts/${postId}/comments`, payload: { content } });
const get = (actor: Actor, url: string) => actor.request({ method: 'GET', url });

describe('new accounts', () => {
  it('a new account’s post with a link waits for a moderator: only they and moderators see it; counts agree', async () => {
    const before = (await get(other, `/api/forums/${forum.slug}`)).json().postCount;
    const held = await post(newcomer, 'Have a look at https://example.com/offer for more.');
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ isHidden: true, isHeld: true });
    const id = held.json().id as string;

    // Others do not see it, and the forum's count leaves it out.
    expect((await get(other, `/api/posts/${id}`)).statusCode).toBe(404);
    expect(
      (await get(other, `/api/forums/${forum.slug}/posts`)).json().map((p: { id: string }) => p.id),
    ).not.toContain(id);
    expect((await get(other, `/api/forums/${forum.slug}`)).json().postCount).toBe(before);
    // Its author and moderators do, marked as held.
    expect((await get(newcomer, `/api/posts/${id}`)).json()).toMatchObject({ isHeld: true });
    expect((await get(moderator, `/api/posts/${id}`)).statusCode).toBe(200);

    // In the moderation queue without any flag.
    const queue = (await get(moderator, '/api/admin/moderation')).json() as {
      id: string;
      isHeld: boolean;
      flaggerCount: number;
    }[];
    expect(queue.find((item) => item.id === id)).toMatchObject({ isHeld: true, flaggerCount: 0 });

    // Approving (restore) shows it to everyone, counts it, and is written to the audit log.
    const approve = await moderator.request({
      method: 'POST',
      url: `/api/admin/moderation/posts/${id}/restore`,
      payload: {},
    });
    expect(approve.statusCode).toBe(204);
    expect((await get(other, `/api/posts/${id}`)).json()).toMatchObject({ isHidden: false, isHeld: false });
    expect((await get(other, `/api/forums/${forum.slug}`)).json().postCount).toBe(before + 1);
    expect(
      ((await get(moderator, '/api/admin/moderation')).json() as { id: string }[]).map((i) => i.id),
    ).not.toContain(id);
    const audit = (await get(admin, '/api/admin/audit-log')).json() as { action: string; targetId: string }[];
    expect(audit.find((entry) => entry.targetId === id)?.action).toBe('approve');
    await expectCountersMatchRows(t.app);
  });

  it('comments with links are held too, and removing a held one keeps the counts', async () => {
    const plain = await post(settled, 'No links here, just a hello.');
    const postId = plain.json().id as string;
    const held = await comment(newcomer, postId, 'Try www.example.org, it helped me.');
    expect(held.statusCode).toBe(201);
    expect(held.json()).toMatchObject({ isHeld: true, isHidden: true });
    expect((await get(other, `/api/posts/${postId}`)).json().commentCount).toBe(0);
    const seen = (await get(other, `/api/posts/${postId}/comments`)).json() as unknown[];
    expect(seen).toEqual([]);
    // Nobody else can read it yet, so the post's author is not told of it.
    const notices = (await get(settled, '/api/notifications')).json() as {
      notifications: Array<{ link: string }>;
    };
    expect(notices.notifications.filter((notice) => notice.link.endsWith(postId))).toEqual([]);
    const removed = await moderator.request({
      method: 'POST',
      url: `/api/admin/moderation/comments/${held.json().id}/remove`,
      payload: { reason: 'Advertising' },
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(other, `/api/posts/${postId}`)).json().commentCount).toBe(0);
    await expectCountersMatchRows(t.app);
  });

  it('an edit that adds a link holds the post or comment too; counts agree', async () => {
    const plain = await post(newcomer, 'Nothing to see yet.');
    const id = plain.json().id as string;
    expect(plain.json().isHeld).toBe(false);
    const count = (await get(other, `/api/forums/${forum.slug}`)).json().postCount;
    const edited = await newcomer.request({
      method: 'PUT',
      url: `/api/posts/${id}`,
      payload: { title: 'A first hello', content: 'Now with https://example.com/offer' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ isHeld: true, isHidden: true });
    expect((await get(other, `/api/posts/${id}`)).statusCode).toBe(404);
    expect((await get(other, `/api/forums/${forum.slug}`)).json().postCount).toBe(count - 1);

    const host = await post(settled, 'A settled post.');
    const hostId = host.json().id as string;
    const reply = await comment(newcomer, hostId, 'Lovely.');
    const editedReply = await newcomer.request({
      method: 'PUT',
      url: `/api/comments/${reply.json().id}`,
      payload: { content: 'Lovely, see www.example.net' },
    });
    expect(editedReply.json()).toMatchObject({ isHeld: true });
    expect((await get(other, `/api/posts/${hostId}`)).json().commentCount).toBe(0);
    await expectCountersMatchRows(t.app);
  });

  it.each([
    ['an entity-encoded destination', '[notes](https:&#x2F;&#x2F;evil.example&#x2F;offer)'],
    ['a mailto link', '[write to me](mailto:deals@evil.example)'],
    ['a mailto autolink', 'Reach me at <mailto:deals@evil.example>'],
    ['an autolink on an unlisted top-level domain', '<https://calm.zz/deal>'],
    ['a link on an unlisted top-level domain', '[calm](https://calm.zz)'],
    ['a written-out address on an unlisted top-level domain', 'Go to https://calm.zz/deal today'],
    ['an uppercase scheme', '[x](HTTPS://EVIL.EXAMPLE)'],
    ['a reference-style link', '[the offer][1]\n\n[1]: https://evil.example/offer'],
    ['a link inside emphasis', '**[bold offer](https://evil.example)**'],
    ['a bare e-mail address', 'deals@evil.example has more'],
  ])('a new account cannot dodge the hold with %s', async (_what, content) => {
    // A fresh account per case: new accounts have ten community writes per ten minutes.
    const fresh = await createActor(t.app, 'member');
    const held = await post(fresh, content);
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ isHeld: true, isHidden: true });
    const reply = await comment(fresh, hostPostId, content);
    expect(reply.json()).toMatchObject({ isHeld: true });
  });

  it('never held: new accounts without links, settled accounts and moderators with links', async () => {
    for (const [actor, content] of [
      [newcomer, 'Just breathing today. Example dot nothing.'],
      [settled, 'See https://example.com for the recording.'],
      [moderator, 'Guidelines: https://example.com/guidelines'],
    ] as const) {
      const response = await post(actor, content);
      expect(response.statusCode, actor.role).toBe(201);
      expect(response.json(), content).toMatchObject({ isHidden: false, isHeld: false });
    }
  });

  it('new accounts have a lower community write limit; settled accounts keep the usual one', async () => {
    const fresh = await createActor(t.app, 'member');
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1)
      statuses.push((await post(fresh, `Hello number ${index}`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    const limited = await post(fresh, 'One more');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    for (let index = 0; index < 12; index += 1) {
      expect((await post(settled, `Settled ${index}`)).statusCode).toBe(201);
    }
  });
});

/** Makes an account established: e-mail verified and two days old (past NEW_ACCOUNT_HOURS). */
async function establish(userId: string) {
  await t.app.database.db
    .update(users)
    .set({ emailVerified: true, createdAt: new Date(Date.now() - 48 * 3_600_000) })
    .where(eq(users.id, userId));
}

/** A member signed up from `address` (a fresh one unless given), then established. */
async function establishedMember(address = randomClientAddress()) {
  const signedUp = await signUp(t.app, {}, address);
  expect(signedUp.response.statusCode, signedUp.response.body).toBe(200);
  const [row] = await t.app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, signedUp.email));
  await establish(row!.id);
  return {
    userId: row!.id,
    request: (options: Parameters<Actor['request']>[0]) =>
      t.app.inject({
        ...options,
        remoteAddress: randomClientAddress(),
        headers: { origin: TEST_ORIGIN, cookie: signedUp.cookie },
      }),
  };
}

type Flagger = Pick<Actor, 'request'>;
const flagPost = (actor: Flagger, id: string, reason = 'spam') =>
  actor.request({ method: 'POST', url: `/api/posts/${id}/flag`, payload: { reason } });

type QueueItem = {
  id: string;
  isHidden: boolean;
  flaggerCount: number;
  countedFlaggerCount: number;
  flaggers: {
    member: { id: string; firstName: string };
    accountCreatedAt: string;
    isEstablished: boolean;
    counts: boolean;
  }[];
};
const queueItem = async (id: string) =>
  ((await get(moderator, '/api/admin/moderation')).json() as QueueItem[]).find((item) => item.id === id);

describe('flag weight', () => {
  it('three new, unverified accounts hide nothing: neither a member’s post nor an admin’s', async () => {
    const memberPost = (await post(settled, 'A quiet morning sit.')).json().id as string;
    const adminPost = (await post(admin, 'Welcome to the forum.', 'Welcome')).json().id as string;
    const fresh = await Promise.all([1, 2, 3].map(() => createActor(t.app, 'member')));
    for (const flagger of fresh) {
      for (const id of [memberPost, adminPost]) {
        const flagged = await flagPost(flagger, id);
        expect(flagged.statusCode, flagged.body).toBe(201);
        expect(flagged.json().isHidden).toBe(false);
      }
    }
    expect((await get(other, `/api/posts/${memberPost}`)).statusCode).toBe(200);
    expect((await get(other, `/api/posts/${adminPost}`)).statusCode).toBe(200);

    // The moderators see the flags, who raised them and how new those accounts are.
    const item = await queueItem(memberPost);
    expect(item).toMatchObject({ isHidden: false, flaggerCount: 3, countedFlaggerCount: 0 });
    expect(item!.flaggers.map((flagger) => flagger.member.id).sort()).toEqual(
      fresh.map((flagger) => flagger.userId).sort(),
    );
    for (const flagger of item!.flaggers) {
      expect(flagger).toMatchObject({ isEstablished: false, counts: false, member: { firstName: 'Robin' } });
      expect(Date.now() - Date.parse(flagger.accountCreatedAt)).toBeLessThan(3_600_000);
      expect(flagger).not.toHaveProperty('address');
    }
  });

  it('established members’ flags still hide a member’s post; an admin’s post waits in the queue instead', async () => {
    const memberPost = (await post(settled, 'Another quiet sit.')).json().id as string;
    const adminPost = (await post(admin, 'House rules, gently.', 'House rules')).json().id as string;
    const flaggers = [await establishedMember(), await establishedMember(), await establishedMember()];
    const answers: boolean[] = [];
    for (const flagger of flaggers) answers.push((await flagPost(flagger, memberPost)).json().isHidden);
    expect(answers).toEqual([false, false, true]);
    expect((await get(other, `/api/posts/${memberPost}`)).statusCode).toBe(404);

    for (const flagger of flaggers) {
      const flagged = await flagPost(flagger, adminPost);
      expect(flagged.statusCode).toBe(201);
      expect(flagged.json().isHidden).toBe(false);
    }
    expect((await get(other, `/api/posts/${adminPost}`)).statusCode).toBe(200);
    expect(await queueItem(adminPost)).toMatchObject({
      isHidden: false,
      flaggerCount: 3,
      countedFlaggerCount: 3,
    });

    // A moderator's comment the same way.
    const replyId = (await comment(moderator, hostPostId, 'Please keep it kind, everyone.')).json()
      .id as string;
    for (const flagger of flaggers) {
      const flagged = await flagger.request({
        method: 'POST',
        url: `/api/comments/${replyId}/flag`,
        payload: { reason: 'unkind' },
      });
      expect(flagged.json().isHidden).toBe(false);
    }
    const seen = (await get(other, `/api/posts/${hostPostId}/comments`)).json() as { id: string }[];
    expect(seen.map((reply) => reply.id)).toContain(replyId);
    await expectCountersMatchRows(t.app);
  });

  it('a muted member’s flag does not count', async () => {
    const memberPost = (await post(settled, 'A walk by the river.')).json().id as string;
    const [first, second, mutedOne] = [
      await establishedMember(),
      await establishedMember(),
      await establishedMember(),
    ];
    const muted = await moderator.request({
      method: 'POST',
      url: `/api/admin/users/${mutedOne!.userId}/mute`,
      payload: { days: 7, reason: 'Cooling off' },
    });
    expect(muted.statusCode).toBe(200);
    // The muted member cannot flag any more (403), and one flagged before the mute stops counting.
    await flagPost(first!, memberPost);
    expect((await flagPost(mutedOne!, memberPost)).statusCode).toBe(403);
    await t.app.database.db
      .update(users)
      .set({ mutedAt: null, mutedUntil: null })
      .where(eq(users.id, mutedOne!.userId));
    expect((await flagPost(mutedOne!, memberPost)).statusCode).toBe(201);
    await t.app.database.db
      .update(users)
      .set({ mutedAt: new Date(), mutedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, mutedOne!.userId));
    expect((await flagPost(second!, memberPost)).json().isHidden).toBe(false);
    const item = await queueItem(memberPost);
    expect(item).toMatchObject({ flaggerCount: 3, countedFlaggerCount: 2 });
    expect(item!.flaggers.find((flagger) => flagger.member.id === mutedOne!.userId)).toMatchObject({
      isEstablished: false,
      counts: false,
    });
  });

  it('accounts made from one address within a day count once', async () => {
    const memberPost = (await post(settled, 'Evening sit, short.')).json().id as string;
    const address = randomClientAddress();
    const siblings = [
      await establishedMember(address),
      await establishedMember(address),
      await establishedMember(address),
    ];
    for (const flagger of siblings) expect((await flagPost(flagger, memberPost)).json().isHidden).toBe(false);
    expect(await queueItem(memberPost)).toMatchObject({ flaggerCount: 3, countedFlaggerCount: 1 });
    expect((await get(other, `/api/posts/${memberPost}`)).statusCode).toBe(200);

    // Two members from elsewhere make three that count: now it hides.
    expect((await flagPost(await establishedMember(), memberPost)).json().isHidden).toBe(false);
    expect((await flagPost(await establishedMember(), memberPost)).json().isHidden).toBe(true);
    await expectCountersMatchRows(t.app);
  });
});
