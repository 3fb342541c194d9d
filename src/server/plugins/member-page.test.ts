import zlib from 'node:zlib';
import { contentItems } from '@server/db/schema/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpClientApp, setUpTestApp } from '../../../tests/setup/test-app.ts';

// The build's page renderer (src/client/prerender.tsx) stands here as a small module with the same
// export: it reads what the real one would through the transport the server hands it, and says
// what it was given, so these tests see exactly what the server lets a server-rendered page hold. The real
// renderer is exercised on a real build in tests/server/build.test.ts.
const RENDERER = `
export async function renderPage(path, transport) {
  if (path.endsWith('/00000000-0000-4000-8000-000000000000')) return null;
  if (path.endsWith('/11111111-1111-4111-8111-111111111111')) throw new Error('renderer failed');
  if (path.endsWith('/22222222-2222-4222-8222-222222222222')) return new Promise(() => {});
  const user = await (await transport('/api/auth/user')).json();
  const id = path.split('/').pop();
  const answer = await transport('/api/videos/' + id);
  const item = await answer.json();
  let write = 'allowed';
  await transport('/api/user/favorites', { method: 'POST' }).catch(() => { write = 'refused'; });
  let outside = 'allowed';
  await transport('https://example.com/').catch(() => { outside = 'refused'; });
  return {
    html: '<p>' + item.description + '</p><p>write ' + write + ', outside ' + outside + '</p><p>' + user.email + '</p>',
    state: { status: answer.status, close: '</script><script>alert(1)</script>' },
    account: JSON.stringify(user),
    title: 'Settle & rest · Stillpoint',
  };
}
`;

const INDEX =
  '<!doctype html><html><head><title>Stillpoint</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/index-abc123.js">' +
  '</head><body><div id="root"></div></body></html>';
const LOADING =
  '<!doctype html><html><head><title>Stillpoint</title></head><body><div id="root"><p>Loading...</p></div></body></html>';
const DESCRIPTION = `Settle in. ${'Let the breath find its own pace. '.repeat(30)}The closing words of the practice.`;

const t = setUpTestApp();
const client = setUpClientApp(t, () => ({
  'index.html': INDEX,
  'loading.html': LOADING,
  '../render/prerender.mjs': RENDERER,
}));
let member: Actor;
let premium: Actor;
let itemId: string;
beforeAll(async () => {
  [member, premium] = await Promise.all([
    createActor(client.app, 'member'),
    createActor(client.app, 'premium'),
  ]);
  const [item] = await client.app.database.db
    .insert(contentItems)
    .values({ title: 'Deep rest', description: DESCRIPTION, type: 'audio', isPremium: true, duration: 600 })
    .returning({ id: contentItems.id });
  itemId = item!.id;
});

describe("a member's first screen, rendered on the server", () => {
  it('holds what the API gives that member: the teaser without premium access, the whole text with it', async () => {
    const free = await member.request({ method: 'GET', url: `/video/${itemId}` });
    expect(free.statusCode).toBe(200);
    // Whole without the app, which runs at the member's first move (docs/decisions/104); the
    // account the page is for, as the device keeps it, tells public/start.js when it must run at once.
    expect(free.body).toContain(
      '<div id="root" data-server-rendered="" data-start="on-intent" data-account="',
    );
    const account = /data-account="([^"]*)"/
      .exec(free.body)![1]!
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&');
    expect(JSON.parse(account)).toMatchObject({ email: member.email });
    // The tab is named for the screen before the app runs.
    expect(free.body).toContain('<title>Settle &amp; rest · Stillpoint</title>');
    expect(free.body).toContain(member.email!);
    expect(free.body).toContain('Settle in.');
    expect(free.body).not.toContain('The closing words of the practice.');

    const paid = await premium.request({ method: 'GET', url: `/video/${itemId}` });
    expect(paid.body).toContain('The closing words of the practice.');
    expect(paid.body).toContain(premium.email!);
  });

  it('lets the renderer read the API only: no writes, nothing outside', async () => {
    const page = await premium.request({ method: 'GET', url: `/video/${itemId}` });
    expect(page.body).toContain('write refused, outside refused');
  });

  it('is private to the member, escapes its data, and preloads nothing that competes with the paint', async () => {
    const page = await premium.request({ method: 'GET', url: `/video/${itemId}` });
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('Cookie');
    const state = /<script type="application\/json" id="stillpoint-state">(.*?)<\/script>/s.exec(
      page.body,
    )?.[1];
    expect(JSON.parse(state!)).toEqual({ status: 200, close: '</script><script>alert(1)</script>' });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('modulepreload');
    expect(page.body).not.toContain('rel="preload"');
  });

  it('is compressed for a browser that accepts it', async () => {
    for (const [accept, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const page = await premium.request({
        method: 'GET',
        url: `/video/${itemId}`,
        headers: { 'accept-encoding': accept },
      });
      expect(page.headers['content-encoding']).toBe(accept);
      expect(page.headers.vary).toContain('Accept-Encoding');
      expect(decode(page.rawPayload).toString()).toContain('The closing words of the practice.');
    }
  });

  it('falls back to the page the browser fills in when the renderer gives up, fails or takes too long', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
    ]) {
      const page = await member.request({ method: 'GET', url: `/video/${id}` });
      expect(page.statusCode, id).toBe(200);
      expect(page.body, id).toContain('Loading...');
      expect(page.body, id).not.toContain('data-server-rendered');
      // Its reads are named instead, so the browser starts them before the JavaScript.
      expect(page.body, id).toContain(`href="/api/videos/${id}"`);
    }
  });

  it('is not server-rendered for a visitor, nor for screens that are not first screens', async () => {
    const visitor = await client.app.inject({ method: 'GET', url: `/video/${itemId}` });
    expect(visitor.body).not.toContain('data-server-rendered');
    const forums = await member.request({ method: 'GET', url: '/community' });
    expect(forums.body).not.toContain('data-server-rendered');
  });
});
