import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newComment, newForum, newPost } from '../../../../tests/setup/community.ts';
import { expectCountersMatchRows } from '../../../../tests/setup/community-invariants.ts';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';

// A few members write dozens of posts within seconds here, past the production write limits
// (rate-limits.test.ts runs those).
const t = setUpTestApp({ RATE_LIMIT_SCALE: '100' });
const [visitor, premium, admin] = setUpActors(t, 'visitor', 'premium', 'admin');
const [alice, bob] = setUpActors(t, 'member', 'member');

const unique = () => randomUUID().slice(0, 8);

const createForum = (body: Record<string, unknown> = {}) => newForum(admin, body);

/** A comment as sent, its answer returned whatever the status. */
const tryComment = (actor: Actor, postId: string, content: string) =>
  actor.request({ method: 'POST', url: `/api/posts/${postId}/comments`, payload: { content } });

const comment = (actor: Actor, postId: string, content = 'Lovely.') => newComment(actor, postId, { content });

const forumBySlug = async (slug: string) =>
  (await admin.request({ method: 'GET', url: `/api/forums/${slug}` })).json();
const postById = async (id: string, actor: Actor = admin) =>
  (await actor.request({ method: 'GET', url: `/api/posts/${id}` })).json();

describe('forums (admin)', () => {
  it('keeps the language a forum is in as a canonical tag, lists it, and refuses what is no language code', async () => {
    const forum = await createForum({ language: 'DE-at' });
    expect(forum.language).toBe('de-AT');
    const listed = await visitor.request({ method: 'GET', url: '/api/forums' });
    expect(listed.json().find((row: { id: string }) => row.id === forum.id).language).toBe('de-AT');
    expect((await createForum({ language: '' })).language).toBeNull();
    const refused = await admin.request({
      method: 'POST',
      url: '/api/forums',
      payload: { title: `Other ${unique()}`, description: 'x', category: 'general', language: 'klingon' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/language/i);
  });

  it('generates an empty slug from the title, refuses a taken slug with 409 and an unknown category with 400', async () => {
    const title = `Breath & Body ${unique()}`;
    const forum = await createForum({ title, slug: '' });
    expect(forum.slug).toBe(title.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
    expect(forum).toMatchObject({ isActive: true, isPremium: false, postCount: 0, memberCount: 0 });
    const taken = await admin.request({
      method: 'POST',
      url: '/api/forums',
      payload: { title: 'Other', description: 'x', category: 'general', slug: forum.slug },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(`"${forum.slug}" already exists`);
    const category = await admin.request({
      method: 'POST',
      url: '/api/forums',
      payload: { title: 'Other', description: 'x', category: 'random' },
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toMatch(/category/i);
  });

  it('updates and deletes, cascading posts; members and visitors cannot', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    await comment(bob, post.id);
    const updated = await admin.request({
      method: 'PUT',
      url: `/api/forums/${forum.id}`,
      payload: {
        title: 'Renamed',
        description: 'New words',
        category: 'support',
        slug: forum.slug,
        isPremium: true,
      },
    });
    expect(updated.json()).toMatchObject({ title: 'Renamed', category: 'support', isPremium: true });
    expect((await alice.request({ method: 'DELETE', url: `/api/forums/${forum.id}` })).json().code).toBe(
      'ADMIN_REQUIRED',
    );
    expect((await visitor.request({ method: 'DELETE', url: `/api/forums/${forum.id}` })).statusCode).toBe(
      401,
    );
    expect((await admin.request({ method: 'DELETE', url: `/api/forums/${forum.id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/forums/${forum.id}` })).statusCode).toBe(404);
  });

  it('lists active forums for everyone and inactive ones for admins only', async () => {
    const active = await createForum();
    const inactive = await createForum({ isActive: false });
    const slugs = async (actor: Actor) =>
      (await actor.request({ method: 'GET', url: '/api/forums' }))
        .json()
        .map((f: { slug: string }) => f.slug);
    expect(await slugs(visitor)).toContain(active.slug);
    expect(await slugs(visitor)).not.toContain(inactive.slug);
    expect(await slugs(admin)).toContain(inactive.slug);
    expect((await alice.request({ method: 'GET', url: `/api/forums/${inactive.slug}` })).statusCode).toBe(
      404,
    );
  });
});

describe('posts', () => {
  it('trims, stores as typed, and lists pinned first then newest with 150-character previews', async () => {
    const forum = await createForum();
    const long = `${'Breathe. '.repeat(30)}\n<script>alert(1)</script>`;
    const first = await newPost(alice, forum.slug, { title: '  First  ', content: `  ${long}  ` });
    expect(first).toMatchObject({
      title: 'First',
      content: long.trim(),
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
    });
    expect(first.user).toMatchObject({ id: alice.userId, firstName: 'Robin', lastName: 'Vale' });
    expect(first.forum).toMatchObject({ slug: forum.slug, title: forum.title });
    const second = await newPost(bob, forum.slug, { title: 'Second' });
    const pinned = await newPost(bob, forum.slug, { title: 'Pinned one' });
    await admin.request({ method: 'PUT', url: `/api/posts/${pinned.id}/pin`, payload: { isPinned: true } });
    const list = (await visitor.request({ method: 'GET', url: `/api/forums/${forum.slug}/posts` })).json();
    expect(list.map((p: { title: string }) => p.title)).toEqual(['Pinned one', 'Second', 'First']);
    expect(list[2].content).toHaveLength(151);
    expect(list[2].content.endsWith('…')).toBe(true);
    expect(list[0].isPinned).toBe(true);
    expect((await forumBySlug(forum.slug)).postCount).toBe(3);
    expect(second.id).toBeTruthy();
  });

  it.each([
    ['an empty title', { title: '   ' }, 'Please fill in both title and content'],
    ['empty content', { content: '\n  \t' }, 'Please fill in both title and content'],
    ['a missing title', { title: undefined }, 'Please fill in both title and content'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'at most 200'],
    ['2001 characters of content', { content: 'x'.repeat(2001) }, 'at most 2000'],
  ])('refuses %s with 400 and writes nothing', async (_label, body, message) => {
    const forum = await createForum();
    const response = await alice.request({
      method: 'POST',
      url: `/api/forums/${forum.slug}/posts`,
      payload: { title: 'Title', content: 'Content', ...body },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await forumBySlug(forum.slug)).postCount).toBe(0);
  });

  it('accepts exactly 200 and 2000 characters', async () => {
    const forum = await createForum();
    await newPost(alice, forum.slug, { title: 'x'.repeat(200), content: 'y'.repeat(2000) });
  });

  it('refuses visitors (401), unknown forums (404) and closed forums (403)', async () => {
    const closed = await createForum({ isActive: false });
    const open = await createForum();
    const body = { title: 'Hi', content: 'There' };
    expect(
      (await visitor.request({ method: 'POST', url: `/api/forums/${open.slug}/posts`, payload: body }))
        .statusCode,
    ).toBe(401);
    expect(
      (await alice.request({ method: 'POST', url: '/api/forums/no-such-forum/posts', payload: body }))
        .statusCode,
    ).toBe(404);
    expect(
      (await alice.request({ method: 'POST', url: `/api/forums/${closed.slug}/posts`, payload: body }))
        .statusCode,
    ).toBe(404);
    const asAdmin = await admin.request({
      method: 'POST',
      url: `/api/forums/${closed.slug}/posts`,
      payload: body,
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().code).toBe('FORUM_INACTIVE');
  });

  it('keeps premium forums for subscribers and admins, reading and writing', async () => {
    const forum = await createForum({ isPremium: true });
    const post = await newPost(premium, forum.slug);
    for (const actor of [alice, visitor]) {
      for (const url of [
        `/api/forums/${forum.slug}/posts`,
        `/api/posts/${post.id}`,
        `/api/posts/${post.id}/comments`,
      ]) {
        const response = await actor.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({
          message: 'This community forum requires a premium subscription.',
          code: 'PREMIUM_REQUIRED',
        });
      }
    }
    const write = await alice.request({
      method: 'POST',
      url: `/api/forums/${forum.slug}/posts`,
      payload: { title: 'a', content: 'b' },
    });
    expect(write.statusCode).toBe(403);
    expect((await alice.request({ method: 'POST', url: `/api/posts/${post.id}/like` })).statusCode).toBe(403);
    expect((await tryComment(alice, post.id, 'x')).statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: `/api/forums/${forum.slug}/posts` })).statusCode).toBe(
      200,
    );
    await comment(admin, post.id);
    // The forum itself (title, counts) stays visible in the lists.
    expect((await alice.request({ method: 'GET', url: `/api/forums/${forum.slug}` })).statusCode).toBe(200);
  });

  it('applies a forum turning premium at once, although pages are cached', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    await comment(bob, post.id);
    for (const url of [`/api/forums/${forum.slug}/posts`, `/api/posts/${post.id}/comments`]) {
      expect((await alice.request({ method: 'GET', url })).statusCode).toBe(200);
    }
    await admin.request({
      method: 'PUT',
      url: `/api/forums/${forum.id}`,
      payload: {
        title: forum.title,
        description: forum.description,
        category: forum.category,
        slug: forum.slug,
        isPremium: true,
      },
    });
    for (const url of [`/api/forums/${forum.slug}/posts`, `/api/posts/${post.id}/comments`]) {
      expect((await alice.request({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });

  it('pages with a cursor without repeats', async () => {
    const forum = await createForum();
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) titles.push((await newPost(alice, forum.slug, { title: `Post ${i}` })).title);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await alice.request({
        method: 'GET',
        url: `/api/forums/${forum.slug}/posts?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      seen.push(...response.json().map((p: { title: string }) => p.title));
      cursor = response.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(seen).toEqual([...titles].reverse());
    expect(
      (await alice.request({ method: 'GET', url: `/api/forums/${forum.slug}/posts?cursor=nope` })).statusCode,
    ).toBe(400);
    expect(
      (await alice.request({ method: 'GET', url: `/api/forums/${forum.slug}/posts?limit=500` })).statusCode,
    ).toBe(400);
  });

  it('lets authors and admins delete, nobody else; comments, likes and counts go with the post', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    const bobsComment = await comment(bob, post.id);
    await bob.request({ method: 'POST', url: `/api/posts/${post.id}/like` });
    await alice.request({ method: 'POST', url: `/api/comments/${bobsComment.id}/like` });
    expect((await forumBySlug(forum.slug)).memberCount).toBe(2);

    const byBob = await bob.request({ method: 'DELETE', url: `/api/posts/${post.id}` });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json().message).toBe('You can only delete your own posts.');
    expect((await visitor.request({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(401);
    expect((await alice.request({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(204);
    expect((await alice.request({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    const after = await forumBySlug(forum.slug);
    expect(after).toMatchObject({ postCount: 0, memberCount: 0 });
    const { rows } = await t.app.database.db.execute(
      sql`select (select count(*)::int from forum_comments where post_id = ${post.id}) as comments,
                 (select count(*)::int from post_likes where post_id = ${post.id}) as likes`,
    );
    expect(rows[0]).toEqual({ comments: 0, likes: 0 });

    const other = await newPost(bob, forum.slug);
    const removed = await admin.request({
      method: 'DELETE',
      url: `/api/posts/${other.id}`,
      payload: { reason: 'Duplicate post' },
    });
    expect(removed.statusCode).toBe(204);
    await expectCountersMatchRows(t.app);
  });

  it('lets only admins pin', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    expect(
      (await alice.request({ method: 'PUT', url: `/api/posts/${post.id}/pin`, payload: { isPinned: true } }))
        .statusCode,
    ).toBe(403);
    const pinned = await admin.request({
      method: 'PUT',
      url: `/api/posts/${post.id}/pin`,
      payload: { isPinned: true },
    });
    expect(pinned.json().isPinned).toBe(true);
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: `/api/posts/${randomUUID()}/pin`,
          payload: { isPinned: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin.request({ method: 'PUT', url: `/api/posts/${post.id}/pin`, payload: {} })).statusCode,
    ).toBe(400);
  });

  it('answers 404 for unknown posts and 400 for malformed ids', async () => {
    expect((await alice.request({ method: 'GET', url: `/api/posts/${randomUUID()}` })).statusCode).toBe(404);
    expect((await alice.request({ method: 'GET', url: '/api/posts/42' })).statusCode).toBe(400);
    expect((await alice.request({ method: 'POST', url: `/api/posts/${randomUUID()}/like` })).statusCode).toBe(
      404,
    );
  });
});

describe('comments and likes', () => {
  it('adds trimmed comments oldest first, counts them, and refuses empty ones', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    const first = await comment(bob, post.id, '  Thank you for this.  ');
    expect(first).toMatchObject({
      content: 'Thank you for this.',
      likeCount: 0,
      likedByMe: false,
      postId: post.id,
    });
    await comment(alice, post.id, 'Second');
    const empty = await tryComment(bob, post.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect((await tryComment(visitor, post.id, 'x')).statusCode).toBe(401);
    expect((await tryComment(bob, randomUUID(), 'x')).statusCode).toBe(404);
    const list = (await visitor.request({ method: 'GET', url: `/api/posts/${post.id}/comments` })).json();
    expect(list.map((c: { content: string }) => c.content)).toEqual(['Thank you for this.', 'Second']);
    expect((await postById(post.id)).commentCount).toBe(2);
    expect((await forumBySlug(forum.slug)).memberCount).toBe(2);
  });

  it('lets comment authors and admins delete comments, and keeps counts exact', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    const bobs = await comment(bob, post.id);
    const alices = await comment(alice, post.id);
    const byAlice = await alice.request({ method: 'DELETE', url: `/api/comments/${bobs.id}` });
    expect(byAlice.statusCode).toBe(403);
    expect(byAlice.json().message).toBe('You can only delete your own comments.');
    expect((await bob.request({ method: 'DELETE', url: `/api/comments/${bobs.id}` })).statusCode).toBe(204);
    expect((await forumBySlug(forum.slug)).memberCount).toBe(1);
    expect(
      (
        await admin.request({
          method: 'DELETE',
          url: `/api/comments/${alices.id}`,
          payload: { reason: 'Off topic' },
        })
      ).statusCode,
    ).toBe(204);
    expect((await postById(post.id)).commentCount).toBe(0);
    expect(
      (
        await admin.request({
          method: 'DELETE',
          url: `/api/comments/${alices.id}`,
          payload: { reason: 'Off topic' },
        })
      ).statusCode,
    ).toBe(404);
    // Alice still has her post: still a member.
    expect((await forumBySlug(forum.slug)).memberCount).toBe(1);
    await expectCountersMatchRows(t.app);
  });

  it('toggles likes and reports whether the caller liked', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    const like = () => bob.request({ method: 'POST', url: `/api/posts/${post.id}/like` });
    expect((await like()).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await postById(post.id, bob)).likedByMe).toBe(true);
    expect((await postById(post.id, alice)).likedByMe).toBe(false);
    const listed = (await bob.request({ method: 'GET', url: `/api/forums/${forum.slug}/posts` })).json();
    expect(listed[0]).toMatchObject({ likeCount: 1, likedByMe: true });
    expect((await like()).json()).toEqual({ liked: false, likeCount: 0 });
    const c = await comment(alice, post.id);
    expect((await bob.request({ method: 'POST', url: `/api/comments/${c.id}/like` })).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(
      (await bob.request({ method: 'GET', url: `/api/posts/${post.id}/comments` })).json()[0].likedByMe,
    ).toBe(true);
    expect((await visitor.request({ method: 'POST', url: `/api/comments/${c.id}/like` })).statusCode).toBe(
      401,
    );
    expect(
      (await bob.request({ method: 'POST', url: `/api/comments/${randomUUID()}/like` })).statusCode,
    ).toBe(404);
  });

  it("shares the cached forum page but marks each member's own likes", async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    const page = async (actor: Actor) =>
      (await actor.request({ method: 'GET', url: `/api/forums/${forum.slug}/posts` })).json()[0];
    expect(await page(visitor)).toMatchObject({ likeCount: 0, likedByMe: false });
    await bob.request({ method: 'POST', url: `/api/posts/${post.id}/like` });
    expect(await page(bob)).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(await page(alice)).toMatchObject({ likeCount: 1, likedByMe: false });
    expect(await page(visitor)).toMatchObject({ likeCount: 1, likedByMe: false });
  });

  it("sends visitors the shared pages as the members' answers, the same bytes from the cache", async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    await comment(bob, post.id, `Thank you @[Alice](user:${alice.userId}).`);
    for (const url of [`/api/forums/${forum.slug}/posts`, `/api/posts/${post.id}/comments`]) {
      const first = await visitor.request({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      // The member's answer goes through the route's serialiser; nobody liked anything here.
      expect(first.json(), url).toEqual((await admin.request({ method: 'GET', url })).json());
      expect((await visitor.request({ method: 'GET', url })).body, url).toBe(first.body);
    }
  });

  it('checks every reader of a shared page for their own access, also readers who miss together', async () => {
    const forum = await createForum({ isPremium: true });
    const post = await newPost(premium, forum.slug);
    await comment(premium, post.id);
    for (const url of [`/api/forums/${forum.slug}/posts`, `/api/posts/${post.id}/comments`]) {
      // No entry yet: the four requests start together and share one read of the page.
      const [asPremium, asVisitor, asMember, asPremiumAgain] = await Promise.all(
        [premium, visitor, alice, premium].map((actor) => actor.request({ method: 'GET', url })),
      );
      expect(asPremium!.statusCode, url).toBe(200);
      expect(asPremiumAgain!.json(), url).toEqual(asPremium!.json());
      expect(asVisitor!.statusCode, url).toBe(403);
      expect(asMember!.statusCode, url).toBe(403);
    }
  });

  it('keeps likeCount equal to the rows under 50 concurrent toggles', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    const c = await comment(alice, post.id);
    const actors = await Promise.all(Array.from({ length: 10 }, () => createActor(t.app, 'member')));
    const toggles = Array.from({ length: 50 }, (_, i) => {
      const actor = actors[i % actors.length]!;
      return [
        actor.request({ method: 'POST', url: `/api/posts/${post.id}/like` }),
        actor.request({ method: 'POST', url: `/api/comments/${c.id}/like` }),
      ];
    }).flat();
    const responses = await Promise.all(toggles);
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    await expectCountersMatchRows(t.app);
    // Each member toggled five times: an odd number of likes each → all liked, unless two toggles
    // of one member met at the database, where the unique key lets only one count.
    const { likeCount } = await postById(post.id);
    const { rows } = await t.app.database.db.execute(
      sql`select count(*)::int as n from post_likes where post_id = ${post.id}`,
    );
    expect(likeCount).toBe(rows[0]?.n);
  });

  it('keeps memberCount exact when members post and comment concurrently', async () => {
    const forum = await createForum();
    const post = await newPost(alice, forum.slug);
    const actors = await Promise.all(Array.from({ length: 8 }, () => createActor(t.app, 'member')));
    await Promise.all(
      actors.flatMap((actor) => [
        actor.request({ method: 'POST', url: `/api/posts/${post.id}/comments`, payload: { content: 'Hi' } }),
        actor.request({
          method: 'POST',
          url: `/api/forums/${forum.slug}/posts`,
          payload: { title: 'T', content: 'C' },
        }),
      ]),
    );
    expect((await forumBySlug(forum.slug)).memberCount).toBe(9);
    await expectCountersMatchRows(t.app);
  });
});

describe('client-chosen post ids', () => {
  it('a retry with the same id gives back the same post, once; another member or forum gets 409', async () => {
    const forum = await createForum();
    const other = await createForum();
    const id = randomUUID();
    const send = (actor: Actor, slug = forum.slug) =>
      actor.request({
        method: 'POST',
        url: `/api/forums/${slug}/posts`,
        payload: { id, title: 'Retried', content: 'Sent twice over a bad connection.' },
      });
    const first = await send(alice);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().id).toBe(id);
    const retries = await Promise.all([send(alice), send(alice), send(alice)]);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(id);
    }
    expect((await forumBySlug(forum.slug)).postCount).toBe(1);
    expect((await send(bob)).statusCode).toBe(409);
    expect((await send(alice, other.slug)).statusCode).toBe(409);
    const malformed = await alice.request({
      method: 'POST',
      url: `/api/forums/${forum.slug}/posts`,
      payload: { id: 'not-a-uuid', title: 'x', content: 'y' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/id must be a UUID/);
  });
});
