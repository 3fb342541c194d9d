import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@shared/schemas/uploads.ts';
import { SITE_ICONS, type SiteIcon, siteFaviconIcoKey, siteIconKey } from '@shared/site-brand.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems, uploads } from '../../db/schema/index.ts';
import { byteLimit, cleanupUploads } from './uploads.service.ts';

/** Uploads on the local driver, through HTTP on a real database and a real data folder. */

const DEMO_MEDIA = path.resolve(import.meta.dirname, '../../seed/demo-media');
const mp3 = () => fs.readFileSync(path.join(DEMO_MEDIA, 'short-body-scan.mp3'));
const mp4 = () => fs.readFileSync(path.join(DEMO_MEDIA, 'breathing-circle.mp4'));

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');
let objectsRoot: string;

beforeAll(async () => {
  objectsRoot = path.join(t.config.dataDir, 'objects');
});

async function newUploadUrl(): Promise<string> {
  const response = await admin.request({ method: 'POST', url: '/api/objects/upload' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uploadURL;
}

/** PUTs like a browser would: to the URL as given, with no cookie. */
function put(uploadUrl: string, body: Buffer, contentType = 'application/octet-stream') {
  const url = new URL(uploadUrl);
  return t.app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    payload: body,
    headers: { 'content-type': contentType },
  });
}

const withoutQuery = (uploadUrl: string) => uploadUrl.split('?')[0]!;
const registerImage = (uploadUrl: string, actor = admin) =>
  actor.request({
    method: 'PUT',
    url: '/api/uploaded-images',
    payload: { imageURL: withoutQuery(uploadUrl) },
  });
const registerMedia = (uploadUrl: string, actor = admin) =>
  actor.request({
    method: 'PUT',
    url: '/api/uploaded-videos',
    payload: { videoURL: withoutQuery(uploadUrl) },
  });
const uploadIdOf = (uploadUrl: string) => withoutQuery(uploadUrl).split('/').pop()!;

async function uploaded(body: Buffer, contentType?: string): Promise<string> {
  const url = await newUploadUrl();
  const response = await put(url, body, contentType);
  expect(response.statusCode, response.body).toBe(200);
  return url;
}

const photo = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#9bb59a' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Private Person', Artist: 'Someone at home' } })
    .toBuffer();

describe('who may upload', () => {
  it('visitors get 401; members get an upload URL for pictures but never register media', async () => {
    const visitor = await createActor(t.app, 'visitor');
    expect((await visitor.request({ method: 'POST', url: '/api/objects/upload' })).statusCode).toBe(401);
    for (const url of ['/api/uploaded-images', '/api/uploaded-videos']) {
      const register = await visitor.request({
        method: 'PUT',
        url,
        payload: { imageURL: 'http://x/objects/uploads/x', videoURL: 'http://x/objects/uploads/x' },
      });
      expect(register.statusCode).toBe(401);
    }
    for (const role of ['member', 'premium'] as const) {
      const actor = await createActor(t.app, role);
      const response = await actor.request({ method: 'POST', url: '/api/objects/upload' });
      expect(response.statusCode).toBe(200);
      const media = await actor.request({
        method: 'PUT',
        url: '/api/uploaded-videos',
        payload: { videoURL: withoutQuery(response.json().uploadURL) },
      });
      expect(media.statusCode).toBe(403);
    }
  });

  it('a member registers a picture of their own, never someone else’s upload, and at most 10 MB', async () => {
    const member = await createActor(t.app, 'member');
    const ownUrl = (await member.request({ method: 'POST', url: '/api/objects/upload' })).json()
      .uploadURL as string;
    expect((await put(ownUrl, await photo(300, 200))).statusCode).toBe(200);
    const own = await registerImage(ownUrl, member);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().objectPath).toMatch(/^\/objects\/images\/[0-9a-f-]{36}\.webp$/);

    const adminsUpload = await uploaded(await photo());
    const refused = await registerImage(adminsUpload, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_YOUR_UPLOAD');
    expect((await registerImage(adminsUpload)).statusCode).toBe(200);

    const bigUrl = (await member.request({ method: 'POST', url: '/api/objects/upload' })).json()
      .uploadURL as string;
    const tooBig = await put(bigUrl, Buffer.alloc(UPLOAD_LIMITS.image + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/\(10 MB\)/);
  });

  it('the URL is this server, a server-made key, expiring in 15 minutes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const url = new URL(await newUploadUrl());
    expect(url.origin).toBe(t.config.publicUrl);
    expect(url.pathname).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(899);
    expect(expires - before).toBeLessThanOrEqual(901);
    expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
  });
});

