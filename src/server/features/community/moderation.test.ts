import { randomUUID } from 'node:crypto';
import { AT_RISK_SUPPORT } from '@shared/schemas/moderation.ts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newComment, newForum, newPost } from '../../../../tests/setup/community.ts';
import { expectCountersMatchRows } from '../../../../tests/setup/community-invariants.ts';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { outboxEmails, users } from '../../db/schema/index.ts';
import { setModeratorByEmail } from './moderation.service.ts';

// Many writes by few members within seconds: past the production write limits on purpose.
const t = setUpTestApp({ RATE_LIMIT_SCALE: '100' });
const [visitor, author, moderator, admin] = setUpActors(t, 'visitor', 'member', 'moderator', 'admin');

/**
 * Members whose flags count towards hiding: e-mail verified (NEW_ACCOUNT_HOURS is 0 here, so
 * their age does not matter); each signed up from its own address (flag-weight.ts).
 */
const members = async (count: number) => {
  const made = await Promise.all(Array.from({ length: count }, () => createActor(t.app, 'member')));
  await t.app.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(
      inArray(
        users.id,
        made.map((member) => member.userId!),
      ),
    );
  return made;
};

const newSupportForum = () =>
  newForum(admin, { title: `Care ${randomUUID().slice(0, 8)}`, description: 'Gentle.', category: 'support' });

const postIn = (actor: Actor, slug: string, title = 'Evening sit') =>
  newPost(actor, slug, { title, content: 'Twenty minutes by the window.' });

const commentOn = (actor: Actor, postId: string, content?: string) =>
  newComment(actor, postId, content === undefined ? {} : { content });

const flag = (actor: Actor, kind: 'posts' | 'comments', id: string, payload: object = { reason: 'spam' }) =>
  actor.request({ method: 'POST', url: `/api/${kind}/${id}/flag`, payload });

const get = (actor: Actor, url: string) => actor.request({ method: 'GET', url });
const forumPostCount = async (slug: string) => (await get(admin, `/api/forums/${slug}`)).json().postCount;

describe('flags', () => {
  it('one per member per item: 401 visitors, 403 on your own, 400 other without a note, 409 twice', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug);
    const [flagger] = await members(1);
    expect((await flag(visitor, 'posts', post.id)).statusCode).toBe(401);
    const own = await flag(author, 'posts', post.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_CONTENT');
    const noNote = await flag(flagger!, 'posts', post.id, { reason: 'other' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toContain('note');
    const bad = await flag(flagger!, 'posts', post.id, { reason: 'rude' });
    expect(bad.statusCode).toBe(400);
    const first = await flag(flagger!, 'posts', post.id, { reason: 'other', note: 'Selling courses' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ isHidden: false, supportResources: null });
    const second = await flag(flagger!, 'posts', post.id, { reason: 'spam' });
    expect(second.statusCode).toBe(409);
    expect((await flag(flagger!, 'posts', randomUUID())).statusCode).toBe(404);
  });

  it('"someone may be at risk" answers with support resources and e-mails every moderator and admin', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug, `Hard week ${randomUUID().slice(0, 6)}`);
    const comment = await commentOn(author, post.id, 'I do not see the point any more.');
    const [flagger] = await members(1);
    const response = await flag(flagger!, 'comments', comment.id, {
      reason: 'at_risk',
      note: 'Please check in',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().supportResources.title).toBe(AT_RISK_SUPPORT.title);
    expect(response.json().supportResources.links.length).toBeGreaterThan(0);
    const mail = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, 'Someone in the community may be at risk'));
    const recipients = mail
      .filter(
        (row) =>
          // Links a moderator can open from the e-mail: through sign-in, to the post and the queue.
          row.text.includes(`${t.config.publicUrl}/api/login?returnTo=%2Fcommunity%2Fposts%2F${post.id}`) &&
          row.text.includes(`${t.config.publicUrl}/api/login?returnTo=%2Fadmin%2Fmoderation`),
      )
      .map((row) => row.to);
    expect(recipients).toEqual(expect.arrayContaining([moderator.email, admin.email]));
    expect(recipients).not.toContain(flagger!.email);
    expect(mail.find((row) => row.to === moderator.email)?.text).toContain('Please check in');
  });
});

