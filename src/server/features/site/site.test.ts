import fs from 'node:fs';
import {
  DEFAULT_SITE_SETTINGS,
  DESIGN_BACKGROUNDS,
  MAX_FOOTER_LINKS,
  type SiteSettings,
} from '@shared/schemas/site.ts';
import { describe, expect, it } from 'vitest';
import { createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { createSiteSettingsReader, SITE_SETTINGS_CACHE_MS, updateSiteSettings } from './site.service.ts';

/** The site's settings: one row, public to read, admin to change, the product's texts by default. */

const t = setUpTestApp({ RATE_LIMIT_SCALE: '100' });
const [admin] = setUpActors(t, 'admin');

const getSite = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/site' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SiteSettings;
};
const putSite = (payload: unknown, actor = admin) =>
  actor.request({ method: 'PUT', url: '/api/admin/site', payload: payload as Record<string, unknown> });

describe('GET /api/site', () => {
  it("a site nobody has configured shows the product's own name, colour and texts", async () => {
    await t.app.database.db.delete(siteSettings);
    t.app.site.cache.clear();
    expect(await getSite()).toEqual(DEFAULT_SITE_SETTINGS);
  });
});

describe('PUT /api/admin/site', () => {
  it('only an admin may change the settings: visitors 401, everyone else 403', async () => {
    for (const role of ['visitor', 'member', 'premium', 'moderator'] as const) {
      const actor = await createActor(t.app, role);
      const response = await putSite({ name: 'Not Theirs' }, actor);
      expect(response.statusCode, role).toBe(role === 'visitor' ? 401 : 403);
    }
    expect((await getSite()).name).not.toBe('Not Theirs');
  });

  it('an admin renames and re-colours the site; the public read shows it at once, other fields kept', async () => {
    const response = await putSite({ name: 'Quiet Harbour', shortName: 'Harbour', accentColor: '#B3261E' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Quiet Harbour', accentColor: '#b3261e' });
    const site = await getSite();
    expect(site).toMatchObject({ name: 'Quiet Harbour', shortName: 'Harbour', accentColor: '#b3261e' });
    expect(site.heroTitle).toBe(DEFAULT_SITE_SETTINGS.heroTitle);

    const texts = {
      heroTitle: 'Rest here a while',
      heroText: 'Short practices from Ana, for busy days.',
      featureCards: DEFAULT_SITE_SETTINGS.featureCards.map((card, index) => ({
        ...card,
        title: `Card ${index + 1}`,
      })),
      planBenefits: ['Every practice', 'Live sessions'],
      aboutTeacher: 'Ana has taught meditation for twenty years.',
      footerLinks: [{ label: 'Imprint', url: 'https://example.test/imprint' }],
    };
    expect((await putSite(texts)).statusCode).toBe(200);
    expect(await getSite()).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      name: 'Quiet Harbour',
      shortName: 'Harbour',
      accentColor: '#b3261e',
      ...texts,
    });
  });

  it('an accent colour passing WCAG AA against every background of the design is accepted', async () => {
    const response = await putSite({ accentColor: '#1f5b8a' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('an accent colour below 4.5:1 is refused with a message naming the ratio and the background', async () => {
    const before = await getSite();
    const response = await putSite({ accentColor: '#8cc3b1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /The accent colour #8cc3b1 has a contrast of only 1\.69:1 against the muted background \(#f1ece4\); WCAG AA needs at least 4\.5:1 for text\. Choose a darker colour\./,
    );
    expect((await getSite()).accentColor).toBe(before.accentColor);
  });

  it.each([
    ['an accent that is not a hex colour', { accentColor: 'teal' }, /Accent colour must be a hex colour/],
    ['an empty name', { name: '  ' }, /Site name is required/],
    ['a name on two lines', { name: 'Quiet\nHarbour' }, /Site name must be on one line/],
    ['a long short name', { shortName: 'A much too long name' }, /Short name can be at most 12 characters/],
    [
      'two feature cards',
      { featureCards: DEFAULT_SITE_SETTINGS.featureCards.slice(0, 2) },
      /exactly three feature cards/,
    ],
    ['no plan benefits', { planBenefits: [] }, /at least one benefit/],
    [
      'a footer link without https',
      { footerLinks: [{ label: 'Imprint', url: 'http://example.test/imprint' }] },
      /must be a full https:\/\/ address/,
    ],
    [
      'a javascript: footer link',
      { footerLinks: [{ label: 'Imprint', url: 'javascript:alert(1)' }] },
      /must be a full https:\/\/ address/,
    ],
    [
      'too many footer links',
      {
        footerLinks: Array.from({ length: MAX_FOOTER_LINKS + 1 }, (_, index) => ({
          label: `Link ${index}`,
          url: `https://example.test/${index}`,
        })),
      },
      /at most 8 links/,
    ],
  ])('refuses %s with 400 and a readable message', async (_name, payload, message) => {
    const response = await putSite(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});

describe('every instance', () => {
  it("another instance's change shows once this instance's short cache has expired, without a restart", async () => {
    let now = 1_000_000;
    const reader = createSiteSettingsReader(t.app.database.db, { now: () => now });
    await updateSiteSettings(t.app.database.db, { name: 'Before' });
    expect((await reader.get()).name).toBe('Before');
    // Another instance writes straight to the shared database.
    await updateSiteSettings(t.app.database.db, { name: 'After' });
    expect((await reader.get()).name).toBe('Before');
    now += SITE_SETTINGS_CACHE_MS;
    expect((await reader.get()).name).toBe('After');
  });

  it('a stored value that no longer passes the rules falls back to its default, the rest stays', async () => {
    await t.app.database.db.update(siteSettings).set({ settings: { name: 'Kept', accentColor: '#eeeeee' } });
    t.app.site.cache.clear();
    const site = await getSite();
    expect(site.name).toBe('Kept');
    expect(site.accentColor).toBe(DEFAULT_SITE_SETTINGS.accentColor);
  });
});

describe('the design tokens the contrast check uses', () => {
  it('are the light theme backgrounds and button text of src/client/styles.css', () => {
    const css = fs.readFileSync(new URL('../../../client/styles.css', import.meta.url), 'utf8');
    const light = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')));
    const token = (name: string) => new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(light)?.[1];
    expect(DESIGN_BACKGROUNDS.map((background) => background.color)).toEqual([
      token('background'),
      token('card'),
      token('muted'),
      token('primary-foreground'),
    ]);
    expect(token('primary')).toBe(DEFAULT_SITE_SETTINGS.accentColor);
  });
});