describe('images', () => {
  it('re-encodes to WebP without metadata, bounded in size, with a 640 px variant, served publicly', async () => {
    const url = await uploaded(await photo(3000, 2000), 'image/jpeg');
    const response = await registerImage(url);
    expect(response.statusCode, response.body).toBe(200);
    const id = uploadIdOf(url);
    expect(response.json()).toMatchObject({
      objectPath: `/objects/images/${id}.webp`,
      kind: 'image',
      contentType: 'image/webp',
    });

    const served = await t.app.inject({ method: 'GET', url: `/objects/images/${id}.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(2048);
    expect(meta.exif).toBeUndefined();
    const variant = await t.app.inject({ method: 'GET', url: `/objects/images/${id}-640.webp` });
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(640);
    // The raw upload is gone.
    expect(fs.existsSync(path.join(objectsRoot, 'uploads', id))).toBe(false);
  });

  it('accepts PNG, GIF and WebP by their bytes, whatever the declared type', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 4, background: '#ffffff80' } });
    for (const body of [
      await base.clone().png().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().webp().toBuffer(),
    ]) {
      const response = await registerImage(await uploaded(body, 'text/plain'));
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('refuses a file that is not an image, and deletes it', async () => {
    const url = await uploaded(Buffer.from('just some words, not a picture'), 'image/png');
    const response = await registerImage(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.imageType);
    expect(fs.existsSync(path.join(objectsRoot, 'uploads', uploadIdOf(url)))).toBe(false);
    const [row] = await t.app.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, uploadIdOf(url)));
    expect(row?.status).toBe('refused');
  });

  it('refuses an SVG, even a well-formed one with a script', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const response = await registerImage(await uploaded(svg, 'image/svg+xml'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.imageSvg);
    expect(response.json().message).toContain('PNG, JPG, GIF or WebP');
  });

  it('refuses an image of 10 MB and 1 byte', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const body = Buffer.concat([png, Buffer.alloc(UPLOAD_LIMITS.image + 1 - png.length)]);
    expect(body.length).toBe(10 * 1024 * 1024 + 1);
    const response = await registerImage(await uploaded(body, 'image/png'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.imageSize);
  });

  it('refuses bytes that start like a JPEG but do not decode', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const response = await registerImage(await uploaded(fake));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.imageType);
  });
});

describe('audio and video', () => {
  it('registers audio and video by their bytes as private objects', async () => {
    const audio = await registerMedia(await uploaded(mp3(), 'application/octet-stream'));
    expect(audio.statusCode, audio.body).toBe(200);
    expect(audio.json()).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg', size: mp3().length });
    expect(audio.json().objectPath).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\.mp3$/);
    const video = await registerMedia(await uploaded(mp4(), 'video/mp4'));
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json()).toMatchObject({ kind: 'video', contentType: 'video/mp4' });

    // Private: the object path alone is refused to everyone.
    const objectPath = video.json().objectPath as string;
    const visitor = await createActor(t.app, 'visitor');
    const member = await createActor(t.app, 'premium');
    expect((await visitor.request({ method: 'GET', url: objectPath })).statusCode).toBe(401);
    expect((await member.request({ method: 'GET', url: objectPath })).statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: objectPath })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/media/${objectPath.slice(9)}` })).statusCode).toBe(
      403,
    );

    // Through content and its signed URL, with Range.
    const [item] = await t.app.database.db
      .insert(contentItems)
      .values({
        title: 'Uploaded practice',
        description: 'x',
        type: 'video',
        isPremium: true,
        videoFileUrl: objectPath,
      })
      .returning({ id: contentItems.id });
    const signed = await member.request({ method: 'GET', url: `/api/videos/${item!.id}/signed-url` });
    expect(signed.statusCode, signed.body).toBe(200);
    const ranged = await t.app.inject({
      method: 'GET',
      url: signed.json().signedUrl,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${mp4().length}`);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.equals(mp4().subarray(0, 100))).toBe(true);
    const outside = await t.app.inject({
      method: 'GET',
      url: signed.json().signedUrl,
      headers: { range: `bytes=${mp4().length + 10}-` },
    });
    expect(outside.statusCode).toBe(416);
  });

  it('refuses a text file declared as video/mp4, and an image sent as a video', async () => {
    const text = await registerMedia(
      await uploaded(Buffer.from('not a film at all '.repeat(100)), 'video/mp4'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(UPLOAD_MESSAGES.mediaType);
    const image = await registerMedia(await uploaded(await photo(50, 50), 'video/mp4'));
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe(UPLOAD_MESSAGES.mediaType);
  });

  it('refuses audio over 100 MB and video over 500 MB (sparse files on disk)', async () => {
    const cases = [
      { head: mp3(), size: UPLOAD_LIMITS.audio + 1, message: UPLOAD_MESSAGES.audioSize },
      { head: mp4(), size: UPLOAD_LIMITS.video + 1, message: UPLOAD_MESSAGES.videoSize },
    ];
    for (const { head, size, message } of cases) {
      const url = await newUploadUrl();
      const id = uploadIdOf(url);
      // As if the PUT had delivered it (a real 500 MB PUT is refused before it is read, see below).
      const file = path.join(objectsRoot, 'uploads', id);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, head.subarray(0, 8192));
      fs.truncateSync(file, size);
      await t.app.database.db.update(uploads).set({ status: 'uploaded', size }).where(eq(uploads.id, id));
      const response = await registerMedia(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(fs.existsSync(file)).toBe(false);
    }
  });
});

describe('upload URLs', () => {
  it('work once: a second PUT is refused, a second registration is 409', async () => {
    const url = await uploaded(mp3());
    expect((await put(url, mp3())).statusCode).toBe(403);
    expect((await registerMedia(url)).statusCode).toBe(200);
    const again = await registerMedia(url);
    expect(again.statusCode).toBe(409);
    expect((await registerImage(url)).statusCode).toBe(409);
  });

  it('refuse a tampered signature, an expired link, and a link for another key', async () => {
    const url = new URL(await newUploadUrl());
    const signature = url.searchParams.get('signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set(
      'signature',
      `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
    );
    expect((await put(tampered.toString(), mp3())).statusCode).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await put(longer.toString(), mp3())).statusCode).toBe(403);
    const other = new URL(await newUploadUrl());
    const swapped = `${url.origin}${url.pathname}?${other.searchParams.toString()}`;
    expect((await put(swapped, mp3())).statusCode).toBe(403);

    const id = uploadIdOf(url.toString());
    const expired = `${url.origin}${url.pathname}?${t.app.uploadSigner.query(`uploads/${id}`, -60)}`;
    expect((await put(expired, mp3())).statusCode).toBe(403);
    // The database's own expiry holds even with a valid signature.
    await t.app.database.db
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.id, id));
    const response = await put(url.toString(), mp3());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This upload link has expired or has already been used.');
  });

  it('never turn a path into a key: traversal and foreign URLs are refused', async () => {
    const traversal = await t.app.inject({
      method: 'PUT',
      url: '/objects/uploads/..%2F..%2Fsecrets.json?expires=1&signature=x',
      payload: 'x',
    });
    expect(traversal.statusCode).toBe(400);
    for (const imageURL of [
      `${t.config.publicUrl}/objects/uploads/../../secrets.json`,
      `${t.config.publicUrl}/objects/images/../uploads/x`,
      'javascript:alert(1)',
      'not a url at all',
      `${t.config.publicUrl}/objects/uploads/00000000-0000-0000-0000-000000000000/../../../etc/passwd`,
    ]) {
      const response = await admin.request({
        method: 'PUT',
        url: '/api/uploaded-images',
        payload: { imageURL },
      });
      expect([400, 404], imageURL).toContain(response.statusCode);
    }
    const unknown = await admin.request({
      method: 'PUT',
      url: '/api/uploaded-images',
      payload: { imageURL: `${t.config.publicUrl}/objects/uploads/5f0c7a38-2b7e-4a51-9d8a-2f5e6c1b9a11` },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/objects/..%2F..%2Fsecrets.json' })).statusCode).toBe(
      404,
    );
    const missing = await admin.request({ method: 'PUT', url: '/api/uploaded-images', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/imageURL/);
  });

  it('registering before the file arrived fails plainly and leaves the URL usable', async () => {
    const url = await newUploadUrl();
    const early = await registerImage(url);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(UPLOAD_MESSAGES.imageFailed);
    expect((await put(url, await photo(20, 20))).statusCode).toBe(200);
    expect((await registerImage(url)).statusCode).toBe(200);
  });

  it('stop a body over the limit (the byte counter fails the stream)', async () => {
    const limiter = byteLimit(10);
    const error = await new Promise<Error>((resolve) => {
      limiter.on('error', resolve);
      limiter.write(Buffer.alloc(6));
      limiter.write(Buffer.alloc(6));
    });
    expect((error as { statusCode?: number }).statusCode).toBe(413);
    const url = await newUploadUrl();
    const parsed = new URL(url);
    const declared = await t.app.inject({
      method: 'PUT',
      url: `${parsed.pathname}${parsed.search}`,
      payload: Buffer.alloc(10),
      headers: { 'content-length': String(UPLOAD_LIMITS.video + 1) },
    });
    expect(declared.statusCode).toBe(413);
  });
});

