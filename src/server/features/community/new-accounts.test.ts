import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCountersMatchRows } from '../../../../tests/setup/community-invariants.ts';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { users } from '../../db/schema/index.ts';

/** New accounts (younger than NEW_ACCOUNT_HOURS): lower write limits, links held for review. */

const t = setUpTestApp({ NEW_ACCOUNT_HOURS: '24' });
const [moderator, admin] = setUpActors(t, 'moderator', 'admin');
const [newcomer, settled, other] = setUpActors(t, 'member', 'member', 'member');
let forum: { slug: string; id: string };

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
