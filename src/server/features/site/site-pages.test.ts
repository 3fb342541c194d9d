import { DEFAULT_SITE_SETTINGS } from '@shared/schemas/site.ts';
import { TEST_PRICE_ID } from '@shared/schemas/subscription.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  setUpClientApp,
  setUpTestApp,
  signUp,
  TEST_ORIGIN,
} from '../../../../tests/setup/test-app.ts';
import { outboxEmails, siteSettings } from '../../db/schema/index.ts';
import { updateSiteSettings } from './site.service.ts';

/**
 * The site's name and colour in what the server itself sends: the landing page visitors get and
 * the installed app's manifest. The build's renderer (src/client/prerender.tsx) stands here as a
 * small module with the same export, drawing the name and hero title it is given (as member-page
 * tests do); the real one is exercised on a real build (tests/server/build.test.ts).
 */

const RENDERER = `
export async function renderLanding(site) {
  return {
    html: '<header><a href="/">' + site.name + '</a></header><h1>' + site.heroTitle + '</h1>',
    state: { queries: [{ queryKey: ['/api/auth/user'], state: { data: null } }] },
  };
}
`;
const INDEX =
  '<!doctype html><html><head><meta name="description" content="Stillpoint is a membership." />' +
  '<meta name="apple-mobile-web-app-title" content="Stillpoint" /><title>Stillpoint</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/index-abc123.js">' +
  '</head><body><div id="root"></div></body></html>';
const LANDING =
  '<!doctype html><html><head><title>Stillpoint</title></head><body><div id="root" data-server-rendered="" data-start="on-intent">' +
  '<header>Stillpoint</header><h1>Come back to your still point</h1>' +
  '<span data-plan-price="">$12</span><span data-plan-interval="">per month</span>' +
  '<p data-plan-period="">30-day subscription • Cancel anytime</p></div></body></html>';
/** What a member's screen shows while the session is checked: the build renders the header with the product's name. */
const LOADING =
  '<!doctype html><html><head><title>Stillpoint</title></head><body><div id="root">' +
  '<header><a href="/"><span>Stillpoint</span></a></header><p>Loading...</p></div></body></html>';
const MANIFEST = {
  id: '/',
  name: 'Stillpoint',
  short_name: 'Stillpoint',
  theme_color: '#faf7f2',
  background_color: '#faf7f2',
  icons: [{ src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
};

const t = setUpTestApp();
const builtFiles = {
  'index.html': INDEX,
  'landing.html': LANDING,
  'loading.html': LOADING,
  'manifest.webmanifest': JSON.stringify(MANIFEST),
};
const client = setUpClientApp(t, () => ({ ...builtFiles, '../render/prerender.mjs': RENDERER }));
/** A build whose renderer is missing: the landing page cannot be drawn with the site's texts. */
const clientWithoutRenderer = setUpClientApp(t, () => builtFiles);

/** Another instance changed the settings: this one reads them once its short cache is emptied. */
async function setSite(update: Parameters<typeof updateSiteSettings>[1]) {
  await t.app.database.db.delete(siteSettings);
  if (Object.keys(update).length > 0) await updateSiteSettings(t.app.database.db, update);
  client.app.site.cache.clear();
  clientWithoutRenderer.app.site.cache.clear();
}

describe('an unconfigured site', () => {
  it('sends the built landing page and manifest exactly as built', async () => {
    await setSite({});
    const landing = await client.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toBe(LANDING);
    const manifest = await client.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.json()).toEqual(MANIFEST);
  });
});

describe('a renamed and re-coloured site', () => {
  it("renders the landing page with the site's name, texts and accent, and no old name", async () => {
    await setSite({
      name: 'Quiet Harbour',
      shortName: 'Harbour',
      accentColor: '#b3261e',
      heroTitle: 'Rest here',
    });
    const landing = await client.app.inject({ method: 'GET', url: '/' });
    expect(landing.statusCode).toBe(200);
    // Whole without the app, as the built page: the app waits for the visitor's first move.
    expect(landing.body).toContain(
      '<div id="root" data-server-rendered="" data-start="on-intent"><header><a href="/">Quiet Harbour</a></header><h1>Rest here</h1></div>' +
        '<script type="application/json" id="stillpoint-state">{"queries":[{"queryKey":["/api/auth/user"],"state":{"data":null}}]}</script>',
    );
    expect(landing.body).toContain('<title>Quiet Harbour</title>');
    expect(landing.body).toContain('<meta name="apple-mobile-web-app-title" content="Harbour" />');
    expect(landing.body).toContain('content="Quiet Harbour is a membership."');
    expect(landing.body).toContain('--primary:#b3261e');
    expect(landing.body).toContain(
      '<meta name="stillpoint-site" content="{&quot;name&quot;:&quot;Quiet Harbour&quot;',
    );
    expect(landing.body).not.toContain('Stillpoint');
  });

  it('sends the built page, with the app started after the first paint, when the renderer is missing', async () => {
    await setSite({ name: 'Quiet Harbour', heroTitle: 'Rest here' });
    const landing = await clientWithoutRenderer.app.inject({ method: 'GET', url: '/' });
    expect(landing.statusCode).toBe(200);
    // The product's own texts in the body: the browser draws the site's, so it must not wait.
    expect(landing.body).toContain('<div id="root" data-server-rendered=""><header>Stillpoint</header>');
    expect(landing.body).not.toContain('data-start');
    expect(landing.body).toContain('<title>Quiet Harbour</title>');
  });

  it('escapes what the admin wrote where it lands in the page head', async () => {
    await setSite({ name: 'Harbour "&" <b>calm</b>' });
    const landing = await client.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain('<title>Harbour &quot;&amp;&quot; &lt;b&gt;calm&lt;/b&gt;</title>');
    expect(landing.body).not.toContain('<b>calm</b></title>');
  });

  it("serves the installed app's manifest with the site's name, short name and accent", async () => {
    await setSite({ name: 'Quiet Harbour', shortName: 'Harbour', accentColor: '#b3261e' });
    const manifest = await client.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({
      ...MANIFEST,
      name: 'Quiet Harbour',
      short_name: 'Harbour',
      theme_color: '#b3261e',
    });
  });

  it('keeps the design theme colour in the manifest while the accent is the default', async () => {
    await setSite({ name: 'Quiet Harbour' });
    const manifest = await client.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.json()).toMatchObject({ name: 'Quiet Harbour', theme_color: MANIFEST.theme_color });
    expect(DEFAULT_SITE_SETTINGS.accentColor).toBe('#3f6f62');
  });
});