describe('threshold hiding', () => {
  it('hides a post once three distinct members flag it: everyone but its author and moderators loses it, counts follow', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug);
    const [one, two, three, reader] = await members(4);
    expect(await forumPostCount(forum.slug)).toBe(1);
    expect((await flag(one!, 'posts', post.id)).json().isHidden).toBe(false);
    expect((await flag(two!, 'posts', post.id, { reason: 'unkind' })).json().isHidden).toBe(false);
    // The same member again changes nothing: distinct members count.
    expect((await flag(two!, 'posts', post.id)).statusCode).toBe(409);
    expect((await get(reader!, `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect((await flag(three!, 'posts', post.id, { reason: 'harmful_advice' })).json().isHidden).toBe(true);

    expect(await forumPostCount(forum.slug)).toBe(0);
    expect((await get(reader!, `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await get(visitor, `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await get(reader!, `/api/forums/${forum.slug}/posts`)).json()).toEqual([]);
    expect((await get(visitor, `/api/forums/${forum.slug}/posts`)).json()).toEqual([]);
    expect((await newCommentAttempt(reader!, post.id)).statusCode).toBe(404);
    expect((await reader!.request({ method: 'POST', url: `/api/posts/${post.id}/like` })).statusCode).toBe(
      404,
    );

    const own = await get(author, `/api/posts/${post.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().isHidden).toBe(true);
    expect(
      (await get(author, `/api/forums/${forum.slug}/posts`)).json().map((p: { id: string }) => p.id),
    ).toEqual([post.id]);
    const seen = (await get(moderator, `/api/forums/${forum.slug}/posts`)).json();
    expect(seen).toEqual([expect.objectContaining({ id: post.id, isHidden: true })]);
    await expectCountersMatchRows(t.app);

    // Deleting a hidden post does not count it out twice.
    expect((await author.request({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(204);
    expect(await forumPostCount(forum.slug)).toBe(0);
    await expectCountersMatchRows(t.app);
  });

  it('hides a comment the same way and keeps the post comment count to what members see', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug);
    const [commenter, one, two, three] = await members(4);
    const kept = await commentOn(author, post.id, 'A kind word.');
    const flagged = await commentOn(commenter!, post.id, 'Buy my supplements.');
    for (const flagger of [one, two, three]) {
      expect((await flag(flagger!, 'comments', flagged.id)).statusCode).toBe(201);
    }
    expect((await get(one!, `/api/posts/${post.id}`)).json().commentCount).toBe(1);
    const ids = (actor: Actor) =>
      get(actor, `/api/posts/${post.id}/comments`).then((r) => r.json().map((c: { id: string }) => c.id));
    expect(await ids(one!)).toEqual([kept.id]);
    expect(await ids(visitor)).toEqual([kept.id]);
    expect(await ids(commenter!)).toEqual([kept.id, flagged.id]);
    expect(await ids(moderator)).toEqual([kept.id, flagged.id]);
    await expectCountersMatchRows(t.app);
  });
});

async function newCommentAttempt(actor: Actor, postId: string) {
  return actor.request({
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content: 'Hello' },
  });
}

describe('moderation queue and audit log', () => {
  it('lists flagged items with reasons, flaggers, author and forum; restore and remove are audited', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug, `Queue ${randomUUID().slice(0, 6)}`);
    const other = await postIn(author, forum.slug, `Removed ${randomUUID().slice(0, 6)}`);
    const [one, two, three, member] = await members(4);
    await flag(one!, 'posts', post.id, { reason: 'spam' });
    await flag(two!, 'posts', post.id, { reason: 'spam' });
    await flag(three!, 'posts', post.id, { reason: 'other', note: 'Looks like an advert' });
    await flag(one!, 'posts', other.id, { reason: 'unkind' });

    expect((await get(member!, '/api/admin/moderation')).statusCode).toBe(403);
    expect((await get(visitor, '/api/admin/moderation')).statusCode).toBe(401);
    const queue = await get(moderator, '/api/admin/moderation?limit=100');
    expect(queue.statusCode).toBe(200);
    const item = queue.json().find((entry: { id: string }) => entry.id === post.id);
    expect(item).toMatchObject({
      kind: 'post',
      isHidden: true,
      flaggerCount: 3,
      forum: { slug: forum.slug },
      author: { id: author.userId },
      notes: ['Looks like an advert'],
    });
    expect(item.reasons).toEqual([
      { reason: 'spam', count: 2 },
      { reason: 'other', count: 1 },
    ]);

    // Pages are bounded and continue with a cursor.
    const firstPage = await get(moderator, '/api/admin/moderation?limit=1');
    expect(firstPage.json()).toHaveLength(1);
    const cursor = firstPage.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const nextPage = await get(moderator, `/api/admin/moderation?limit=1&cursor=${cursor}`);
    expect(nextPage.json()[0].id).not.toBe(firstPage.json()[0].id);

    const restore = await moderator.request({
      method: 'POST',
      url: `/api/admin/moderation/posts/${post.id}/restore`,
      payload: { reason: 'Not an advert' },
    });
    expect(restore.statusCode, restore.body).toBe(204);
    expect((await get(member!, `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(await forumPostCount(forum.slug)).toBe(2);
    const after = (await get(moderator, '/api/admin/moderation?limit=100')).json();
    expect(after.some((entry: { id: string }) => entry.id === post.id)).toBe(false);

    const removeWithoutReason = await moderator.request({
      method: 'POST',
      url: `/api/admin/moderation/posts/${other.id}/remove`,
      payload: {},
    });
    expect(removeWithoutReason.statusCode).toBe(400);
    const remove = await moderator.request({
      method: 'POST',
      url: `/api/admin/moderation/posts/${other.id}/remove`,
      payload: { reason: 'Unkind to another member' },
    });
    expect(remove.statusCode, remove.body).toBe(204);
    expect((await get(admin, `/api/posts/${other.id}`)).statusCode).toBe(404);
    const [told] = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, author.email!))
      .then((rows) => rows.filter((row) => row.text.includes('Unkind to another member')));
    expect(told?.subject).toContain('We removed your post');
    await expectCountersMatchRows(t.app);

    expect((await get(moderator, '/api/admin/audit-log')).statusCode).toBe(403);
    const log = (await get(admin, '/api/admin/audit-log?limit=100')).json();
    const restored = log.find((entry: { targetId: string; action: string }) => entry.targetId === post.id);
    expect(restored).toMatchObject({
      action: 'restore',
      targetType: 'post',
      actor: { id: moderator.userId },
      subject: { id: author.userId },
      reason: 'Not an advert',
    });
    const removed = log.find((entry: { targetId: string }) => entry.targetId === other.id);
    expect(removed).toMatchObject({ action: 'remove', reason: 'Unkind to another member' });
    expect(removed.summary).toContain('Removed');
  });

  it('moderators hide and pin; members cannot', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug);
    const [member] = await members(1);
    const hideByMember = await member!.request({
      method: 'POST',
      url: `/api/admin/moderation/posts/${post.id}/hide`,
    });
    expect(hideByMember.statusCode).toBe(403);
    expect(hideByMember.json().code).toBe('MODERATOR_REQUIRED');
    const hide = await moderator.request({
      method: 'POST',
      url: `/api/admin/moderation/posts/${post.id}/hide`,
    });
    expect(hide.statusCode).toBe(204);
    expect((await get(member!, `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect(await forumPostCount(forum.slug)).toBe(0);
    const pin = await moderator.request({
      method: 'PUT',
      url: `/api/posts/${post.id}/pin`,
      payload: { isPinned: true },
    });
    expect(pin.statusCode).toBe(200);
    const log = (await get(admin, '/api/admin/audit-log?limit=100')).json();
    expect(
      log
        .filter((e: { targetId: string }) => e.targetId === post.id)
        .map((e: { action: string }) => e.action),
    ).toEqual(['pin', 'hide']);
    await expectCountersMatchRows(t.app);
  });
});

describe("moderators deleting someone else's words", () => {
  const remove = (actor: Actor, kind: 'posts' | 'comments', id: string, payload?: object) =>
    actor.request({ method: 'DELETE', url: `/api/${kind}/${id}`, ...(payload ? { payload } : {}) });
  const auditFor = async (id: string) =>
    (
      (await get(admin, '/api/admin/audit-log')).json() as {
        action: string;
        targetId: string;
        reason: string;
      }[]
    ).filter((entry) => entry.targetId === id);
  const removalMails = async (to: string) =>
    (await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).filter((mail) =>
      mail.subject.startsWith('We removed'),
    );

  it('need a reason, and go through the audited Remove: audit entry, the author told by e-mail', async () => {
    const forum = await newSupportForum();
    const [writer] = await members(1);
    const post = await postIn(writer!, forum.slug, `Offer ${randomUUID().slice(0, 6)}`);
    const comment = await commentOn(writer!, post.id, 'Buy my course.');

    for (const [kind, id] of [
      ['comments', comment.id],
      ['posts', post.id],
    ] as const) {
      const bare = await remove(moderator, kind, id);
      expect(bare.statusCode).toBe(400);
      expect(bare.json().message).toContain('Please give a reason');
      expect((await remove(moderator, kind, id, { reason: '   ' })).statusCode).toBe(400);
      expect((await get(admin, `/api/posts/${post.id}`)).statusCode).toBe(200);
      const done = await remove(moderator, kind, id, { reason: 'Advertising is not allowed here' });
      expect(done.statusCode, done.body).toBe(204);
      expect(await auditFor(id)).toEqual([
        expect.objectContaining({ action: 'remove', reason: 'Advertising is not allowed here' }),
      ]);
    }
    expect((await get(admin, `/api/posts/${post.id}`)).statusCode).toBe(404);
    const mails = await removalMails(writer!.email!);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `We removed your comment in ${forum.title}`,
      `We removed your post in ${forum.title}`,
    ]);
    expect(mails.every((mail) => mail.text.includes('Advertising is not allowed here'))).toBe(true);
    await expectCountersMatchRows(t.app);
  });

  it('their own words go without a reason or an audit entry; members still only delete their own', async () => {
    const forum = await newSupportForum();
    const own = await postIn(moderator, forum.slug);
    expect((await remove(moderator, 'posts', own.id)).statusCode).toBe(204);
    expect(await auditFor(own.id)).toEqual([]);
    const [writer, stranger] = await members(2);
    const theirs = await postIn(writer!, forum.slug);
    const refused = await remove(stranger!, 'posts', theirs.id, { reason: 'I do not like it' });
    expect(refused.statusCode).toBe(403);
    expect((await remove(writer!, 'posts', theirs.id)).statusCode).toBe(204);
    expect(await removalMails(writer!.email!)).toEqual([]);
    expect((await remove(moderator, 'posts', randomUUID(), { reason: 'Gone' })).statusCode).toBe(404);
  });

  it('follow the premium forums reading rule: a moderator without premium access cannot remove there', async () => {
    const forum = await newForum(admin, {
      title: `Inner circle ${randomUUID().slice(0, 6)}`,
      description: 'For subscribers.',
      category: 'support',
      isPremium: true,
    });
    const subscriber = await createActor(t.app, 'premium');
    const post = await postIn(subscriber, forum.slug);
    const comment = await commentOn(subscriber, post.id);
    for (const [kind, id] of [
      ['comments', comment.id],
      ['posts', post.id],
    ] as const) {
      const refused = await remove(moderator, kind, id, { reason: 'Off topic' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('PREMIUM_REQUIRED');
      // The queue's Remove answers the same.
      const queued = await moderator.request({
        method: 'POST',
        url: `/api/admin/moderation/${kind}/${id}/remove`,
        payload: { reason: 'Off topic' },
      });
      expect(queued.statusCode).toBe(403);
    }
    expect((await get(subscriber, `/api/posts/${post.id}`)).json().commentCount).toBe(1);
    expect(await auditFor(post.id)).toEqual([]);
    // Admins read every forum, so they can.
    expect((await remove(admin, 'posts', post.id, { reason: 'Off topic' })).statusCode).toBe(204);
    expect(await auditFor(post.id)).toEqual([expect.objectContaining({ action: 'remove' })]);
  });
});

describe('moderator role', () => {
  it('admins grant and revoke it on the users screen and the CLI; moderators do not see other admin screens', async () => {
    const [member] = await members(1);
    expect((await get(member!, '/api/admin/moderation')).statusCode).toBe(403);
    const grantByModerator = await moderator.request({
      method: 'PUT',
      url: `/api/admin/users/${member!.userId}`,
      payload: { isModerator: true },
    });
    expect(grantByModerator.statusCode).toBe(403);
    const grant = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${member!.userId}`,
      payload: { isModerator: true },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().isModerator).toBe(true);
    expect((await get(member!, '/api/admin/moderation')).statusCode).toBe(200);
    expect((await get(member!, '/api/auth/user')).json().isModerator).toBe(true);
    for (const url of [
      '/api/admin/stats',
      '/api/admin/users',
      '/api/admin/analytics',
      '/api/admin/analytics/content',
      '/api/admin/settings',
    ]) {
      expect((await get(member!, url)).statusCode, url).toBe(403);
    }
    const result = await setModeratorByEmail(t.app.database.db, member!.email!, false);
    expect(result).toMatchObject({ isModerator: false, changed: true });
    expect((await setModeratorByEmail(t.app.database.db, member!.email!, false)).changed).toBe(false);
    expect((await get(member!, '/api/admin/moderation')).statusCode).toBe(403);
    const log = (await get(admin, '/api/admin/audit-log?limit=100')).json();
    expect(
      log.some(
        (e: { action: string; targetId: string }) =>
          e.action === 'grant_moderator' && e.targetId === member!.userId,
      ),
    ).toBe(true);
  });
});

describe('mutes', () => {
  it('a muted member reads but every community write answers 403 MUTED with the end date', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug);
    const [muted] = await members(1);
    const own = await postIn(muted!, forum.slug);
    const ownComment = await commentOn(muted!, post.id);
    const response = await moderator.request({
      method: 'POST',
      url: `/api/admin/users/${muted!.userId}/mute`,
      payload: { days: 7, reason: 'Repeated unkind replies' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const until = new Date(response.json().mutedUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const writes = [
      { method: 'POST', url: `/api/forums/${forum.slug}/posts`, payload: { title: 'Hi', content: 'Hello' } },
      { method: 'POST', url: `/api/posts/${post.id}/comments`, payload: { content: 'Hello' } },
      { method: 'POST', url: `/api/posts/${post.id}/like` },
      { method: 'POST', url: `/api/posts/${post.id}/flag`, payload: { reason: 'spam' } },
      { method: 'PUT', url: `/api/posts/${own.id}`, payload: { title: 'Edited', content: 'Edited' } },
      { method: 'PUT', url: `/api/comments/${ownComment.id}`, payload: { content: 'Edited' } },
      { method: 'DELETE', url: `/api/comments/${ownComment.id}` },
    ] as const;
    for (const write of writes) {
      const answer = await muted!.request(write);
      expect(answer.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'MUTED', mutedUntil: response.json().mutedUntil });
    }
    expect((await get(muted!, `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect((await get(muted!, '/api/auth/user')).json().mute).toEqual({ until: response.json().mutedUntil });
    expect(
      (await get(admin, `/api/admin/users?q=${encodeURIComponent(muted!.email!)}`)).json()[0].mute,
    ).toEqual({
      until: response.json().mutedUntil,
    });

    // Expiry is by date: once the end has passed, writing opens again without any job.
    await t.app.database.db
      .update(users)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, muted!.userId!));
    expect((await newCommentAttempt(muted!, post.id)).statusCode).toBe(201);
    expect((await get(muted!, '/api/auth/user')).json().mute).toBeNull();
  });

  it('until lifted: days null; DELETE lifts it; admins and moderators cannot be muted', async () => {
    const forum = await newSupportForum();
    const [muted] = await members(1);
    const mute = await moderator.request({
      method: 'POST',
      url: `/api/admin/users/${muted!.userId}/mute`,
      payload: { days: null, reason: 'Spam' },
    });
    expect(mute.json()).toMatchObject({ isMuted: true, mutedUntil: null });
    // The member is told what happened, why, and what stays open to them.
    const mails = await t.app.database.db
      .select({ subject: outboxEmails.subject, text: outboxEmails.text })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, muted!.email!));
    expect(mails).toContainEqual({
      subject: 'A pause on your community posting',
      text: [
        'Stillpoint',
        '',
        'A moderator has paused your posting in the community until a moderator lifts it.',
        '',
        'The reason they gave: Spam',
        '',
        'You can still read the forums and use everything else. Thank you for helping keep the community a calm place.',
      ].join('\n'),
    });
    const blocked = await muted!.request({
      method: 'POST',
      url: `/api/forums/${forum.slug}/posts`,
      payload: { title: 'Hi', content: 'Hello' },
    });
    expect(blocked.json()).toMatchObject({ code: 'MUTED', mutedUntil: null });
    expect(
      (
        await moderator.request({
          method: 'POST',
          url: `/api/admin/users/${muted!.userId}/mute`,
          payload: { days: 3, reason: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    const lift = await moderator.request({ method: 'DELETE', url: `/api/admin/users/${muted!.userId}/mute` });
    expect(lift.statusCode).toBe(200);
    expect(lift.json().isMuted).toBe(false);
    await postIn(muted!, forum.slug);
    const adminMute = await moderator.request({
      method: 'POST',
      url: `/api/admin/users/${admin.userId}/mute`,
      payload: { days: 1, reason: 'x' },
    });
    expect(adminMute.statusCode).toBe(403);
    const log = (await get(admin, '/api/admin/audit-log?limit=100')).json();
    const actions = log
      .filter((e: { targetId: string }) => e.targetId === muted!.userId)
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(['unmute', 'mute']);
  });
});

describe('edits', () => {
  it('authors edit with the limits of creating; others get 403; moderators read the earlier versions', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug, 'Frist sit');
    const [other] = await members(1);
    const editPost = (actor: Actor, payload: object) =>
      actor.request({ method: 'PUT', url: `/api/posts/${post.id}`, payload });
    const edit = await editPost(author, {
      title: 'First sit',
      content: 'Twenty minutes by the open window.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ title: 'First sit', content: 'Twenty minutes by the open window.' });
    expect(edit.json().editedAt).toEqual(expect.any(String));
    for (const actor of [other!, moderator, admin]) {
      const refused = await editPost(actor, { title: 'Mine now', content: 'x' });
      expect(refused.statusCode).toBe(403);
    }
    expect((await editPost(author, { title: '', content: 'x' })).statusCode).toBe(400);
    expect((await editPost(author, { title: 'x', content: 'y'.repeat(2001) })).statusCode).toBe(400);
    expect((await editPost(visitor, { title: 'x', content: 'y' })).statusCode).toBe(401);

    const comment = await commentOn(author, post.id, 'Teh light was soft.');
    const commentEdit = await author.request({
      method: 'PUT',
      url: `/api/comments/${comment.id}`,
      payload: { content: 'The light was soft.' },
    });
    expect(commentEdit.statusCode).toBe(200);
    expect(commentEdit.json().editedAt).toEqual(expect.any(String));
    expect(
      (await other!.request({ method: 'PUT', url: `/api/comments/${comment.id}`, payload: { content: 'x' } }))
        .statusCode,
    ).toBe(403);
    const listed = (await get(other!, `/api/posts/${post.id}/comments`)).json();
    expect(listed[0]).toMatchObject({ content: 'The light was soft.', editedAt: expect.any(String) });

    const revisions = await get(moderator, `/api/admin/moderation/posts/${post.id}/revisions`);
    expect(revisions.json()).toEqual([
      expect.objectContaining({ title: 'Frist sit', content: 'Twenty minutes by the window.' }),
    ]);
    const commentRevisions = await get(moderator, `/api/admin/moderation/comments/${comment.id}/revisions`);
    expect(commentRevisions.json().map((r: { content: string }) => r.content)).toEqual([
      'Teh light was soft.',
    ]);
    expect((await get(other!, `/api/admin/moderation/posts/${post.id}/revisions`)).statusCode).toBe(403);
  });
});

describe('replies to a comment', () => {
  it('quote one comment of the same post; a hidden one shows no words; a deleted one leaves a plain comment', async () => {
    const forum = await newSupportForum();
    const post = await postIn(author, forum.slug);
    const other = await postIn(author, forum.slug, 'Another');
    const [replier, one, two, three] = await members(4);
    const quoted = await commentOn(author, post.id, 'Breathing out longer than in helps me.');
    const reply = await replier!.request({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      payload: { content: 'Same here, thank you.', replyToId: quoted.id },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().replyTo).toEqual({
      id: quoted.id,
      user: expect.objectContaining({ id: author.userId }),
      excerpt: 'Breathing out longer than in helps me.',
    });
    const elsewhere = await replier!.request({
      method: 'POST',
      url: `/api/posts/${other.id}/comments`,
      payload: { content: 'Wrong thread', replyToId: quoted.id },
    });
    expect(elsewhere.statusCode).toBe(400);

    for (const flagger of [one, two, three]) await flag(flagger!, 'comments', quoted.id);
    const listed = (await get(replier!, `/api/posts/${post.id}/comments`)).json();
    expect(listed.map((c: { id: string }) => c.id)).toEqual([reply.json().id]);
    expect(listed[0].replyTo.excerpt).toBe('');

    expect((await author.request({ method: 'DELETE', url: `/api/comments/${quoted.id}` })).statusCode).toBe(
      204,
    );
    const after = (await get(replier!, `/api/posts/${post.id}/comments`)).json();
    expect(after[0].replyTo).toBeNull();
    await expectCountersMatchRows(t.app);
  });
});
