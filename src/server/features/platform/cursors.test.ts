import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';

/**
 * Every paged route (issue 13): a cursor is what the list itself gave out, or a 400 — never a 500
 * from a date JavaScript accepts and PostgreSQL does not. The routes are found by their query
 * schema, so a new paged route is covered the day it is added.
 */

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');
const ids: Record<string, string> = {};

beforeAll(async () => {
  const forum = await admin.request({
    method: 'POST',
    url: '/api/forums',
    payload: { title: 'Paging', description: 'Pages of posts.', category: 'general' },
  });
  ids.slug = forum.json().slug;
  for (let i = 0; i < 3; i += 1) {
    const post = await admin.request({
      method: 'POST',
      url: `/api/forums/${ids.slug}/posts`,
      payload: { title: `Post ${i}`, content: 'A calm post.' },
    });
    ids.id = post.json().id;
    await admin.request({
      method: 'POST',
      url: '/api/announcements',
      payload: { title: `Note ${i}`, content: 'x' },
    });
    await admin.request({
      method: 'POST',
      url: '/api/videos',
      payload: { title: `Item ${i}`, description: 'A calm item.', type: 'audio' },
    });
    // Each member flags a post (the moderation queue), and the admin pins it (the audit log).
    const member = await createActor(t.app, 'member');
    await member.request({ method: 'POST', url: `/api/posts/${ids.id}/flag`, payload: { reason: 'spam' } });
    // ...and replies to it (the admin's notifications).
    await member.request({
      method: 'POST',
      url: `/api/posts/${ids.id}/comments`,
      payload: { content: 'Thank you.' },
    });
    await admin.request({
      method: 'PUT',
      url: `/api/posts/${ids.id}/pin`,
      payload: { isPinned: i % 2 === 0 },
    });
  }
  for (let i = 0; i < 3; i += 1) {
    await admin.request({
      method: 'POST',
      url: `/api/posts/${ids.id}/comments`,
      payload: { content: `Reply ${i}` },
    });
  }
}, 60_000);

const ID = '0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d';
const raw = (text: string) => Buffer.from(text).toString('base64url');
const CRAFTED_DATES = [
  '2024-02-30T00:00:00Z',
  '2024-02-30T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  'Tue, 1 Jan 2024',
  '2024-01-01',
  '2024-13-01T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
];
const CRAFTED = [
  ...CRAFTED_DATES.flatMap((date) => [raw(`${date}|${ID}`), raw(`0|${date}|${ID}`), raw(`|${date}|${ID}`)]),
  raw(`2024-01-01T00:00:00.000Z|not-a-uuid`),
  raw(`1|2024-01-01T00:00:00.000Z|${ID}'--`),
  'bm90IGEgY3Vyc29y',
  '%%%',
];

const pagedRoutes = () =>
  t.app.registeredRoutes.filter((route) => {
    const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    return route.method === 'GET' && query?.shape !== undefined && 'cursor' in query.shape;
  });
const urlOf = (route: string) => route.replace(/:(\w+)/g, (_match, name: string) => ids[name] ?? ids.id!);
/** What a paged route needs besides its cursor (the search pages one section of one query). */
const REQUIRED_QUERY: Record<string, string> = { '/api/search': 'q=calm&section=posts&' };
const queryOf = (route: string) => REQUIRED_QUERY[route] ?? '';

describe('pagination cursors', () => {
  it('finds the paged routes', () => {
    expect(pagedRoutes().map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/videos',
        '/api/forums/:slug/posts',
        '/api/posts/:id/comments',
        '/api/announcements',
        '/api/admin/users',
        '/api/notifications',
        '/api/search',
      ]),
    );
  });

  it('every paged route answers a crafted cursor with a 400 that says what to do', async () => {
    for (const route of pagedRoutes()) {
      for (const cursor of CRAFTED) {
        const response = await admin.request({
          method: 'GET',
          url: `${urlOf(route.url)}?${queryOf(route.url)}cursor=${encodeURIComponent(cursor)}`,
        });
        const label = `${route.url} cursor ${Buffer.from(cursor, 'base64url').toString()}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(response.json(), label).toEqual({
          message: 'cursor is not valid; start again from the first page',
          code: 'BAD_CURSOR',
        });
      }
    }
  });

  it("every paged route takes back its own cursors, page by page, and refuses another list's", async () => {
    const seen: Record<string, string> = {};
    for (const route of pagedRoutes()) {
      const url = `${urlOf(route.url)}?${queryOf(route.url)}`;
      const first = await admin.request({ method: 'GET', url: `${url}limit=1` });
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
      const cursor = first.headers['x-next-cursor'];
      expect(typeof cursor, `${url} has a second page`).toBe('string');
      const second = await admin.request({ method: 'GET', url: `${url}limit=1&cursor=${cursor}` });
      expect(second.statusCode, `${url}: ${second.body}`).toBe(200);
      expect(second.body, url).not.toBe(first.body);
      seen[route.url] = String(cursor);
    }
    // A forum page's cursor (pinned first) is not a library cursor, nor the other way round.
    const forumCursor = seen['/api/forums/:slug/posts']!;
    const libraryCursor = seen['/api/videos']!;
    expect(
      (await admin.request({ method: 'GET', url: `/api/videos?cursor=${forumCursor}` })).statusCode,
    ).toBe(400);
    const wrong = await admin.request({
      method: 'GET',
      url: `/api/forums/${ids.slug}/posts?cursor=${libraryCursor}`,
    });
    expect(wrong.statusCode).toBe(400);
  });
});
