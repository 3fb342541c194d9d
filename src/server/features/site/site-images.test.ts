import { readFileSync } from 'node:fs';
import { SITE_ICONS, siteFaviconIcoUrl, siteIconUrl } from '@shared/site-brand.ts';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  createActor,
  setUpActors,
  setUpClientApp,
  setUpTestApp,
  TEST_ORIGIN,
} from '../../../../tests/setup/test-app.ts';
import { outboxEmails, siteSettings } from '../../db/schema/index.ts';

/**
 * The site's logo and the teacher's photo: uploaded through the upload flow, named in
 * `PUT /api/admin/site`; from the logo the server makes the app icons, the favicon and the
 * apple-touch-icon, which the manifest and the pages' <head> then point at.
 */

const INDEX =
  '<!doctype html><html><head><title>Stillpoint</title>' +
  '<link rel="icon" href="/favicon.ico" sizes="48x48">' +
  '<link rel="icon" href="/favicon.svg" sizes="any" type="image/svg+xml">' +
  '<link rel="apple-touch-icon" href="/apple-touch-icon-180x180.png">' +
  '</head><body><div id="root"></div></body></html>';
const LANDING = INDEX.replace(
  '<div id="root"></div>',
  '<div id="root" data-server-rendered="">Stillpoint</div>',
);
const MANIFEST = {
  id: '/',
  name: 'Stillpoint',
  short_name: 'Stillpoint',
  theme_color: '#faf7f2',
  icons: [
    { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
    { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** Stands in for the build's favicon.ico (vite.config.ts, `pwaAssets`). */
const BUILT_FAVICON = 'the build favicon';

/** An ICO file's images, read as the format lays them out: a header, 16-byte entries, the images. */
function readIco(bytes: Buffer) {
  expect(bytes.readUInt16LE(0), 'reserved').toBe(0);
  expect(bytes.readUInt16LE(2), 'type: 1 is an icon').toBe(1);
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const at = 6 + 16 * index;
    const length = bytes.readUInt32LE(at + 8);
    const offset = bytes.readUInt32LE(at + 12);
    return {
      width: bytes.readUInt8(at),
      height: bytes.readUInt8(at + 1),
      bitsPerPixel: bytes.readUInt16LE(at + 6),
      image: bytes.subarray(offset, offset + length),
    };
  });
}

const t = setUpTestApp({ RATE_LIMIT_SCALE: '100' });
const [admin] = setUpActors(t, 'admin');
const client = setUpClientApp(t, () => ({
  'index.html': INDEX,
  'landing.html': LANDING,
  'manifest.webmanifest': JSON.stringify(MANIFEST),
  'favicon.ico': BUILT_FAVICON,
}));

/** A logo as a designer would hand it over: a dark mark on a transparent square. */
const logoPng = (width = 600, height = 600) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: {
          create: {
            width: Math.round(width / 2),
            height: Math.round(height / 2),
            channels: 4,
            background: '#1f3a33',
          },
        },
        gravity: 'centre',
      },
    ])
    .png()
    .toBuffer();

