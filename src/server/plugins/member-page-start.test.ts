import { beforeAll, expect, it } from 'vitest';
import { type Actor, createActor, setUpClientApp, setUpTestApp } from '../../../tests/setup/test-app.ts';

// A renderer that takes a moment to load, as the real 3.8 MB one does on a busy machine.
const SLOW_RENDERER = `
await new Promise((resolve) => setTimeout(resolve, 1000));
export async function renderPage() {
  return { html: '<p>rendered</p>', state: {} };
}
`;

const t = setUpTestApp();
const client = setUpClientApp(t, () => ({
  'index.html':
    '<!doctype html><html><head><title>Stillpoint</title></head><body><div id="root"></div></body></html>',
  'loading.html':
    '<!doctype html><html><head><title>Stillpoint</title></head><body><div id="root"><p>Loading...</p></div></body></html>',
  '../render/prerender.mjs': SLOW_RENDERER,
}));
let member: Actor;
let origin: string;
beforeAll(async () => {
  member = await createActor(client.app, 'member');
  origin = await client.app.listen({ port: 0, host: '127.0.0.1' });
});

it('a listening server sends the loading page while its renderer loads, then server-rendered pages', async () => {
  const page = (async () => {
    const response = await fetch(`${origin}/library`, { headers: { cookie: member.cookie! } });
    return response.text();
  })();
  expect(await page).toContain('Loading...');
  await expect
    .poll(async () => (await fetch(`${origin}/library`, { headers: { cookie: member.cookie! } })).text(), {
      timeout: 15_000,
    })
    .toContain('<p>rendered</p>');
});
