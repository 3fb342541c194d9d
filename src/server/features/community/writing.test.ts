import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newComment, newForum, newPost } from '../../../../tests/setup/community.ts';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { forumPosts, notifications, users } from '../../db/schema/index.ts';

/** Writing well: Markdown previews and mentions (docs/product.md, Community; decision 033). */

const t = setUpTestApp({ RATE_LIMIT_SCALE: '100' });
const [visitor, premium, admin] = setUpActors(t, 'visitor', 'premium', 'admin');
const [alice, bob, carol] = setUpActors(t, 'member', 'member', 'member');

beforeAll(async () => {
  const names: [Actor, string, string][] = [
    [alice, 'Alice', 'Moss'],
    [bob, 'Bob', 'Reed'],
    [carol, 'Carol', 'Fern'],
    [premium, 'Petra', 'Lake'],
  ];
  for (const [actor, firstName, lastName] of names) {
    await t.app.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, actor.userId!));
  }
});

const token = (name: string, actor: Actor) => `@[${name}](user:${actor.userId})`;

const createForum = (body: Record<string, unknown> = {}) =>
  newForum(admin, { description: 'Quiet.', ...body });
const post = (actor: Actor, slug: string, content: string, title = 'Morning sit') =>
  newPost(actor, slug, { title, content });
const comment = (actor: Actor, postId: string, content: string) => newComment(actor, postId, { content });

/** Mention notices to this member about this post (the notification centre delivers them). */
async function mentionNotices(actor: Actor, postId: string) {
  return t.app.database.db
    .select({ actorId: notifications.actorId, link: notifications.link })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, actor.userId!),
        eq(notifications.kind, 'mention'),
        eq(notifications.postId, postId),
      ),
    );
}