/** The three requests the admin's browser makes: an upload URL, the PUT, the registration. */
async function uploadImage(body: Buffer, actor: Actor = admin) {
  const asked = await actor.request({
    method: 'POST',
    url: '/api/objects/upload',
    payload: { size: body.length },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const uploadUrl = new URL(asked.json().uploadURL as string);
  const sent = await t.app.inject({
    method: 'PUT',
    url: `${uploadUrl.pathname}${uploadUrl.search}`,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return actor.request({
    method: 'PUT',
    url: '/api/uploaded-images',
    payload: { imageURL: uploadUrl.pathname },
  });
}

async function uploadedLogo(body?: Buffer): Promise<string> {
  const registered = await uploadImage(body ?? (await logoPng()));
  expect(registered.statusCode, registered.body).toBe(200);
  return registered.json().objectPath as string;
}

const putSite = (payload: Record<string, unknown>, actor: Actor = admin) =>
  actor.request({ method: 'PUT', url: '/api/admin/site', payload });

async function manifest() {
  client.app.site.cache.clear();
  const response = await client.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(response.statusCode).toBe(200);
  return response.json() as typeof MANIFEST;
}

async function readPng(url: string) {
  const response = await client.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return { response, image: sharp(response.rawPayload) };
}

describe('the logo', () => {
  it('an uploaded logo becomes the manifest icons, each a PNG of its size, at URLs that change with the logo', async () => {
    await t.app.database.db.delete(siteSettings);
    expect((await manifest()).icons).toEqual(MANIFEST.icons);

    const logo = await uploadedLogo();
    const saved = await putSite({ logo });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().logo).toBe(logo);

    const icons = (await manifest()).icons;
    expect(icons).toEqual([
      { src: siteIconUrl(logo, 'icon192'), sizes: '192x192', type: 'image/png' },
      { src: siteIconUrl(logo, 'icon512'), sizes: '512x512', type: 'image/png' },
      { src: siteIconUrl(logo, 'maskable512'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    for (const name of Object.keys(SITE_ICONS) as (keyof typeof SITE_ICONS)[]) {
      const { response, image } = await readPng(siteIconUrl(logo, name)!);
      // The logo's own id is in the URL: a new logo is a new URL, so a year's cache is safe.
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await image.metadata();
      expect(metadata.format, name).toBe('png');
      expect([metadata.width, metadata.height], name).toEqual([SITE_ICONS[name].size, SITE_ICONS[name].size]);
    }

    // The maskable icon keeps the logo inside the safe zone, on the page's background: its corner
    // is the background colour, its centre the logo's.
    const maskable = sharp((await readPng(siteIconUrl(logo, 'maskable512')!)).response.rawPayload);
    const { data, info } = await maskable.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // (The upload is stored as lossy WebP: a channel may be one or two off.)
    const near = (actual: number[], expected: number[]) =>
      actual.every((channel, index) => Math.abs(channel - expected[index]!) <= 2);
    expect(pixel(4, 4)).toEqual([0xfa, 0xf7, 0xf2]);
    expect(near(pixel(256, 256), [0x1f, 0x3a, 0x33]), String(pixel(256, 256))).toBe(true);

    const next = await uploadedLogo(await logoPng(800, 400));
    expect((await putSite({ logo: next })).statusCode).toBe(200);
    const changed = (await manifest()).icons;
    expect(changed[0]!.src).toBe(siteIconUrl(next, 'icon192'));
    expect(changed[0]!.src).not.toBe(icons[0]!.src);
  });

  it("the pages' first paint uses the logo's favicon and apple-touch-icon instead of the build's", async () => {
    const logo = await uploadedLogo();
    expect((await putSite({ name: 'Quiet Harbour', logo })).statusCode).toBe(200);
    client.app.site.cache.clear();
    for (const url of ['/', '/library']) {
      const page = await client.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(
        `<link rel="icon" type="image/png" sizes="32x32" href="${siteIconUrl(logo, 'favicon')}">`,
      );
      expect(page.body, url).toContain(
        `<link rel="apple-touch-icon" href="${siteIconUrl(logo, 'appleTouchIcon')}">`,
      );
      expect(page.body, url).not.toContain('/favicon.svg');
      expect(page.body, url).not.toContain('apple-touch-icon-180x180.png');
    }
  });

  it("the build's own favicon.svg, which a renamed site without a logo still shows, names no site", async () => {
    // The page's title names the site; a <title> in the icon would show the old name as its tooltip.
    const svg = readFileSync(new URL('../../../client/public/favicon.svg', import.meta.url), 'utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toMatch(/<title|<text|<desc|Stillpoint/i);
  });

  it('a logo also makes a favicon.ico of 16, 32 and 48 px PNGs, served at /favicon.ico and linked by the pages', async () => {
    await t.app.database.db.delete(siteSettings);
    client.app.site.cache.clear();
    const built = await client.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(built.statusCode).toBe(200);
    expect(built.body).toBe(BUILT_FAVICON);

    const logo = await uploadedLogo();
    expect((await putSite({ logo })).statusCode).toBe(200);
    client.app.site.cache.clear();
    const answer = await client.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(siteFaviconIcoUrl(logo));
    expect(answer.headers['cache-control']).toBe('no-cache');

    const ico = await client.app.inject({ method: 'GET', url: siteFaviconIcoUrl(logo)! });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    const images = readIco(ico.rawPayload);
    expect(images.map(({ width, height, bitsPerPixel }) => [width, height, bitsPerPixel])).toEqual([
      [16, 16, 32],
      [32, 32, 32],
      [48, 48, 32],
    ]);
    for (const { width, image } of images) {
      // PNG-in-ICO: each image is a whole PNG file of its entry's size.
      expect(image.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const metadata = await sharp(image).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', width, width]);
    }

    const page = await client.app.inject({ method: 'GET', url: '/library' });
    expect(page.body).toContain(
      `<link rel="icon" href="${siteFaviconIcoUrl(logo)}" sizes="16x16 32x32 48x48">`,
    );
    expect(page.body).not.toContain('href="/favicon.ico"');
  });

  it('removing the logo brings back the built icons', async () => {
    expect((await putSite({ logo: await uploadedLogo() })).statusCode).toBe(200);
    expect((await putSite({ logo: null })).statusCode).toBe(200);
    await t.app.database.db.delete(siteSettings);
    expect((await manifest()).icons).toEqual(MANIFEST.icons);
  });

  it('an SVG is refused at upload with a message saying which images are taken', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><script>alert(1)</script><circle r="200" cx="256" cy="256"/></svg>',
    );
    const refused = await uploadImage(svg);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'SVG images are not accepted: Please save it as a PNG, JPG, GIF or WebP image and upload that (for a logo, a square PNG of 512×512 or more)',
    );
  });

  it('a logo too small for the app icons is refused with its size and the size needed; the site keeps its logo', async () => {
    const kept = await uploadedLogo();
    expect((await putSite({ logo: kept })).statusCode).toBe(200);
    const small = await uploadedLogo(await logoPng(120, 90));
    const refused = await putSite({ logo: small });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The logo is 120×90 pixels; the app icons need at least 256×256. Upload a larger image (a square PNG of 512×512 or more works best).',
    );
    t.app.site.cache.clear();
    expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json().logo).toBe(kept);
  });

  it.each([
    [
      'a path that is not an uploaded image',
      '/objects/media/x.mp3',
      /The logo must be an image uploaded to this site/,
    ],
    [
      'an image path nobody uploaded',
      '/objects/images/00000000-0000-4000-8000-000000000000.webp',
      /The logo must be an image uploaded to this site: upload it again/,
    ],
  ])('refuses %s', async (_name, logo, message) => {
    const refused = await putSite({ logo });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toMatch(message);
  });

  it('only an admin sets the logo', async () => {
    const logo = await uploadedLogo();
    for (const role of ['visitor', 'member', 'moderator'] as const) {
      const actor = await createActor(t.app, role);
      expect((await putSite({ logo }, actor)).statusCode, role).toBe(role === 'visitor' ? 401 : 403);
    }
  });
});

describe("the teacher's photo", () => {
  it('an uploaded photo is stored and shown by the public settings; one never uploaded is refused', async () => {
    const photo = await uploadedLogo(
      await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#c9b79c' } })
        .jpeg()
        .toBuffer(),
    );
    const saved = await putSite({ teacherPhoto: photo, aboutTeacher: 'Ana has taught for twenty years.' });
    expect(saved.statusCode, saved.body).toBe(200);
    t.app.site.cache.clear();
    expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json()).toMatchObject({
      teacherPhoto: photo,
    });

    const refused = await putSite({
      teacherPhoto: '/objects/images/00000000-0000-4000-8000-000000000001.webp',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/The teacher's photo must be an image uploaded to this site/);
  });
});

describe("the e-mails' frame", () => {
  it("a renamed site with a logo: its e-mails' header carries the name and the logo (absolute URL), links the accent", async () => {
    const logo = await uploadedLogo();
    const saved = await putSite({ name: 'Quiet Harbour', accentColor: '#b3261e', logo });
    expect(saved.statusCode, saved.body).toBe(200);
    t.app.site.cache.clear();
    // A newsletter's test copy to the admin: written in the shared frame (features/digest, EmailFrame).
    const draft = await admin.request({
      method: 'POST',
      url: '/api/admin/newsletters',
      payload: { subject: 'Harbour news', body: 'Read [the notes](https://example.test/notes).' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const sent = await admin.request({
      method: 'POST',
      url: `/api/admin/newsletters/${draft.json().id}/test`,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [copy] = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, admin.email!), like(outboxEmails.subject, '%Harbour news%')));
    const html = copy?.html ?? '';
    expect(html).toMatch(/<p[^>]*id="email-site-name"[^>]*>Quiet Harbour<\/p>/);
    expect(html).toContain(`<img src="${TEST_ORIGIN}${siteIconUrl(logo, 'icon192')}"`);
    expect(html).toMatch(/<a href="https:\/\/example\.test\/notes"[^>]*color:#b3261e/);
    expect(html).not.toContain('#2f6f5e');
    expect(html).not.toContain('Stillpoint');
    // The editor's preview is the same e-mail.
    const preview = await admin.request({
      method: 'POST',
      url: '/api/admin/newsletters/preview',
      payload: { subject: 'Harbour news', body: 'Hello.' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).toContain(`<img src="${TEST_ORIGIN}${siteIconUrl(logo, 'icon192')}"`);
    expect(`${preview.json().html} ${preview.json().text}`).not.toContain('Stillpoint');
  });
});