describe("the site's e-mails", () => {
  it('a password reset e-mail names the renamed site, never the product', async () => {
    await setSite({ name: 'Quiet Harbour' });
    t.app.site.cache.clear();
    const { email } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    const reset = rows.find((row) => row.subject === 'Reset your Quiet Harbour password');
    expect(reset?.text).toContain('Quiet Harbour');
    for (const row of rows)
      expect(`${row.subject} ${row.text} ${row.html ?? ''}`).not.toContain('Stillpoint');
  });
});

describe('the plan', () => {
  it("is named after the site: 'Quiet Harbour Monthly'", async () => {
    await setSite({ name: 'Quiet Harbour' });
    t.app.site.cache.clear();
    const plan = await t.app.inject({ method: 'GET', url: '/api/billing/plan' });
    expect(plan.json().name).toBe('Quiet Harbour Monthly');
  });

  it("the test-mode checkout names the site's plan", async () => {
    await setSite({ name: 'Quiet Harbour' });
    t.app.site.cache.clear();
    const member = await createActor(t.app, 'member');
    const started = await member.request({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: { priceId: TEST_PRICE_ID },
    });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = (started.json().url as string).split('/checkout/test/')[1];
    const session = await member.request({ method: 'GET', url: `/api/checkout/test/${sessionId}` });
    expect(session.json().planName).toBe('Quiet Harbour Monthly');
  });
});

describe('no product name left for a renamed site', () => {
  it('the pages a member opens (a screen, its loading page, the not-found page) name the site, in the head and the header', async () => {
    await setSite({ name: 'Quiet Harbour', shortName: 'Harbour' });
    for (const [url, status] of [
      ['/library', 200],
      ['/account', 200],
      ['/no-such-screen', 404],
    ] as const) {
      const page = await client.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(status);
      expect(page.body, url).toContain('<title>Quiet Harbour</title>');
      expect(page.body, url).not.toContain('Stillpoint');
    }
    const loading = await client.app.inject({ method: 'GET', url: '/library' });
    expect(loading.body).toContain('<header><a href="/"><span>Quiet Harbour</span></a></header>');
  });

  it('an unconfigured site still sends the built pages as they are', async () => {
    await setSite({});
    const page = await client.app.inject({ method: 'GET', url: '/library' });
    expect(page.body).toBe(LOADING);
  });

  it("a message the server writes with the product's name names the site", async () => {
    await setSite({ name: 'Quiet Harbour' });
    const refused = await client.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://elsewhere.example' },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This request did not come from Quiet Harbour.',
      code: 'INVALID_ORIGIN',
    });
  });

  it.each([
    ['the digest', '/api/digest/unsubscribe'],
    ['newsletters', '/api/newsletters/unsubscribe'],
  ])('the unsubscribe pages of %s name the site', async (_name, url) => {
    await setSite({ name: 'Quiet Harbour' });
    const member = '00000000-0000-4000-8000-000000000000';
    const page = await client.app.inject({ method: 'GET', url: `${url}?member=${member}&token=wrong` });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('<title>This link does not work · Quiet Harbour</title>');
    expect(page.body).not.toContain('Stillpoint');
  });
});
