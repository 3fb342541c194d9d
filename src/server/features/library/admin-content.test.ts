import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Actor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';

/** The admin content table (issue 36): its sorted, filtered list and the bulk actions. */

const t = setUpTestApp();
const [visitor, member, premium, admin] = setUpActors(t, 'visitor', 'member', 'premium', 'admin');

/** A unique word per test so lists can be narrowed to the test's own items. */
const marker = () => `m${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function createItem(
  tag: string,
  body: Record<string, unknown>,
): Promise<{ id: string; title: string }> {
  const response = await admin.request({
    method: 'POST',
    url: '/api/videos',
    payload: { title: 'A calm item', description: 'Breathe.', tags: [tag], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function adminList(query: string) {
  const response = await admin.request({ method: 'GET', url: `/api/admin/content?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const cursor = response.headers['x-next-cursor'];
  return {
    items: response.json() as { id: string; title: string }[],
    nextCursor: typeof cursor === 'string' ? cursor : null,
  };
}

const bulk = (actor: Actor, payload: Record<string, unknown>) =>
  actor.request({ method: 'POST', url: '/api/admin/content/bulk', payload });

async function getItem(id: string) {
  const response = await admin.request({ method: 'GET', url: `/api/videos/${id}` });
  return response.statusCode === 404 ? null : response.json();
}

