import { contentItems } from '@server/db/schema/index.ts';
import { pageWithSite } from '@server/plugins/client.ts';
import { landingHtmlWithPrice } from '@server/plugins/landing-price.ts';
import { DEFAULT_SITE_SETTINGS } from '@shared/site-defaults.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpClientApp, setUpTestApp } from '../../../tests/setup/test-app.ts';

/**
 * Every page the server renders splices values into HTML: a member's library (the search in its
 * address, the items' titles), an item's page (its title and text), and the data they were rendered
 * from. `String.prototype.replace` with a replacement string reads `$&`, `$'` and `` $` `` in it as
 * "the match", "what follows" and "what precedes": a title holding them would paste the page's own
 * head into the page. Each value here carries every such sequence; each page must show it as
 * written, and its structure once.
 *
 * The renderer stands in for the build's (src/client/prerender.tsx) the way member-page.test.ts's
 * does: it renders what the API gives through the transport the server hands it, escaped as React
 * would, so what is tested is the server's splicing.
 */
const SEQUENCES = ['$`', "$'", '$&', '$$', '$1', '$<name>', '$0'];
const NASTY = `Rest ${SEQUENCES.join(' ')} here`;

const RENDERER = `
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderPage(url, transport) {
  const address = new URL(url, 'http://x');
  const user = await (await transport('/api/auth/user')).json();
  if (address.pathname === '/library') {
    const search = address.searchParams.get('search') ?? '';
    const answer = await transport('/api/videos?limit=12' + (search ? '&search=' + encodeURIComponent(search) : ''));
    const page = await answer.json();
    return {
      html: '<h1>Library</h1><p>Results for ' + escape(search) + '</p><ul>' +
        page.map((item) => '<li>' + escape(item.title) + '</li>').join('') + '</ul><p>' + escape(user.email) + '</p>',
      state: { search, page },
    };
  }
  const id = address.pathname.split('/').pop();
  const item = await (await transport('/api/videos/' + id)).json();
  return { html: '<h1>' + escape(item.title) + '</h1><p>' + escape(item.description) + '</p>', state: { item } };
}
`;

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stillpoint</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/index-abc123.js">' +
  '</head><body><div id="root"></div></body></html>';

const t = setUpTestApp();
const client = setUpClientApp(t, () => ({
  'index.html': INDEX,
  'loading.html': INDEX,
  '../render/prerender.mjs': RENDERER,
}));
let member: Actor;
let itemId: string;
beforeAll(async () => {
  member = await createActor(client.app, 'premium');
  const [item] = await client.app.database.db
    .insert(contentItems)
    .values({ title: NASTY, description: `About ${NASTY}.`, type: 'audio', duration: 300 })
    .returning({ id: contentItems.id });
  itemId = item!.id;
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const count = (text: string, part: string) => text.split(part).length - 1;

function expectOnePage(body: string) {
  for (const part of ['<!doctype html>', '<head>', '</head>', '<body>', '<div id="root"', '</html>']) {
    expect(count(body, part), part).toBe(1);
  }
}

describe('pages rendered on the server, with $ sequences in every spliced value', () => {
  it("a member's library: the search in its address and every title, shown as written", async () => {
    for (const search of [NASTY, ...SEQUENCES]) {
      const page = await member.request({
        method: 'GET',
        url: `/library?search=${encodeURIComponent(search)}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-server-rendered');
      expectOnePage(page.body);
      expect(page.body).toContain(`Results for ${escapeHtml(search)}</p>`);
    }
    const all = await member.request({ method: 'GET', url: '/library' });
    expectOnePage(all.body);
    expect(all.body).toContain(`<li>${escapeHtml(NASTY)}</li>`);
    // The data the page was rendered from, for the browser, holds the title as written too.
    const state = /<script type="application\/json" id="stillpoint-state">(.*?)<\/script>/s.exec(
      all.body,
    )?.[1];
    expect(JSON.stringify(JSON.parse(state!))).toContain(JSON.stringify(NASTY).slice(1, -1));
  });

  it("an item's page: its title and text, shown as written", async () => {
    const page = await member.request({ method: 'GET', url: `/video/${itemId}` });
    expect(page.body).toContain('data-server-rendered');
    expectOnePage(page.body);
    expect(page.body).toContain(`<h1>${escapeHtml(NASTY)}</h1>`);
    expect(page.body).toContain(`<p>About ${escapeHtml(NASTY)}.</p>`);
  });

  it("a page with the admin's site name and short name holding every sequence keeps its head once", () => {
    const loading =
      '<!doctype html><html lang="en"><head><title>Stillpoint</title>' +
      '<meta name="apple-mobile-web-app-title" content="Stillpoint"></head>' +
      '<body><div id="root"><header><span>Stillpoint</span></header></div></body></html>';
    const page = pageWithSite(loading, {
      ...DEFAULT_SITE_SETTINGS,
      name: `Calm ${SEQUENCES.join(' ')}`,
      shortName: `C ${SEQUENCES.slice(0, 3).join('')}`,
    });
    expectOnePage(page);
    // Shown as written (as text: `&` and `<` escaped), never as the match or the page around it.
    expect(page).toContain("<title>Calm $` $' $&amp; $$ $1 $&lt;name&gt; $0</title>");
    expect(page).toContain('content="C $`$\'$&amp;"');
    expect(page).toContain("<span>Calm $` $' $&amp; $$ $1 $&lt;name> $0</span>");
    expect(page).not.toContain('Stillpoint');
  });

  it('the landing page with the operator price keeps its head once', () => {
    const landing =
      '<!doctype html><html><head><title>Stillpoint</title></head><body>' +
      '<span data-plan-price="">$12</span><span data-plan-interval="">per month</span>' +
      '<span data-plan-period="">Billed monthly</span></body></html>';
    const page = landingHtmlWithPrice(landing, {
      amountCents: 900,
      currency: 'usd',
      interval: 'month',
      periodDays: 30,
    } as Parameters<typeof landingHtmlWithPrice>[1]);
    expect(count(page, '<head>')).toBe(1);
    expect(count(page, '</head>')).toBe(1);
    expect(page).toContain('<meta name="stillpoint-plan"');
  });
});
