import { randomUUID } from 'node:crypto';
import { MAX_SEARCH_LENGTH, type SearchResult, SearchResultSchema } from '@shared/schemas/search.ts';
import { sql } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { newComment, newForum, newPost } from '../../../../tests/setup/community.ts';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { toViewerAccess } from '../../lib/viewer.ts';
import { PREMIUM_TEASER_MAX_LENGTH } from '../library/index.ts';
import { RECENT_WINDOW, searchForums } from './search.service.ts';

const t = setUpTestApp({ RATE_LIMIT_SCALE: '100', NEW_ACCOUNT_HOURS: '0' });
const [visitor, premium, moderator, admin] = setUpActors(t, 'visitor', 'premium', 'moderator', 'admin');
const [member, author] = setUpActors(t, 'member', 'member');

/** A word no other row holds: each test searches for its own. */
const word = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

const searchForum = (options: { isPremium?: boolean; isActive?: boolean } = {}) =>
  newForum(admin, {
    title: `Search ${randomUUID().slice(0, 8)}`,
    description: 'A forum to search.',
    category: 'general',
    ...options,
  });

const postIn = (actor: Actor, slug: string, title: string, content = 'Twenty minutes by the window.') =>
  newPost(actor, slug, { title, content });

/** A moderator hides or removes a post or a comment (204 expected). */
async function moderate(kind: 'posts' | 'comments', id: string, action: 'hide' | 'remove', payload = {}) {
  const response = await moderator.request({
    method: 'POST',
    url: `/api/admin/moderation/${kind}/${id}/${action}`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(204);
}

const commentOn = (actor: Actor, postId: string, content: string) => newComment(actor, postId, { content });

async function newItem(values: Record<string, unknown>) {
  const response = await admin.request({
    method: 'POST',
    url: '/api/videos',
    payload: { type: 'post', ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function searchAs(actor: Actor, q: string, extra = '') {
  const response = await actor.request({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}${extra}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResult;
}

const postIds = (result: SearchResult) => result.posts.map((hit) => hit.id);

describe('GET /api/search: who and what', () => {
  it('visitors get 401; bad input answers 400 with a readable message', async () => {
    expect((await visitor.request({ method: 'GET', url: '/api/search?q=calm' })).statusCode).toBe(401);
    const cases: [string, string][] = [
      ['', 'Please type'],
      ['q=a', 'at least 2'],
      ['q=%20%20a%20', 'at least 2'],
      [`q=${'b'.repeat(MAX_SEARCH_LENGTH + 1)}`, `at most ${MAX_SEARCH_LENGTH}`],
      ['q=%21%21%3F%3F', 'word or a number'],
      ['q=calm&section=everything', 'section'],
      ['q=calm&limit=500', 'limit'],
      ['q=calm&section=posts&cursor=not-a-cursor', 'cursor'],
    ];
    for (const [query, message] of cases) {
      const response = await member.request({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
  });

  it('finds posts and comments by words and word beginnings, with the passage that matched', async () => {
    const forum = await searchForum();
    const term = word('lantern');
    const post = await postIn(author, forum.slug, `Evening ${term} walk`, 'A slow walk at dusk.');
    const other = await postIn(author, forum.slug, 'Morning tea', 'Steam rising.');
    const comment = await commentOn(
      member,
      other.id,
      `${'Quiet words before the match. '.repeat(8)}I carried a ${term} through the garden.`,
    );
    const result = await searchAs(member, term.slice(0, 12));
    expect(postIds(result).sort()).toEqual([post.id, comment.id].sort());
    const commentHit = result.posts.find((hit) => hit.id === comment.id)!;
    expect(commentHit).toMatchObject({
      kind: 'comment',
      postId: other.id,
      postTitle: 'Morning tea',
      forum: { slug: forum.slug, isPremium: false },
      isHidden: false,
      isHeld: false,
    });
    // The passage around the match, not the opening, and no markers left in it.
    expect(commentHit.excerpt).toContain(term);
    expect(commentHit.excerpt.length).toBeLessThan(400);
    for (const marker of ['\u0002', '\u0003', '<', '>']) expect(commentHit.excerpt).not.toContain(marker);
    const postHit = result.posts.find((hit) => hit.id === post.id)!;
    expect(postHit).toMatchObject({ kind: 'post', postId: post.id, postTitle: `Evening ${term} walk` });
    // A short text is shown whole; a long one as the passage around the match, marked as cut.
    expect(postHit.excerpt).toBe('A slow walk at dusk.');
    expect(commentHit.excerpt.startsWith('… ')).toBe(true);
  });

  it("sends the bytes the response schema's serialiser writes, from each section's shared bytes", async () => {
    const forum = await searchForum();
    const term = word('harbour');
    await newItem({ title: `A ${term} at dawn`, description: 'Boats and gulls.' });
    await newItem({ title: `The ${term} at night`, description: 'Lights on the water.' });
    await postIn(author, forum.slug, `A ${term} bench`, 'Gulls overhead.');
    await postIn(author, forum.slug, `Another ${term} bench`, 'Rope and tar.');
    const serialize = serializerCompiler({
      schema: SearchResultSchema,
      method: 'GET',
      url: '/api/search',
      httpStatus: '200',
    }) as (data: unknown) => string;
    // Twice: the second answer comes from the shared sections and their kept bytes.
    for (let round = 0; round < 2; round += 1) {
      const response = await member.request({ method: 'GET', url: `/api/search?q=${term}&limit=1` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const result = response.json() as SearchResult;
      expect(result.content).toHaveLength(1);
      expect(result.posts).toHaveLength(1);
      expect(result.nextCursors.content).toEqual(expect.any(String));
      expect(result.nextCursors.posts).toEqual(expect.any(String));
      expect(response.body).toBe(serialize(result));
    }
  });

  it('library: drafts never (admins included), premium items as teasers without access', async () => {
    const term = word('harbour');
    const secret = word('secret');
    const longText = `${'Breathe in slowly and notice the feet. '.repeat(20)} ${secret} ${term} at the end.`;
    const published = await newItem({ title: `Free ${term}`, description: 'A short sit.' });
    const draft = await newItem({ title: `Draft ${term}`, description: 'Unfinished.', isPublished: false });
    const paid = await newItem({ title: `Premium ${term}`, description: longText, isPremium: true });
    for (const actor of [member, premium, moderator, admin]) {
      const ids = (await searchAs(actor, term)).content.map((item) => item.id);
      expect(ids, actor.role).toContain(published.id);
      expect(ids, actor.role).toContain(paid.id);
      expect(ids, actor.role).not.toContain(draft.id);
    }
    const asMember = (await searchAs(member, term)).content.find((item) => item.id === paid.id)!;
    expect(asMember.isTeaser).toBe(true);
    expect(asMember.description.length).toBeLessThanOrEqual(PREMIUM_TEASER_MAX_LENGTH);
    expect(JSON.stringify(await searchAs(member, term))).not.toContain(secret);
    const asPremium = (await searchAs(premium, term)).content.find((item) => item.id === paid.id)!;
    expect(asPremium.isTeaser).toBe(false);
    expect(asPremium.description).toContain(secret);
    // Without access a premium item is not found by the words of its withheld text.
    expect((await searchAs(member, secret)).content).toEqual([]);
    expect((await searchAs(premium, secret)).content.map((item) => item.id)).toEqual([paid.id]);
  });

  it('premium forums: never for members without premium access', async () => {
    const forum = await searchForum({ isPremium: true });
    const term = word('premiumforum');
    const post = await postIn(premium, forum.slug, `Inside ${term}`);
    const comment = await commentOn(premium, post.id, `A reply about ${term}`);
    expect((await searchAs(member, term)).posts).toEqual([]);
    expect((await searchAs(moderator, term)).posts).toEqual([]);
    expect(postIds(await searchAs(premium, term)).sort()).toEqual([post.id, comment.id].sort());
    expect(postIds(await searchAs(admin, term)).sort()).toEqual([post.id, comment.id].sort());
  });

  it('inactive forums: only admins, as on the forum pages', async () => {
    const forum = await searchForum();
    const term = word('inactive');
    const post = await postIn(author, forum.slug, `Old ${term}`);
    const off = await admin.request({
      method: 'PUT',
      url: `/api/forums/${forum.id}`,
      payload: { title: 'Closed', description: 'Closed now.', category: 'general', isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    for (const actor of [member, author, premium, moderator]) {
      expect((await searchAs(actor, term)).posts, actor.role).toEqual([]);
    }
    expect(postIds(await searchAs(admin, term))).toEqual([post.id]);
  });

  it('hidden items: their author and moderators only; a hidden post hides its comments too', async () => {
    const forum = await searchForum();
    const term = word('hidden');
    const post = await postIn(author, forum.slug, `Flagged ${term}`);
    const reply = await commentOn(member, post.id, `Answering ${term}`);
    const visiblePost = await postIn(author, forum.slug, 'Open one');
    const hiddenComment = await commentOn(member, visiblePost.id, `Hidden remark ${term}`);
    await moderate('posts', post.id, 'hide');
    await moderate('comments', hiddenComment.id, 'hide');

    const other = await createActor(t.app, 'member');
    expect((await searchAs(other, term)).posts).toEqual([]);
    expect((await searchAs(premium, term)).posts).toEqual([]);
    // The author of the hidden post sees it (marked) and the visible reply on it, as on its page;
    // not the other member's hidden comment.
    const asAuthor = await searchAs(author, term);
    expect(postIds(asAuthor).sort()).toEqual([post.id, reply.id].sort());
    expect(asAuthor.posts.find((hit) => hit.id === post.id)!.isHidden).toBe(true);
    // The commenter sees their own hidden comment; their reply on a hidden post stays out of sight.
    expect(postIds(await searchAs(member, term))).toEqual([hiddenComment.id]);
    expect(postIds(await searchAs(moderator, term)).sort()).toEqual(
      [post.id, reply.id, hiddenComment.id].sort(),
    );
    expect(postIds(await searchAs(admin, term)).sort()).toEqual([post.id, reply.id, hiddenComment.id].sort());
  });

  it('members who may see the same rows share one answer for a few seconds (a write elsewhere is not seen)', async () => {
    const forum = await searchForum();
    const term = word('shared');
    const post = await postIn(author, forum.slug, `Shared ${term}`);
    const [first, second] = [await createActor(t.app, 'member'), await createActor(t.app, 'member')];
    expect(postIds(await searchAs(first, term))).toEqual([post.id]);
    // A change no service made (another instance's write, say) shows once the entry expires.
    await t.app.database.db.execute(sql`update forum_posts set content = 'Changed.' where id = ${post.id}`);
    const excerpts = (result: SearchResult) => result.posts.map((hit) => hit.excerpt);
    expect(excerpts(await searchAs(second, term))).toEqual(['Twenty minutes by the window.']);
    // Premium access is another audience: its own answer, read now.
    expect(excerpts(await searchAs(premium, term))).toEqual(['Changed.']);
  });

  it('answers shared for a few seconds never outlive a write: a hide, a new post, a removal show at once', async () => {
    const forum = await searchForum();
    const term = word('cached');
    const post = await postIn(author, forum.slug, `First ${term}`);
    const reader = await createActor(t.app, 'member');
    expect(postIds(await searchAs(reader, term))).toEqual([post.id]);
    await moderate('posts', post.id, 'hide');
    expect(postIds(await searchAs(reader, term))).toEqual([]);
    // Its author now has a hidden item: their answers are their own, with it.
    expect(postIds(await searchAs(author, term))).toEqual([post.id]);
    expect(postIds(await searchAs(reader, term))).toEqual([]);
    const second = await postIn(member, forum.slug, `Second ${term}`);
    expect(postIds(await searchAs(reader, term))).toEqual([second.id]);
    const comment = await commentOn(member, second.id, `A reply on ${term}`);
    expect(postIds(await searchAs(reader, term))).toEqual([comment.id, second.id]);
    await moderate('comments', comment.id, 'remove', { reason: 'Off topic' });
    expect(postIds(await searchAs(reader, term))).toEqual([second.id]);
    // The library section too: an admin's new item, then its change to a draft.
    expect((await searchAs(reader, term)).content).toEqual([]);
    const item = await newItem({ title: `Item ${term}`, description: 'A short sit.' });
    expect((await searchAs(reader, term)).content.map((found) => found.id)).toEqual([item.id]);
    const drafted = await admin.request({
      method: 'PUT',
      url: `/api/videos/${item.id}`,
      payload: { type: 'post', title: `Item ${term}`, description: 'A short sit.', isPublished: false },
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect((await searchAs(reader, term)).content).toEqual([]);
  });

  it('removed and deleted items are gone', async () => {
    const forum = await searchForum();
    const term = word('removed');
    const post = await postIn(author, forum.slug, `Going ${term}`);
    const comment = await commentOn(member, post.id, `Soon gone ${term}`);
    const kept = await postIn(author, forum.slug, `Staying ${term}`);
    await moderate('comments', comment.id, 'remove', { reason: 'Off topic' });
    expect((await author.request({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(204);
    for (const actor of [member, moderator, admin]) {
      expect(postIds(await searchAs(actor, term)), actor.role).toEqual([kept.id]);
    }
  });

  it('each section pages on with its own cursor, newest first, without repeats', async () => {
    const forum = await searchForum();
    const term = word('paged');
    const made: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const post = await postIn(author, forum.slug, `Post ${index} ${term}`);
      made.push(post.id, (await commentOn(member, post.id, `Comment ${index} ${term}`)).id);
    }
    for (let index = 0; index < 3; index += 1)
      await newItem({ title: `Item ${index} ${term}`, description: 'x' });
    const first = await searchAs(member, term, '&limit=4');
    expect(first.posts).toHaveLength(4);
    expect(first.content).toHaveLength(3);
    expect(first.nextCursors.content).toBeNull();
    expect(first.nextCursors.posts).not.toBeNull();
    const second = await searchAs(member, term, `&limit=4&section=posts&cursor=${first.nextCursors.posts}`);
    expect(second.content).toEqual([]);
    expect(second.posts).toHaveLength(2);
    expect(second.nextCursors.posts).toBeNull();
    const all = [...first.posts, ...second.posts];
    expect(all.map((hit) => hit.id).sort()).toEqual([...made].sort());
    const times = all.map((hit) => hit.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const library = await searchAs(member, term, '&limit=2&section=content');
    expect(library.posts).toEqual([]);
    const rest = await searchAs(
      member,
      term,
      `&limit=2&section=content&cursor=${library.nextCursors.content}`,
    );
    expect([...library.content, ...rest.content]).toHaveLength(3);
  });

  it('matches older than the newest-rows window come from the full-text index, in the same order and pages', async () => {
    const forum = await searchForum();
    const term = word('window');
    const first = await postIn(author, forum.slug, `First ${term}`);
    const reply = await commentOn(member, first.id, `Reply ${term}`);
    const hiddenReply = await commentOn(member, first.id, `Hidden reply ${term}`);
    const second = await postIn(author, forum.slug, `Second ${term}`);
    await moderate('comments', hiddenReply.id, 'hide');
    // Newer rows without the word, so a small window holds no match at all.
    for (let index = 0; index < 3; index += 1) {
      const filler = await postIn(author, forum.slug, `Filler ${index}`);
      await commentOn(member, filler.id, `Nothing to find ${index}`);
    }
    const viewerOf = (actor: Actor) =>
      toViewerAccess({
        id: actor.userId!,
        isAdmin: actor.role === 'admin',
        isModerator: actor.role === 'moderator',
        subscriptionStatus: actor.role === 'premium' ? 'active' : null,
      });
    const other = await createActor(t.app, 'member');
    const expected = new Map<Actor, string[]>([
      [member, [second.id, hiddenReply.id, reply.id, first.id]],
      [moderator, [second.id, hiddenReply.id, reply.id, first.id]],
      [other, [second.id, reply.id, first.id]],
    ]);
    for (const [actor, ids] of expected) {
      for (const window of [1, 2, 5, RECENT_WINDOW]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await searchForums(
            t.app.database.db,
            term,
            { limit: 2, cursor, window },
            viewerOf(actor),
          );
          seen.push(...page.hits.map((hit) => hit.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor && seen.length < 10);
        // Each reply is newer than its post; the hidden reply shows only to its author and moderators.
        expect(new Set(seen), `${actor.role}, window ${window}`).toEqual(new Set(ids));
        expect(seen.indexOf(second.id), `${actor.role}, window ${window}`).toBe(0);
        expect(seen.at(-1), `${actor.role}, window ${window}`).toBe(first.id);
      }
    }
  });

  it('the forum search is served by the GIN indexes (no sequential scan when they are usable)', async () => {
    const { db } = t.app.database;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const posts = await tx.execute(
        sql`explain select id from forum_posts where search_vector @@ to_tsquery('simple', 'calm:*')`,
      );
      const comments = await tx.execute(
        sql`explain select id from forum_comments where search_vector @@ to_tsquery('simple', 'calm:*')`,
      );
      return JSON.stringify([posts.rows, comments.rows]);
    });
    expect(plan).toContain('forum_posts_search_idx');
    expect(plan).toContain('forum_comments_search_idx');
  });
});