describe('GET /api/admin/content', () => {
  it('filters by status (draft, scheduled, published), type and access', async () => {
    const tag = marker();
    const live = await createItem(tag, { title: 'Live', type: 'audio', isPremium: true });
    const draft = await createItem(tag, { title: 'Draft', type: 'post', isPublished: false });
    const scheduled = await createItem(tag, {
      title: 'Scheduled',
      type: 'audio',
      isPublished: false,
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const ids = async (query: string) =>
      (await adminList(`search=${tag}&sort=title&direction=asc&${query}`)).items.map((item) => item.id);
    expect(await ids('')).toEqual([draft.id, live.id, scheduled.id]);
    expect(await ids('status=draft')).toEqual([draft.id]);
    expect(await ids('status=scheduled')).toEqual([scheduled.id]);
    expect(await ids('status=published')).toEqual([live.id]);
    expect(await ids('type=audio')).toEqual([live.id, scheduled.id]);
    expect(await ids('access=premium')).toEqual([live.id]);
    expect(await ids('access=free&type=audio')).toEqual([scheduled.id]);
  });

  it.each([
    'title&direction=asc',
    'title&direction=desc',
    'type&direction=asc',
    'updated&direction=desc',
    'updated&direction=asc',
    'published&direction=desc',
  ])('pages through every item once, in order, sorted by %s', async (sort) => {
    const tag = marker();
    const titles = ['beta', 'Alpha', 'gamma', 'delta', 'Epsilon'];
    for (const [index, title] of titles.entries()) {
      await createItem(tag, {
        title,
        type: index % 2 ? 'audio' : 'video',
        isPublished: index % 3 !== 0,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await adminList(`search=${tag}&limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect([...seen].sort()).toEqual([...titles].sort());
    if (sort === 'title&direction=asc') expect(seen).toEqual(['Alpha', 'beta', 'delta', 'Epsilon', 'gamma']);
    if (sort === 'title&direction=desc') expect(seen).toEqual(['gamma', 'Epsilon', 'delta', 'beta', 'Alpha']);
  });

  it.each([
    ['an unknown sort', 'sort=plays-ever', /sort/],
    ['an unknown status', 'status=archived', /status/],
    ['a limit over 100', 'limit=101', /limit/],
    ['a cursor not made here', 'cursor=bm90LWEtY3Vyc29y', /cursor/i],
    [
      'a cursor with a date PostgreSQL refuses',
      `cursor=${Buffer.from(JSON.stringify(['0000-01-01T00:00:00.000Z', randomUUID()])).toString('base64url')}`,
      /cursor/i,
    ],
    [
      'a cursor of another sort',
      'sort=published&cursor=WyJhIiwiMDAwMDAwMDAtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAwIl0',
      /cursor/i,
    ],
  ])('refuses %s with 400', async (_label, query, message) => {
    const response = await admin.request({ method: 'GET', url: `/api/admin/content?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it.each([
    [visitor, 401],
    [member, 403],
    [premium, 403],
  ] as const)('is for admins only (%#)', async (actor, status) => {
    const response = await actor.request({ method: 'GET', url: '/api/admin/content' });
    expect(response.statusCode).toBe(status);
  });
});

describe('POST /api/admin/content/bulk', () => {
  it('publishes, makes premium, makes free, unpublishes and deletes every chosen item', async () => {
    const tag = marker();
    const first = await createItem(tag, {
      isPublished: false,
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const second = await createItem(tag, { isPublished: false });
    const untouched = await createItem(tag, { isPublished: false });
    const ids = [first.id, second.id];

    const published = await bulk(admin, { ids, action: 'publish' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ action: 'publish', ids });
    for (const id of ids) expect(await getItem(id)).toMatchObject({ isPublished: true, publishAt: null });
    expect(await getItem(untouched.id)).toMatchObject({ isPublished: false });

    expect((await bulk(admin, { ids, action: 'premium' })).statusCode).toBe(200);
    for (const id of ids) expect(await getItem(id)).toMatchObject({ isPremium: true });
    expect((await bulk(admin, { ids, action: 'free' })).statusCode).toBe(200);
    for (const id of ids) expect(await getItem(id)).toMatchObject({ isPremium: false });
    expect((await bulk(admin, { ids, action: 'unpublish' })).statusCode).toBe(200);
    for (const id of ids) expect(await getItem(id)).toMatchObject({ isPublished: false });

    expect((await bulk(admin, { ids, action: 'delete' })).statusCode).toBe(200);
    for (const id of ids) expect(await getItem(id)).toBeNull();
    expect(await getItem(untouched.id)).not.toBeNull();
  });

  it("clears the public list's cache, as single edits do", async () => {
    const tag = marker();
    const item = await createItem(tag, {});
    const publicIds = async () => {
      const response = await visitor.request({ method: 'GET', url: `/api/videos?search=${tag}` });
      return response.json().map((entry: { id: string }) => entry.id);
    };
    // The first read fills the cache for five seconds.
    expect(await publicIds()).toEqual([item.id]);
    expect((await bulk(admin, { ids: [item.id], action: 'unpublish' })).statusCode).toBe(200);
    expect(await publicIds()).toEqual([]);
  });

  it('changes nothing and answers 404 when any id is not an item', async () => {
    const tag = marker();
    const item = await createItem(tag, {});
    const response = await bulk(admin, { ids: [item.id, randomUUID()], action: 'unpublish' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('1 of the 2 chosen items no longer exist; nothing was changed.');
    expect(await getItem(item.id)).toMatchObject({ isPublished: true });
  });

  it.each([
    ['no ids', { ids: [], action: 'publish' }, 'Choose at least one item'],
    [
      'more than 100 ids',
      { ids: Array.from({ length: 101 }, () => randomUUID()), action: 'publish' },
      'At most 100 items at a time',
    ],
    ['an id that is not a content id', { ids: ['42'], action: 'publish' }, 'Each id must be a content id'],
    ['an unknown action', { ids: [randomUUID()], action: 'archive' }, 'action must be one of'],
    ['no action', { ids: [randomUUID()] }, 'action must be one of'],
  ])('refuses %s with 400', async (_label, payload, message) => {
    const response = await bulk(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it.each([
    [visitor, 401],
    [member, 403],
    [premium, 403],
  ] as const)('is for admins only and changes nothing otherwise (%#)', async (actor, status) => {
    const item = await createItem(marker(), {});
    const response = await bulk(actor, { ids: [item.id], action: 'delete' });
    expect(response.statusCode).toBe(status);
    expect(await getItem(item.id)).not.toBeNull();
  });
});