describe('the upload allowance', () => {
  const MB = 1024 * 1024;
  const ask = (actor: typeof admin, size?: number) =>
    actor.request({
      method: 'POST',
      url: '/api/objects/upload',
      ...(size === undefined ? {} : { payload: { size } }),
    });

  it("a member's declared sizes count at once: past 20 MB, a clear 413, until unused URLs expire", async () => {
    const member = await createActor(t.app, 'member');
    const tooLarge = await ask(member, UPLOAD_LIMITS.image + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(UPLOAD_MESSAGES.imageSize);

    expect((await ask(member, 10 * MB)).statusCode).toBe(200);
    expect((await ask(member, 10 * MB)).statusCode).toBe(200);
    const over = await ask(member, 1);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(over.json().message).toMatch(/allowance of 20 MB \(20 MB in use/);
    // Without a size (local storage), the largest picture is held.
    const other = await createActor(t.app, 'member');
    expect((await ask(other)).statusCode).toBe(200);
    expect((await ask(other)).statusCode).toBe(200);
    expect((await ask(other)).statusCode).toBe(413);

    // Unused URLs expire with the clean-up job, and the allowance comes back.
    const { db } = t.app.database;
    await db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '76 minutes'` })
      .where(eq(uploads.createdBy, member.userId!));
    await cleanupUploads({ db, storage: t.app.storage });
    expect((await ask(member, 10 * MB)).statusCode).toBe(200);
  });

  it('parallel requests cannot all pass the same check', async () => {
    const member = await createActor(t.app, 'member');
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(member, 10 * MB)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 413, 413, 413]);
  });

  it('the URL takes no more than the declared size, and then the actual size counts', async () => {
    const member = await createActor(t.app, 'member');
    const asked = await ask(member, 100);
    expect(asked.statusCode, asked.body).toBe(200);
    const small = asked.json().uploadURL as string;
    const larger = await put(small, Buffer.alloc(101));
    expect(larger.statusCode).toBe(413);
    expect(larger.json().message).toMatch(/larger than the size declared/);

    const declared = (await ask(member, 8 * MB)).json().uploadURL as string;
    const picture = await photo(300, 200);
    expect((await put(declared, picture)).statusCode).toBe(200);
    const [row] = await t.app.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, uploadIdOf(declared)));
    expect(row?.size).toBe(picture.length);
    // 8 MB were held; now only the picture's bytes are, so two more of 8 MB fit.
    expect((await ask(member, 8 * MB)).statusCode).toBe(200);
    expect((await ask(member, 8 * MB)).statusCode).toBe(200);
    const registered = await registerImage(declared, member);
    expect(registered.statusCode, registered.body).toBe(200);
  });

  it('admins have their own, larger allowance', async () => {
    // Each admin upload here holds up to 500 MB, far past a member's 20 MB.
    for (let i = 0; i < 3; i += 1) expect((await ask(admin, UPLOAD_LIMITS.video)).statusCode).toBe(200);
    expect((await ask(admin, UPLOAD_LIMITS.video + 1)).statusCode).toBe(413);
  });
});

describe('clean-up job', () => {
  it('deletes uploads not registered 75 minutes after their URL was made, and unused objects after the grace period', async () => {
    const { db } = t.app.database;
    const abandoned = await uploaded(mp3());
    const used = await uploaded(await photo(30, 30));
    const unused = await uploaded(await photo(30, 30));
    const fresh = await uploaded(await photo(30, 30));
    const recent = await uploaded(mp3());
    const usedPath = (await registerImage(used)).json().objectPath as string;
    const unusedPath = (await registerImage(unused)).json().objectPath as string;
    const freshPath = (await registerImage(fresh)).json().objectPath as string;
    await db
      .insert(contentItems)
      .values({ title: 'Uses an image', description: 'x', thumbnailUrl: usedPath });
    await db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '76 minutes'` })
      .where(eq(uploads.id, uploadIdOf(abandoned)));
    await db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '70 minutes'` })
      .where(eq(uploads.id, uploadIdOf(recent)));
    for (const url of [used, unused]) {
      await db
        .update(uploads)
        .set({ registeredAt: sql`now() - interval '8 days'` })
        .where(eq(uploads.id, uploadIdOf(url)));
    }
    const result = await cleanupUploads({ db, storage: t.app.storage });
    expect(result.unregistered).toBeGreaterThanOrEqual(1);
    expect(result.unreferenced).toBeGreaterThanOrEqual(1);
    const exists = (objectPath: string) =>
      fs.existsSync(path.join(objectsRoot, objectPath.replace('/objects/', '')));
    expect(fs.existsSync(path.join(objectsRoot, 'uploads', uploadIdOf(abandoned)))).toBe(false);
    expect(fs.existsSync(path.join(objectsRoot, 'uploads', uploadIdOf(recent)))).toBe(true);
    expect(exists(usedPath)).toBe(true);
    expect(exists(unusedPath)).toBe(false);
    expect(exists(unusedPath.replace('.webp', '-640.webp'))).toBe(false);
    expect(exists(freshPath)).toBe(true);
  });

  it("keeps the site's logo and teacher's photo, and deletes a replaced logo with the icons made from it", async () => {
    const { db } = t.app.database;
    // An admin of its own: the file's admin has used up the upload rate by now.
    const siteAdmin = await createActor(t.app, 'admin');
    const registeredImage = async (side: number) => {
      const url = (await siteAdmin.request({ method: 'POST', url: '/api/objects/upload' })).json()
        .uploadURL as string;
      expect((await put(url, await photo(side, side))).statusCode).toBe(200);
      return (await registerImage(url, siteAdmin)).json().objectPath as string;
    };
    const oldLogo = await registeredImage(512);
    const logo = await registeredImage(600);
    const teacherPhoto = await registeredImage(700);
    const putSite = (payload: Record<string, unknown>) =>
      siteAdmin.request({ method: 'PUT', url: '/api/admin/site', payload });
    expect((await putSite({ logo: oldLogo })).statusCode).toBe(200);
    expect((await putSite({ logo, teacherPhoto })).statusCode).toBe(200);
    await db
      .update(uploads)
      .set({ registeredAt: sql`now() - interval '8 days'` })
      .where(inArray(uploads.objectPath, [oldLogo, logo, teacherPhoto]));
    await cleanupUploads({ db, storage: t.app.storage });
    const exists = (key: string | null) => key !== null && fs.existsSync(path.join(objectsRoot, key));
    const key = (objectPath: string) => objectPath.replace('/objects/', '');
    expect(exists(key(logo))).toBe(true);
    expect(exists(siteIconKey(logo, 'icon512'))).toBe(true);
    expect(exists(siteFaviconIcoKey(logo))).toBe(true);
    expect(exists(key(teacherPhoto))).toBe(true);
    expect(exists(key(oldLogo))).toBe(false);
    for (const icon of Object.keys(SITE_ICONS) as SiteIcon[])
      expect(exists(siteIconKey(oldLogo, icon)), icon).toBe(false);
    expect(exists(siteFaviconIcoKey(oldLogo))).toBe(false);
  });
});
