import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { announcements, users } from '../../db/schema/index.ts';

/** Announcements through HTTP on a real database, for each role. */

const t = setUpTestApp();
const [admin, member, visitor] = setUpActors(t, 'admin', 'member', 'visitor');

beforeAll(async () => {
  await t.app.database.db
    .update(users)
    .set({
      firstName: 'Ada',
      lastName: 'Stone',
      image: '/objects/images/5f0c7a38-2b7e-4a51-9d8a-2f5e6c1b9a11.webp',
    })
    .where(eq(users.id, admin.userId!));
});

const body = (overrides: object = {}) => ({
  title: `Spring retreat ${randomUUID().slice(0, 6)}`,
  content: 'Join us for a weekend of quiet.\nBring a blanket.',
  type: 'event',
  imageUrl: '',
  linkUrl: '',
  linkText: '',
  isPinned: false,
  isPublished: true,
  ...overrides,
});
const create = (overrides: object = {}, actor = admin) =>
  actor.request({ method: 'POST', url: '/api/announcements', payload: body(overrides) });
const list = async (actor: Actor, query = '') => {
  const response = await actor.request({ method: 'GET', url: `/api/announcements${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('the language an announcement is in', () => {
  it('is kept as a canonical tag, shown to members, and refused when it is no language code', async () => {
    const word = `hola${randomUUID().slice(0, 8)}`;
    const created = await create({ title: `Hola ${word}`, language: 'es-mx' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().language).toBe('es-MX');
    const listed = (await list(member, `?q=${word}`)).json();
    expect(listed).toMatchObject([{ id: created.json().id, language: 'es-MX' }]);
    const refused = await create({ language: 'spanish' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/language/i);
  });
});

describe('writing', () => {
  it('an admin creates one: 201 with the author, publishedAt set, empty strings stored as none', async () => {
    const before = Date.now();
    const response = await create({ linkUrl: 'https://example.org/retreat', linkText: 'Book a place' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      type: 'event',
      isPinned: false,
      isPublished: true,
      imageUrl: null,
      linkUrl: 'https://example.org/retreat',
      linkText: 'Book a place',
      author: {
        firstName: 'Ada',
        lastName: 'Stone',
        profileImageUrl: expect.stringMatching(/^\/objects\/images\//),
      },
    });
    expect(Date.parse(created.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(created.content).toBe('Join us for a weekend of quiet.\nBring a blanket.');
  });

  it('defaults to an update; a draft has no publishedAt until first published, which then stays', async () => {
    const draft = await admin.request({
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'Quiet changes', content: 'Soon.', isPublished: false },
    });
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({
      type: 'update',
      isPinned: false,
      isPublished: false,
      publishedAt: null,
    });
    const id = draft.json().id;
    const published = await admin.request({
      method: 'PUT',
      url: `/api/announcements/${id}`,
      payload: body({ title: 'Quiet changes', isPublished: true }),
    });
    const firstPublished = published.json().publishedAt;
    expect(firstPublished).not.toBeNull();
    await admin.request({
      method: 'PUT',
      url: `/api/announcements/${id}`,
      payload: body({ isPublished: false }),
    });
    const again = await admin.request({
      method: 'PUT',
      url: `/api/announcements/${id}`,
      payload: body({ isPublished: true }),
    });
    expect(again.json().publishedAt).toBe(firstPublished);
  });

  it('refuses bad input with a message naming the field', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ content: 'x'.repeat(1001) }, /Content can be at most 1000 characters/],
      [{ content: '   ' }, /Content is required/],
      [{ title: '' }, /Title is required/],
      [{ type: 'gossip' }, /Type must be one of/],
      [{ linkUrl: 'javascript:alert(1)' }, /Link URL must be an http\(s\) URL/],
      [{ linkUrl: 'ftp://example.org/file' }, /Link URL must be an http\(s\) URL/],
      [{ imageUrl: 'javascript:alert(1)' }, /Image must be an http\(s\) URL or an uploaded file/],
      [{ imageUrl: '/objects/../secrets.json' }, /Image must be/],
      [{ isPinned: 'yes' }, /isPinned/],
    ];
    for (const [overrides, message] of cases) {
      const response = await create(overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    // Exactly 1000 characters is fine.
    expect((await create({ content: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('only admins write: visitors 401, members and subscribers 403 ADMIN_REQUIRED', async () => {
    const { id } = (await create()).json();
    const premium = await createActor(t.app, 'premium');
    for (const actor of [visitor, member, premium]) {
      const expected = actor.role === 'visitor' ? 401 : 403;
      const writes = [
        await create({}, actor),
        await actor.request({ method: 'PUT', url: `/api/announcements/${id}`, payload: body() }),
        await actor.request({ method: 'DELETE', url: `/api/announcements/${id}` }),
      ];
      for (const response of writes) {
        expect(response.statusCode).toBe(expected);
        if (expected === 403) expect(response.json().code).toBe('ADMIN_REQUIRED');
      }
    }
  });

  it('update and delete answer 404 for an unknown id; delete is 204', async () => {
    const missing = randomUUID();
    expect(
      (await admin.request({ method: 'PUT', url: `/api/announcements/${missing}`, payload: body() }))
        .statusCode,
    ).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/announcements/${missing}` })).statusCode).toBe(
      404,
    );
    const { id } = (await create()).json();
    expect((await admin.request({ method: 'DELETE', url: `/api/announcements/${id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: `/api/announcements/${id}` })).statusCode).toBe(404);
  });
});

describe('reading', () => {
  it('members and visitors see published ones only, pinned first then newest; admins see drafts too', async () => {
    const db = t.app.database.db;
    await db.delete(announcements);
    const older = (await create({ title: 'Older' })).json();
    const pinned = (await create({ title: 'Pinned', isPinned: true })).json();
    const draft = (await create({ title: 'Draft', isPublished: false })).json();
    const newer = (await create({ title: 'Newer' })).json();
    await db
      .update(announcements)
      .set({ publishedAt: sql`now() - interval '2 days'` })
      .where(eq(announcements.id, older.id));
    await db
      .update(announcements)
      .set({ publishedAt: sql`now() - interval '5 days'` })
      .where(eq(announcements.id, pinned.id));
    for (const actor of [visitor, member]) {
      const titles = (await list(actor)).json().map((a: { title: string }) => a.title);
      expect(titles).toEqual(['Pinned', 'Newer', 'Older']);
    }
    const adminTitles = (await list(admin)).json().map((a: { title: string }) => a.title);
    expect(adminTitles).toContain('Draft');
    expect(adminTitles[0]).toBe('Pinned');
    expect(draft.publishedAt).toBeNull();
    expect(newer.isPublished).toBe(true);
  });

  it('searches title and content case-insensitively, treating % and _ literally', async () => {
    await create({ title: 'Full MOON circle', content: 'Sit together.' });
    await create({ title: 'Plain', content: 'Under the full moon we rest.' });
    await create({ title: '100% rest', content: 'Nothing to do.' });
    const moon = (await list(member, '?q=full%20moon')).json();
    expect(moon.map((a: { title: string }) => a.title).sort()).toEqual(['Full MOON circle', 'Plain']);
    const percent = (await list(member, `?q=${encodeURIComponent('100%')}`)).json();
    expect(percent.map((a: { title: string }) => a.title)).toEqual(['100% rest']);
    const underscore = (await list(member, '?q=_')).json();
    expect(underscore).toEqual([]);
  });

  it('is bounded: pages with a cursor visit every row once, even within one millisecond', async () => {
    const db = t.app.database.db;
    await db.delete(announcements);
    const at = new Date();
    await db.insert(announcements).values(
      Array.from({ length: 7 }, (_, index) => ({
        title: `Same instant ${index}`,
        content: 'x',
        publishedAt: at,
        createdAt: at,
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pageCount = 0; pageCount < 10; pageCount += 1) {
      const response = await list(member, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...response.json().map((a: { title: string }) => a.title));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen.sort()).toEqual(Array.from({ length: 7 }, (_, index) => `Same instant ${index}`));
    expect((await member.request({ method: 'GET', url: '/api/announcements?limit=1000' })).statusCode).toBe(
      400,
    );
    expect(
      (await member.request({ method: 'GET', url: '/api/announcements?cursor=bm9wZQ' })).statusCode,
    ).toBe(400);
  });

  it('an author who deleted their account leaves the announcement without a name', async () => {
    const author = await createActor(t.app, 'admin');
    const response = await create({ title: 'From a departed admin' }, author);
    await t.app.database.db.delete(users).where(eq(users.id, author.userId!));
    const found = (await list(visitor, '?q=departed')).json()[0];
    expect(found.id).toBe(response.json().id);
    expect(found.author).toEqual({ firstName: null, lastName: null, profileImageUrl: null });
  });
});
