import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentPlays, favorites, users } from '../../db/schema/index.ts';
import { PREMIUM_TEASER_MAX_LENGTH, toPremiumTeaser } from './content.service.ts';

const t = setUpTestApp();
const [visitor, member, premium, admin] = setUpActors(t, 'visitor', 'member', 'premium', 'admin');

/** A unique word per test so lists can be narrowed to the test's own items. */
const marker = () => `m${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function createItem(body: Record<string, unknown>) {
  const response = await admin.request({
    method: 'POST',
    url: '/api/videos',
    payload: { title: 'A calm item', description: 'Breathe.', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A playlist as the admin screen posts it; the answer is returned whatever its status. */
const createPlaylist = (payload: Record<string, unknown>) =>
  admin.request({ method: 'POST', url: '/api/admin/playlists', payload });

const list = async (actor: Actor, query: string) => {
  const response = await actor.request({ method: 'GET', url: `/api/videos?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('creating and editing content (admin)', () => {
  it('applies the defaults and normalises tags and dates', async () => {
    const item = await createItem({
      tags: ['  sleep ', '', 'Sleep', 'body scan'],
      calendarDates: ['2026-12-03', '2026-12-01', '2026-12-03'],
    });
    expect(item).toMatchObject({
      type: 'video',
      duration: 0,
      isPremium: false,
      isPublished: true,
      tags: ['sleep', 'body scan'],
      calendarDates: ['2026-12-01', '2026-12-03'],
      thumbnailUrl: null,
      intensity: null,
      videoUrl: null,
      videoFileUrl: null,
      hasMedia: false,
    });
  });

  it.each([
    ['a missing title', { title: '   ' }, /title/i],
    ['a missing description', { description: '' }, /description/i],
    ['a negative duration', { duration: -1 }, /duration/i],
    ['a fractional duration', { duration: 12.5 }, /duration/i],
    ['a duration given as text', { duration: 'ten' }, /duration/i],
    ['an unknown type', { type: 'podcast' }, /type/i],
    ['an unknown intensity', { intensity: 'extreme' }, /intensity/i],
    ['a badly written date', { calendarDates: ['03/12/2026'] }, /calendarDates/],
    ['an impossible date', { calendarDates: ['2026-02-30'] }, /calendarDates/],
    ['a javascript: thumbnail', { thumbnailUrl: 'javascript:alert(1)' }, /thumbnailUrl/],
    ['a path-escaping thumbnail', { thumbnailUrl: '/objects/../secrets.json' }, /thumbnailUrl/],
    ['a streaming URL that is not http', { videoUrl: 'ftp://media.example/a.mp4' }, /videoUrl/],
    ['an uploaded file that is a URL', { videoFileUrl: 'https://media.example/a.mp4' }, /videoFileUrl/],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const title = marker();
    const response = await admin.request({
      method: 'POST',
      url: '/api/videos',
      payload: { title, description: 'Breathe.', ...body },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(field);
    const rows = await t.app.database.db.execute(sql`select 1 from content_items where title = ${title}`);
    expect(rows.rows).toHaveLength(0);
  });

  it('updates and deletes; unknown ids are 404 and malformed ids 400', async () => {
    const item = await createItem({ title: 'Before' });
    const updated = await admin.request({
      method: 'PUT',
      url: `/api/videos/${item.id}`,
      payload: {
        title: 'After',
        description: 'Still calm.',
        type: 'audio',
        thumbnailUrl: '/objects/thumbs/a.webp',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'After',
      type: 'audio',
      thumbnailUrl: '/objects/thumbs/a.webp',
    });

    const missing = randomUUID();
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: `/api/videos/${missing}`,
          payload: { title: 'x', description: 'y' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/videos/${missing}` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: '/api/videos/not-a-uuid' })).statusCode).toBe(400);
    expect((await admin.request({ method: 'GET', url: "/api/videos/1'%20or%201=1" })).statusCode).toBe(400);

    expect((await admin.request({ method: 'DELETE', url: `/api/videos/${item.id}` })).statusCode).toBe(204);
    expect((await member.request({ method: 'GET', url: `/api/videos/${item.id}` })).statusCode).toBe(404);
  });

  it('refuses writes from members (403 ADMIN_REQUIRED) and visitors (401)', async () => {
    const body = { title: 'Nope', description: 'Nope.' };
    const asMember = await member.request({ method: 'POST', url: '/api/videos', payload: body });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('ADMIN_REQUIRED');
    expect((await visitor.request({ method: 'POST', url: '/api/videos', payload: body })).json()).toEqual({
      message: 'Unauthorized',
    });
  });
});

describe('listing and filtering', () => {
  it('filters by type, access and duration with the spec boundaries', async () => {
    const tag = marker();
    const durations = [299, 300, 600, 601, 1200, 1201];
    for (const duration of durations) {
      await createItem({
        title: `${tag} ${duration}`,
        duration,
        type: 'audio',
        isPremium: duration > 600,
        tags: [tag],
      });
    }
    await createItem({ title: `${tag} post`, type: 'post', tags: [tag] });
    const durationsOf = async (query: string) =>
      (await list(member, `search=${tag}&${query}`))
        .json()
        .map((item: { duration: number }) => item.duration)
        .sort((a: number, b: number) => a - b);
    expect(await durationsOf('duration=5-10')).toEqual([300, 600]);
    expect(await durationsOf('duration=10-20')).toEqual([601, 1200]);
    expect(await durationsOf('duration=20%2B')).toEqual([1201]);
    expect(await durationsOf('type=audio&access=free')).toEqual([299, 300, 600]);
    expect(await durationsOf('access=premium')).toEqual([601, 1200, 1201]);
    expect(await durationsOf('type=post')).toEqual([0]);
    expect(await durationsOf('type=all&access=all&duration=all')).toHaveLength(7);
  });

  it('searches title, description and tags, case-insensitively and by word prefix', async () => {
    const word = marker();
    const a = await createItem({ title: `Morning ${word.toUpperCase()}` });
    const b = await createItem({ description: `A quiet ${word}practice for the evening` });
    const c = await createItem({ tags: ['calm', `${word}-tag`] });
    await createItem({ title: 'Unrelated' });
    const found = (await list(visitor, `search=${word.slice(0, 8)}`)).json().map((i: { id: string }) => i.id);
    expect(found.sort()).toEqual([a.id, b.id, c.id].sort());
    const both = (await list(visitor, `search=${encodeURIComponent(`${word} morning`)}`)).json();
    expect(both.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect((await list(visitor, 'search=%25%25%25')).json()).toEqual([]);
  });

  it('finds a word by any opening, a word longer than the stored openings too (decision 065)', async () => {
    const word = marker();
    const long = `${word}${'long'.repeat(10)}`; // 51 characters: openings are stored up to 32
    const item = await createItem({ title: `Evening ${long}`, tags: ['calm'] });
    const ids = async (search: string) =>
      (await list(visitor, `search=${encodeURIComponent(search)}`)).json().map((i: { id: string }) => i.id);
    for (const typed of [long, long.slice(0, 40), long.slice(0, 31), long.slice(0, 30), word.slice(0, 4)])
      expect(await ids(`eve ${typed}`)).toContain(item.id);
    expect(await ids(`${long}x`)).toEqual([]);
    expect(await ids(`morning ${long}`)).toEqual([]);
  });

  it('serves the search from the GIN index, not a sequential scan', async () => {
    const plan = await t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from content_items where search_vector @@ to_tsquery('simple', 'breath:*')`,
      );
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('content_items_search_idx');
  });

  it('answers unknown filter values and bad paging with 400', async () => {
    for (const query of [
      'type=podcast',
      'access=vip',
      'duration=30-40',
      'limit=0',
      'limit=101',
      'limit=abc',
      'sort=random',
      'cursor=garbage',
      'calendarMonth=2026-13',
    ]) {
      const response = await visitor.request({ method: 'GET', url: `/api/videos?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('pages newest first with a cursor, without repeats or gaps', async () => {
    const tag = marker();
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await createItem({ title: `${tag} ${i}`, tags: [tag] })).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const response = await list(member, `search=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...response.json().map((i: { id: string }) => i.id));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual([...created].reverse());
  });

  it('has a default page size and never returns more than the maximum', async () => {
    const response = await list(visitor, '');
    expect(response.json().length).toBeLessThanOrEqual(24);
  });

  it('shows drafts to admins only, and media locations to admins only', async () => {
    const tag = marker();
    const draft = await createItem({ title: `${tag} draft`, isPublished: false, tags: [tag] });
    await createItem({ title: `${tag} live`, tags: [tag], videoUrl: 'https://media.example/live.mp4' });
    const forMember = (await list(member, `search=${tag}`)).json();
    expect(forMember.map((i: { title: string }) => i.title)).toEqual([`${tag} live`]);
    expect(forMember[0]).not.toHaveProperty('videoUrl');
    expect(forMember[0].hasMedia).toBe(true);
    expect((await list(admin, `search=${tag}`)).json().map((i: { title: string }) => i.title)).toEqual([
      `${tag} live`,
      `${tag} draft`,
    ]);
    expect((await member.request({ method: 'GET', url: `/api/videos/${draft.id}` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: `/api/videos/${draft.id}` })).statusCode).toBe(200);
  });

  it('shows a write at once although public list pages are cached', async () => {
    const tag = marker();
    const titles = async () =>
      (await list(visitor, `search=${tag}`)).json().map((i: { title: string }) => i.title);
    expect(await titles()).toEqual([]);
    const item = await createItem({ title: `${tag} fresh`, tags: [tag] });
    expect(await titles()).toEqual([`${tag} fresh`]);
    await admin.request({
      method: 'PUT',
      url: `/api/videos/${item.id}`,
      payload: { title: `${tag} renamed`, description: 'x', tags: [tag] },
    });
    expect(await titles()).toEqual([`${tag} renamed`]);
    await admin.request({ method: 'DELETE', url: `/api/videos/${item.id}` });
    expect(await titles()).toEqual([]);
  });

  it('lists the items scheduled in a calendar month', async () => {
    const tag = marker();
    await createItem({ title: `${tag} nov`, tags: [tag], calendarDates: ['2031-11-30'] });
    await createItem({ title: `${tag} dec`, tags: [tag], calendarDates: ['2031-12-01', '2031-12-31'] });
    await createItem({ title: `${tag} none`, tags: [tag] });
    const titles = (await list(member, `search=${tag}&calendarMonth=2031-12`))
      .json()
      .map((i: { title: string }) => i.title);
    expect(titles).toEqual([`${tag} dec`]);
  });

  it('ranks Popular by favourites and plays over the last 30 days, newest first on ties', async () => {
    const tag = marker();
    const quiet = await createItem({ title: `${tag} quiet`, tags: [tag] });
    const loved = await createItem({ title: `${tag} loved`, tags: [tag] });
    const played = await createItem({ title: `${tag} played`, tags: [tag] });
    const old = await createItem({ title: `${tag} once loved`, tags: [tag] });
    const newest = await createItem({ title: `${tag} newest`, tags: [tag] });
    const { db } = t.app.database;
    for (const actor of [member, premium]) {
      await db.insert(favorites).values({ userId: actor.userId!, videoId: loved.id });
      await db.insert(contentPlays).values({ userId: actor.userId!, videoId: played.id });
      await db.insert(contentPlays).values({ userId: actor.userId!, videoId: played.id }); // same member twice
    }
    await db.insert(favorites).values({ userId: admin.userId!, videoId: played.id });
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    for (const actor of [member, premium, admin]) {
      await db.insert(favorites).values({ userId: actor.userId!, videoId: old.id, createdAt: longAgo });
    }
    const titles = (await list(member, `search=${tag}&sort=popular&limit=5`))
      .json()
      .map((i: { title: string }) => i.title);
    expect(titles).toEqual([
      `${tag} played`,
      `${tag} loved`,
      `${tag} newest`,
      `${tag} once loved`,
      `${tag} quiet`,
    ]);
    expect(quiet.id).toBeTruthy();
    expect(newest.id).toBeTruthy();
  });
});

describe('premium texts without premium access', () => {
  it('cuts a teaser at a word boundary, at most 280 characters and at most half the text', () => {
    const long = `${'Breathe in slowly and '.repeat(30)}end.`;
    const teaser = toPremiumTeaser(long);
    expect(teaser.length).toBeLessThanOrEqual(PREMIUM_TEASER_MAX_LENGTH);
    expect(teaser.length).toBeGreaterThan(PREMIUM_TEASER_MAX_LENGTH - 15);
    expect(long.startsWith(teaser)).toBe(true);
    expect(long[teaser.length]).toMatch(/\s/);
    expect(teaser).not.toMatch(/\s$/);

    const short = 'A small premium note about resting well tonight.';
    const shortTeaser = toPremiumTeaser(short);
    expect(shortTeaser).toBe('A small premium note');
    expect(shortTeaser.length).toBeLessThanOrEqual(short.length / 2);

    // No spaces (some scripts use none): cut at the limit, never inside a character.
    const unspaced = '静'.repeat(1000);
    expect(toPremiumTeaser(unspaced)).toBe('静'.repeat(PREMIUM_TEASER_MAX_LENGTH));
    expect(toPremiumTeaser('🌊'.repeat(9))).toBe('🌊'.repeat(4));
    expect(toPremiumTeaser('')).toBe('');
  });

  it('sends a teaser, flagged, with the whole text’s reading time, to every viewer without access', async () => {
    const word = marker();
    const hidden = marker();
    const description = `${'Notice the breath as it is. '.repeat(60)}The end ${hidden}.`;
    const item = await createItem({ title: `Essay ${word}`, type: 'post', isPremium: true, description });
    const pastDue = await createActor(t.app, 'member');
    await t.app.database.db
      .update(users)
      .set({ subscriptionStatus: 'past_due' })
      .where(eq(users.id, pastDue.userId!));
    for (const actor of [visitor, member, pastDue]) {
      const detail = (await actor.request({ method: 'GET', url: `/api/videos/${item.id}` })).json();
      expect(detail).toMatchObject({ isTeaser: true, description: toPremiumTeaser(description) });
      // 366 words: two minutes, although the teaser alone reads in one.
      expect(detail.readingMinutes).toBe(2);
      expect(JSON.stringify(detail)).not.toContain(hidden);
    }
    for (const actor of [premium, admin]) {
      const detail = (await actor.request({ method: 'GET', url: `/api/videos/${item.id}` })).json();
      expect(detail).toMatchObject({ isTeaser: false, description, readingMinutes: 2 });
    }
    const free = await createItem({ title: `Free ${word}`, type: 'post', description });
    expect((await visitor.request({ method: 'GET', url: `/api/videos/${free.id}` })).json()).toMatchObject({
      isTeaser: false,
      description,
    });
  });
});

describe('signed media URLs and the media route', () => {
  it('returns the streaming URL when set, even with an uploaded file', async () => {
    await t.app.storage.write('tests/both.mp3', Buffer.alloc(10), 'audio/mpeg');
    const item = await createItem({
      videoUrl: 'https://stream.example/calm.m3u8',
      videoFileUrl: '/objects/tests/both.mp3',
    });
    const response = await member.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` });
    // A stream is not ours to sign: it does not expire.
    expect(response.json()).toEqual({ signedUrl: 'https://stream.example/calm.m3u8', expiresAt: null });
  });

  it('signs a 10-minute link to an uploaded file that streams with Range support', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    await t.app.storage.write('tests/tone.mp3', bytes, 'audio/mpeg');
    const item = await createItem({ type: 'audio', videoFileUrl: '/objects/tests/tone.mp3' });
    const response = await member.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` });
    expect(Object.keys(response.json()).sort()).toEqual(['expiresAt', 'signedUrl']);
    const { signedUrl, expiresAt } = response.json();
    expect(signedUrl).toMatch(/^\/media\/tests\/tone\.mp3\?expires=\d+&signature=/);
    const expires = Number(new URL(signedUrl, 'http://x').searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    // The response says when the link stops working: exactly the expiry it was signed with.
    expect(expiresAt).toBe(new Date(expires * 1000).toISOString());

    const whole = await visitor.request({ method: 'GET', url: signedUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // The browser keeps the bytes no longer than the link lives.
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(whole.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(8 * 60);
    expect(maxAge).toBeLessThanOrEqual(10 * 60);
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const ranged = (range: string) => visitor.request({ method: 'GET', url: signedUrl, headers: { range } });
    const part = await ranged('bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await ranged('bytes=-10');
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
    const open = await ranged('bytes=995-');
    expect(open.rawPayload.length).toBe(5);

    const past = await ranged('bytes=1000-1010');
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
  });

  it('refuses tampered and expired links with 403', async () => {
    await t.app.storage.write('tests/secret.mp3', Buffer.alloc(10), 'audio/mpeg');
    const good = t.app.mediaSigner.sign('tests/secret.mp3');
    const tampered = [
      good.replace('secret.mp3', 'other.mp3'),
      // A different first character (a fixed one would equal the real one 1 time in 64).
      good.replace(/signature=(.)/, (_m, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
      good.replace(/expires=\d+/, (m) => `expires=${Number(m.split('=')[1]) + 1000}`),
      '/media/tests/secret.mp3',
    ];
    for (const url of tampered)
      expect((await member.request({ method: 'GET', url })).statusCode, url).toBe(403);
    const expired = t.app.mediaSigner.sign('tests/secret.mp3', -1);
    const response = await member.request({ method: 'GET', url: expired });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/invalid or has expired/);
    // A link handed out eleven minutes ago (to a member who has since cancelled) no longer works;
    // one from nine minutes ago still does.
    const elevenMinutesAgo = t.app.mediaSigner.sign('tests/secret.mp3', undefined, Date.now() - 11 * 60_000);
    expect((await member.request({ method: 'GET', url: elevenMinutesAgo })).statusCode).toBe(403);
    const nineMinutesAgo = t.app.mediaSigner.sign('tests/secret.mp3', undefined, Date.now() - 9 * 60_000);
    expect((await member.request({ method: 'GET', url: nineMinutesAgo })).statusCode).toBe(200);
  });

  it('keeps premium media from members without a subscription, leaking no URL', async () => {
    const item = await createItem({
      isPremium: true,
      videoUrl: 'https://stream.example/premium-secret.m3u8',
    });
    const response = await member.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'This content requires a premium subscription.',
      code: 'PREMIUM_REQUIRED',
    });
    expect(response.body).not.toContain('premium-secret');
    expect(
      (await visitor.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` })).statusCode,
    ).toBe(401);
    expect(
      (await premium.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` })).statusCode,
    ).toBe(200);
    expect(
      (await admin.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` })).statusCode,
    ).toBe(200);
  });

  it("says 'Video source not available' when there is no media, or the file is gone", async () => {
    const none = await createItem({});
    const gone = await createItem({ videoFileUrl: '/objects/tests/never-uploaded.mp3' });
    for (const item of [none, gone]) {
      const response = await member.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Video source not available');
    }
  });

  it('serves images publicly but never audio or video by object path', async () => {
    await t.app.storage.write('tests/cover.webp', Buffer.from('RIFF0000WEBP'), 'image/webp');
    await t.app.storage.write('tests/private.mp4', Buffer.alloc(10), 'video/mp4');
    const image = await visitor.request({ method: 'GET', url: '/objects/tests/cover.webp' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect((await visitor.request({ method: 'GET', url: '/objects/tests/private.mp4' })).statusCode).toBe(
      401,
    );
    expect((await premium.request({ method: 'GET', url: '/objects/tests/private.mp4' })).statusCode).toBe(
      403,
    );
    expect((await visitor.request({ method: 'GET', url: '/objects/tests/missing.webp' })).statusCode).toBe(
      404,
    );
    expect(
      (await visitor.request({ method: 'GET', url: '/objects/..%2F..%2Fsecrets.json' })).statusCode,
    ).toBe(404);
  });
});

describe('favourites', () => {
  it('toggles with the same call and lists newest first with the item', async () => {
    const first = await createItem({ title: 'First favourite' });
    const second = await createItem({ title: 'Second favourite' });
    const actor = await createActor(t.app, 'member');
    const toggle = (id: string) => actor.request({ method: 'POST', url: `/api/user/favorites/${id}` });
    expect((await toggle(first.id)).json()).toEqual({ isFavorite: true });
    expect((await toggle(second.id)).json()).toEqual({ isFavorite: true });
    let listed = (await actor.request({ method: 'GET', url: '/api/user/favorites' })).json();
    expect(listed.map((f: { video: { title: string } }) => f.video.title)).toEqual([
      'Second favourite',
      'First favourite',
    ]);
    expect(listed[0]).toMatchObject({ videoId: second.id, video: { id: second.id } });
    expect((await toggle(second.id)).json()).toEqual({ isFavorite: false });
    listed = (await actor.request({ method: 'GET', url: '/api/user/favorites' })).json();
    expect(listed.map((f: { videoId: string }) => f.videoId)).toEqual([first.id]);
  });

  it('keeps one favourite under concurrent toggles', async () => {
    const item = await createItem({});
    const actor = await createActor(t.app, 'member');
    await Promise.all(
      Array.from({ length: 6 }, () =>
        actor.request({ method: 'POST', url: `/api/user/favorites/${item.id}` }),
      ),
    );
    const rows = await t.app.database.db.execute(
      sql`select count(*)::int as n from favorites where user_id = ${actor.userId} and video_id = ${item.id}`,
    );
    expect([0, 1]).toContain(rows.rows[0]?.n);
  });

  it('answers 401 for visitors, 404 for unknown items, 403 for premium items without a subscription', async () => {
    const item = await createItem({ isPremium: true });
    expect(
      (await visitor.request({ method: 'POST', url: `/api/user/favorites/${item.id}` })).statusCode,
    ).toBe(401);
    expect(
      (await member.request({ method: 'POST', url: `/api/user/favorites/${randomUUID()}` })).statusCode,
    ).toBe(404);
    const premiumOnly = await member.request({ method: 'POST', url: `/api/user/favorites/${item.id}` });
    expect(premiumOnly.statusCode).toBe(403);
    expect(premiumOnly.json().code).toBe('PREMIUM_REQUIRED');
    expect((await visitor.request({ method: 'GET', url: '/api/user/favorites' })).statusCode).toBe(401);
  });
});

describe('playback progress', () => {
  it('saves, lists unfinished items most recent first, and drops completed ones', async () => {
    const a = await createItem({ title: 'Progress A', duration: 100, type: 'audio' });
    const b = await createItem({ title: 'Progress B', duration: 100, type: 'audio' });
    const actor = await createActor(t.app, 'member');
    const save = (id: string, body: object) =>
      actor.request({ method: 'PUT', url: `/api/progress/${id}`, payload: body });
    expect((await save(a.id, { positionSeconds: 30 })).json()).toMatchObject({
      positionSeconds: 30,
      completed: false,
    });
    await save(b.id, { positionSeconds: 40 });
    let entries = (await actor.request({ method: 'GET', url: '/api/progress' })).json();
    expect(entries.map((e: { video: { title: string } }) => e.video.title)).toEqual([
      'Progress B',
      'Progress A',
    ]);
    await save(b.id, { positionSeconds: 100, completed: true });
    entries = (await actor.request({ method: 'GET', url: '/api/progress' })).json();
    expect(entries.map((e: { videoId: string }) => e.videoId)).toEqual([a.id]);
    // Clamped to the item's length, and heard to the end.
    expect((await save(b.id, { positionSeconds: 500 })).json()).toMatchObject({
      positionSeconds: 100,
      completed: true,
    });
  });

  it('counts an item as completed once 90% of it is heard, whatever the player says', async () => {
    const item = await createItem({ title: 'Ninety', duration: 600, type: 'audio' });
    const actor = await createActor(t.app, 'member');
    const save = (positionSeconds: number) =>
      actor.request({ method: 'PUT', url: `/api/progress/${item.id}`, payload: { positionSeconds } });
    expect((await save(539)).json().completed).toBe(false);
    expect((await save(540)).json().completed).toBe(true);
    const entries = (await actor.request({ method: 'GET', url: '/api/progress' })).json();
    expect(entries.map((e: { videoId: string }) => e.videoId)).not.toContain(item.id);
    // Played again from the start: unfinished once more, and back in Continue.
    expect((await save(30)).json().completed).toBe(false);
  });

  it('refuses visitors and bad input', async () => {
    const item = await createItem({});
    expect(
      (
        await visitor.request({
          method: 'PUT',
          url: `/api/progress/${item.id}`,
          payload: { positionSeconds: 1 },
        })
      ).statusCode,
    ).toBe(401);
    for (const payload of [{ positionSeconds: -1 }, { positionSeconds: 'x' }, {}]) {
      expect(
        (await member.request({ method: 'PUT', url: `/api/progress/${item.id}`, payload })).statusCode,
      ).toBe(400);
    }
    expect(
      (
        await member.request({
          method: 'PUT',
          url: `/api/progress/${randomUUID()}`,
          payload: { positionSeconds: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('playlists', () => {
  it('builds a journey: slug from the title, items in order, drafts hidden from members', async () => {
    const title = `Evening ${marker()}`;
    const created = await createPlaylist({ title, isCalendar: true });
    expect(created.statusCode).toBe(201);
    const playlist = created.json();
    expect(playlist.slug).toBe(title.toLowerCase().replace(' ', '-'));

    const one = await createItem({ title: 'Day one' });
    const two = await createItem({ title: 'Day two' });
    const draft = await createItem({ title: 'Draft day', isPublished: false });
    const set = await admin.request({
      method: 'PUT',
      url: `/api/admin/playlists/${playlist.id}/items`,
      payload: {
        items: [
          { videoId: two.id, orderIndex: 1, dayIndex: 2 },
          { videoId: draft.id, orderIndex: 2, dayIndex: 3 },
          { videoId: one.id, orderIndex: 0, dayIndex: 1 },
        ],
      },
    });
    expect(set.statusCode).toBe(200);
    const forMember = (
      await member.request({ method: 'GET', url: `/api/playlists/${playlist.slug}` })
    ).json();
    expect(forMember).toMatchObject({ title, isCalendar: true });
    expect(
      forMember.items.map((i: { video: { title: string }; dayIndex: number }) => [i.video.title, i.dayIndex]),
    ).toEqual([
      ['Day one', 1],
      ['Day two', 2],
    ]);
    const forAdmin = (await admin.request({ method: 'GET', url: `/api/playlists/${playlist.slug}` })).json();
    expect(forAdmin.items).toHaveLength(3);
    const list = (await admin.request({ method: 'GET', url: '/api/admin/playlists' })).json();
    expect(list.find((p: { id: string }) => p.id === playlist.id)).toMatchObject({ itemCount: 3 });
    // Members (and visitors) list it by its published items; an empty playlist is not listed.
    const empty = (await createPlaylist({ title: `E ${marker()}` })).json();
    const listed = (await visitor.request({ method: 'GET', url: '/api/playlists' })).json();
    expect(listed.find((p: { id: string }) => p.id === playlist.id)).toMatchObject({
      slug: playlist.slug,
      isCalendar: true,
      itemCount: 2,
    });
    expect(listed.some((p: { id: string }) => p.id === empty.id)).toBe(false);
    expect(listed[0].isCalendar).toBe(true);
  });

  it('answers 404 for an unknown slug, 409 for a taken slug, 400 for unknown items', async () => {
    expect((await member.request({ method: 'GET', url: '/api/playlists/no-such-playlist' })).statusCode).toBe(
      404,
    );
    const slug = `taken-${marker()}`;
    await createPlaylist({ title: 'One', slug });
    const again = await createPlaylist({ title: 'Two', slug });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/slug already exists/);
    const bad = await createPlaylist({ title: 'Bad', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    const playlist = (await createPlaylist({ title: `P ${marker()}` })).json();
    const unknown = await admin.request({
      method: 'PUT',
      url: `/api/admin/playlists/${playlist.id}/items`,
      payload: { items: [{ videoId: randomUUID(), orderIndex: 0 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/admin/playlists/${playlist.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/admin/playlists/${playlist.id}` })).statusCode,
    ).toBe(404);
  });
});

describe('the language an item is in (issue 37)', () => {
  it('is stored as a canonical tag, null when not said, and refused when it is not a language tag', async () => {
    expect((await createItem({})).language).toBeNull();
    expect((await createItem({ language: 'PT-br' })).language).toBe('pt-BR');
    expect((await createItem({ language: '' })).language).toBeNull();
    for (const language of ['english', 'a'.repeat(40), 'de_DE', 42]) {
      const response = await admin.request({
        method: 'POST',
        url: '/api/videos',
        payload: { title: marker(), description: 'Breathe.', language },
      });
      expect(response.statusCode, String(language)).toBe(400);
      expect(response.json().message).toMatch(/language/i);
    }
  });

  it('filters the library by language and lists the languages published items are in', async () => {
    const word = marker();
    const hawaiian = await createItem({ title: `Aloha ${word}`, language: 'haw' });
    const yoruba = await createItem({ title: `Ẹ kú àárọ̀ ${word}`, language: 'yo' });
    await createItem({ title: `Untagged ${word}` });
    // A draft's language is not offered to members.
    await createItem({ title: `Draft ${word}`, language: 'mi', isPublished: false });

    const ids = async (query: string) =>
      (await list(member, `search=${word}&${query}`)).json().map((item: { id: string }) => item.id);
    expect(await ids('language=haw')).toEqual([hawaiian.id]);
    expect(await ids('language=YO')).toEqual([yoruba.id]);
    expect(await ids('language=all')).toHaveLength(3);
    const bad = await visitor.request({ method: 'GET', url: '/api/videos?language=not%20a%20tag' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/language/i),
    });

    const languages = async () => {
      const response = await visitor.request({ method: 'GET', url: '/api/videos/languages' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().languages as string[];
    };
    const offered = await languages();
    expect(offered).toEqual(expect.arrayContaining(['haw', 'yo']));
    expect(offered).not.toContain('mi');
    expect(offered).toEqual([...offered].sort());
    // An admin's write clears the shared answer at once: a new language shows on the next read.
    await createItem({ title: `Kia ora ${word}`, language: 'mi' });
    expect(await languages()).toContain('mi');
  });
});