describe('Markdown in posts', () => {
  it('keeps the source as written and lists a plain-text preview', async () => {
    const forum = await createForum();
    const source = `**Slow** breathing, *gently*.\n\n> a quote\n\n- one\n- two\n\nSee [the guide](https://example.com/g) and \`box breathing\` ${'calm '.repeat(40)}`;
    const created = await post(alice, forum.slug, source);
    expect(created.content).toBe(source.trim());
    const list = (await visitor.request({ url: `/api/forums/${forum.slug}/posts` })).json();
    const preview: string = list[0].content;
    expect(
      preview.startsWith('Slow breathing, gently. a quote one two See the guide and box breathing calm'),
    ).toBe(true);
    expect(preview).not.toMatch(/[*>`[\]]|https:/);
    expect(preview).toHaveLength(151);
    expect(preview.endsWith('…')).toBe(true);
  });

  it('counts the 2000-character limit on the source text', async () => {
    const forum = await createForum();
    const content = `**${'a'.repeat(1996)}**`;
    expect(content).toHaveLength(2000);
    await post(alice, forum.slug, content);
    const tooLong = await alice.request({
      method: 'POST',
      url: `/api/forums/${forum.slug}/posts`,
      payload: { title: 'Long', content: `${content}*` },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('gives a plain-text excerpt of the comment a reply quotes', async () => {
    const forum = await createForum();
    const { id } = await post(alice, forum.slug, 'Hello');
    const first = await comment(bob, id, '**Thank you** for [this](https://example.com)');
    const response = await carol.request({
      method: 'POST',
      url: `/api/posts/${id}/comments`,
      payload: { content: 'Agreed', replyToId: first.id },
    });
    expect(response.json().replyTo.excerpt).toBe('Thank you for this');
  });
});

describe('mentions', () => {
  it('stores a mention by user id and tells the member once, in the notification centre', async () => {
    const forum = await createForum();
    const created = await post(alice, forum.slug, `Thank you ${token('Bob Reed', bob)}!`);
    const [stored] = await t.app.database.db
      .select({ content: forumPosts.content })
      .from(forumPosts)
      .where(eq(forumPosts.id, created.id));
    expect(stored!.content).toBe(`Thank you @[Bob Reed](user:${bob.userId})!`);
    const notices = await mentionNotices(bob, created.id);
    expect(notices).toEqual([{ actorId: alice.userId, link: `/community/posts/${created.id}` }]);
  });

  it('does not tell the member again when the author edits and re-saves the mention', async () => {
    const forum = await createForum();
    const created = await post(alice, forum.slug, `Hi ${token('Bob Reed', bob)}`);
    const edit = (content: string) =>
      alice.request({
        method: 'PUT',
        url: `/api/posts/${created.id}`,
        payload: { title: 'Morning sit', content },
      });
    expect((await edit(`Hi again ${token('Bob Reed', bob)}`)).statusCode).toBe(200);
    expect((await edit('No mention now')).statusCode).toBe(200);
    expect((await edit(`Back: ${token('Bob Reed', bob)} and ${token('Carol Fern', carol)}`)).statusCode).toBe(
      200,
    );
    expect(await mentionNotices(bob, created.id)).toHaveLength(1);
    // Someone newly mentioned by an edit is told.
    expect(await mentionNotices(carol, created.id)).toHaveLength(1);
  });

  it('tells each member once per item even when mentioned twice, and never the author', async () => {
    const forum = await createForum();
    const created = await post(
      alice,
      forum.slug,
      `${token('Alice', alice)} ${token('Bob', bob)} ${token('Bob', bob)}`,
    );
    expect(await mentionNotices(alice, created.id)).toHaveLength(0);
    expect(await mentionNotices(bob, created.id)).toHaveLength(1);
  });

  it('tells members mentioned in a comment, and on a comment edit only the new ones', async () => {
    const forum = await createForum();
    const { id } = await post(alice, forum.slug, 'A question');
    const made = await comment(bob, id, `${token('Carol', carol)} what do you think?`);
    expect(await mentionNotices(carol, id)).toHaveLength(1);
    const edited = await bob.request({
      method: 'PUT',
      url: `/api/comments/${made.id}`,
      payload: { content: `${token('Carol', carol)} and ${token('Alice', alice)}, what do you think?` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await mentionNotices(carol, id)).toHaveLength(1);
    expect(await mentionNotices(alice, id)).toHaveLength(1);
  });

  it('shows the name a member has now, in posts, comment pages and lists', async () => {
    const forum = await createForum();
    const created = await post(alice, forum.slug, `With ${token('Carol Fern', carol)}`);
    await comment(bob, created.id, `Yes ${token('Carol Fern', carol)}`);
    await t.app.database.db.update(users).set({ firstName: 'Caroline' }).where(eq(users.id, carol.userId!));
    try {
      const fresh = `@[Caroline Fern](user:${carol.userId})`;
      expect((await bob.request({ url: `/api/posts/${created.id}` })).json().content).toBe(`With ${fresh}`);
      expect((await bob.request({ url: `/api/posts/${created.id}/comments` })).json()[0].content).toBe(
        `Yes ${fresh}`,
      );
    } finally {
      await t.app.database.db.update(users).set({ firstName: 'Carol' }).where(eq(users.id, carol.userId!));
    }
  });

  it('shows a mention of someone who does not exist as plain text', async () => {
    const forum = await createForum();
    const ghost = randomUUID();
    const created = await post(
      alice,
      forum.slug,
      `Hello @[Nobody Here](user:${ghost}) and ${token('Bob', bob)}`,
    );
    const content: string = (await bob.request({ url: `/api/posts/${created.id}` })).json().content;
    expect(content).toBe(`Hello @Nobody Here and @[Bob Reed](user:${bob.userId})`);
  });

  it('in a premium forum, tells only those who may read it', async () => {
    const forum = await createForum({ isPremium: true });
    const created = await post(premium, forum.slug, `${token('Bob', bob)} ${token('Admin', admin)}`);
    expect(await mentionNotices(bob, created.id)).toHaveLength(0);
    expect(await mentionNotices(admin, created.id)).toHaveLength(1);
  });
});

describe('GET /api/forums/:id/mentionable', () => {
  it('offers the thread first, then recent posters, never the writer, filtered by name', async () => {
    const forum = await createForum();
    await post(carol, forum.slug, 'Earlier post');
    const { id } = await post(alice, forum.slug, 'Thread');
    await comment(bob, id, 'In the thread');
    const all = await alice.request({ url: `/api/forums/${forum.id}/mentionable?postId=${id}` });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().map((p: { name: string }) => p.name)).toEqual(['Bob Reed', 'Carol Fern']);
    const filtered = await alice.request({ url: `/api/forums/${forum.id}/mentionable?q=car&postId=${id}` });
    expect(filtered.json()).toEqual([{ id: carol.userId, name: 'Carol Fern', profileImageUrl: null }]);
    const wildcard = await alice.request({ url: `/api/forums/${forum.id}/mentionable?q=%25` });
    expect(wildcard.json()).toEqual([]);
    const withoutThread = await bob.request({ url: `/api/forums/${forum.id}/mentionable` });
    expect(withoutThread.json().map((p: { name: string }) => p.name)).toEqual(['Alice Moss', 'Carol Fern']);
  });

  it('keeps the reading rules: visitors 401, premium forums 403 without premium, unknown 404', async () => {
    const open = await createForum();
    const paid = await createForum({ isPremium: true });
    await post(premium, paid.slug, 'Premium words');
    expect((await visitor.request({ url: `/api/forums/${open.id}/mentionable` })).statusCode).toBe(401);
    const blocked = await bob.request({ url: `/api/forums/${paid.id}/mentionable` });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).not.toContain('Petra');
    const allowed = await admin.request({ url: `/api/forums/${paid.id}/mentionable` });
    expect(allowed.json().map((p: { name: string }) => p.name)).toEqual(['Petra Lake']);
    expect((await bob.request({ url: `/api/forums/${randomUUID()}/mentionable` })).statusCode).toBe(404);
    const otherPost = await post(alice, open.slug, 'Elsewhere');
    const wrongPost = await admin.request({
      url: `/api/forums/${paid.id}/mentionable?postId=${otherPost.id}`,
    });
    expect(wrongPost.statusCode).toBe(404);
    expect(
      (await bob.request({ url: `/api/forums/${open.id}/mentionable?q=${'x'.repeat(51)}` })).statusCode,
    ).toBe(400);
  });
});

describe('mention limits', () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, index) => `@[Person ${index}](user:${randomUUID()})`).join(' ');

  it('a post, comment or edit names at most 5 different people; more is a 400 that says so', async () => {
    const forum = await createForum();
    const send = (url: string, method: 'POST' | 'PUT', payload: object) =>
      alice.request({ method, url, payload });
    const five = await send(`/api/forums/${forum.slug}/posts`, 'POST', { title: 'Five', content: many(5) });
    expect(five.statusCode, five.body).toBe(201);
    // The same person named again and again counts once.
    const repeated = `${token('Bob Reed', bob)} `.repeat(8);
    expect(
      (await send(`/api/posts/${five.json().id}/comments`, 'POST', { content: repeated })).statusCode,
    ).toBe(201);
    for (const [url, method, payload] of [
      [`/api/forums/${forum.slug}/posts`, 'POST', { title: 'Six', content: many(6) }],
      [`/api/posts/${five.json().id}/comments`, 'POST', { content: many(6) }],
      [`/api/posts/${five.json().id}`, 'PUT', { title: 'Five', content: many(6) }],
    ] as const) {
      const refused = await send(url, method, payload);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message).toContain('A post or comment can mention at most 5 people');
    }
  });

  it('one author pages one member at most 3 times an hour; others still reach them', async () => {
    const forum = await createForum();
    // Fresh accounts: earlier tests in this file mention the usual cast within the hour.
    const [writer, named, other] = await Promise.all([1, 2, 3].map(() => createActor(t.app, 'member')));
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(
        (await post(writer!, forum.slug, `Thinking of you ${token('Nia', named!)}`, `Note ${index}`)).id,
      );
    }
    const told = await Promise.all(ids.map((id) => mentionNotices(named!, id)));
    expect(told.map((notices) => notices.length)).toEqual([1, 1, 1, 0, 0]);
    // Another author's mention is their own allowance: it arrives.
    const fromOther = await post(other!, forum.slug, `Hello ${token('Nia', named!)}`);
    expect(await mentionNotices(named!, fromOther.id)).toEqual([
      expect.objectContaining({ actorId: other!.userId }),
    ]);
  });
});
