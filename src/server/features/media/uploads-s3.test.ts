import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UPLOAD_MESSAGES } from '@shared/schemas/uploads.ts';
import { SITE_ICONS, type SiteIcon, siteIconKey, siteIconUrl } from '@shared/site-brand.ts';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignatureCheckingProxy,
  startSignatureCheckingProxy,
} from '../../../../tests/setup/s3-signature-check.ts';
import { createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems } from '../../db/schema/index.ts';
import { createS3Storage } from '../../lib/storage/s3-storage.ts';
import { readAll } from '../../lib/storage/storage.ts';
import { createBackup, runScheduledBackup, verifyArchive } from '../backup/index.ts';
import { cleanupUploads } from './uploads.service.ts';

/**
 * The same upload flow on the S3 driver, against a local S3-compatible server (s3rver): a
 * presigned PUT straight to the bucket, registration, public images and signed media with Range.
 * s3rver does not check version 4 signatures; a small proxy in front of it does, as S3 would, so
 * a PUT whose length differs from the signed one is refused (tests/setup/s3-signature-check.ts).
 */

const BUCKET = 'stillpoint-test';
const BACKUP_BUCKET = 'stillpoint-backups';
const DEMO_MEDIA = path.resolve(import.meta.dirname, '../../seed/demo-media');
const mp4 = fs.readFileSync(path.join(DEMO_MEDIA, 'dawn-horizon.mp4'));
/** Its length (demo-content.ts, measured with ffprobe). */
const DAWN_HORIZON_SECONDS = 24;

let s3rver: S3rver;
let proxy: SignatureCheckingProxy;
let s3Directory: string;
let endpoint: string;
let s3: S3Client;

beforeAll(async () => {
  s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-s3rver-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Directory,
    configureBuckets: [
      { name: BUCKET, configs: [] },
      { name: BACKUP_BUCKET, configs: [] },
    ],
  });
  const { port } = await s3rver.run();
  proxy = await startSignatureCheckingProxy(`http://127.0.0.1:${port}`, {
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  endpoint = proxy.url;
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  await proxy?.close();
  await s3rver?.close();
  fs.rmSync(s3Directory, { recursive: true, force: true });
});

const t = setUpTestApp(() => ({
  S3_BUCKET: BUCKET,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
}));
const [admin] = setUpActors(t, 'admin');

/** Registers an uploaded file by its URL without the signature, as the admin forms send it. */
const registerUpload = (kind: 'images' | 'videos', uploadURL: string) =>
  admin.request({
    method: 'PUT',
    url: `/api/uploaded-${kind}`,
    payload: { [kind === 'images' ? 'imageURL' : 'videoURL']: uploadURL.split('?')[0] },
  });

async function uploadToBucket(body: Buffer, contentType: string): Promise<string> {
  const response = await admin.request({
    method: 'POST',
    url: '/api/objects/upload',
    payload: { size: body.length },
  });
  expect(response.statusCode).toBe(200);
  const uploadURL: string = response.json().uploadURL;
  const putResponse = await fetch(uploadURL, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': contentType },
  });
  expect(putResponse.status).toBe(200);
  return uploadURL;
}

const exists = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );

describe('S3 driver', () => {
  it('hands out a presigned PUT to the bucket, for a server-made key, valid 15 minutes', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/objects/upload',
      payload: { size: 1000 },
    });
    const url = new URL(response.json().uploadURL);
    expect(url.origin).toBe(endpoint);
    expect(url.pathname).toMatch(new RegExp(`^/${BUCKET}/uploads/[0-9a-f-]{36}$`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
    // The declared length is part of the signature.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    // The upload target is the bucket, so the CSP lets the browser connect to it.
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${endpoint}`);
  });

  it('registers an image: re-encoded into the bucket, served publicly by the app', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d8c8a8' } })
      .jpeg()
      .toBuffer();
    const uploadURL = await uploadToBucket(jpeg, 'image/jpeg');
    const response = await registerUpload('images', uploadURL);
    expect(response.statusCode, response.body).toBe(200);
    const { objectPath } = response.json();
    const id = objectPath.match(/images\/([0-9a-f-]{36})\.webp$/)[1];
    expect(await exists(`images/${id}.webp`)).toBe(true);
    expect(await exists(`images/${id}-640.webp`)).toBe(true);
    expect(await exists(`uploads/${id}`)).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(900);
  });

  it('registers a video as a private object played from a presigned GET to the bucket, with Range', async () => {
    const uploadURL = await uploadToBucket(mp4, 'video/mp4');
    const response = await registerUpload('videos', uploadURL);
    expect(response.statusCode, response.body).toBe(200);
    const { objectPath } = response.json();
    expect(objectPath).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\.mp4$/);
    // Its length is read from the bucket's copy, as from a local file.
    expect(response.json().duration).toBe(DAWN_HORIZON_SECONDS);
    const member = await createActor(t.app, 'premium');
    expect((await member.request({ method: 'GET', url: objectPath })).statusCode).toBe(403);
    const [item] = await t.app.database.db
      .insert(contentItems)
      .values({ title: 'From the bucket', description: 'x', type: 'video', videoFileUrl: objectPath })
      .returning({ id: contentItems.id });
    const signed = await member.request({ method: 'GET', url: `/api/videos/${item!.id}/signed-url` });
    expect(signed.statusCode, signed.body).toBe(200);
    // The bytes come from the bucket, not through the app: a presigned GET valid ten minutes.
    const link = new URL(signed.json().signedUrl);
    expect(link.origin).toBe(endpoint);
    expect(link.pathname).toBe(`/${BUCKET}/${objectPath.replace('/objects/', '')}`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // `expiresAt` is never later than the bucket's own expiry (X-Amz-Date + X-Amz-Expires), and
    // at most the second it took to sign earlier.
    const amzDate = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(
      link.searchParams.get('X-Amz-Date') ?? '',
    );
    const [, y, mo, d, h, mi, s] = (amzDate ?? []).map(Number) as number[];
    const bucketExpiry = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + 600_000;
    const expiresAt = Date.parse(signed.json().expiresAt);
    expect(expiresAt).toBeLessThanOrEqual(bucketExpiry);
    expect(expiresAt).toBeGreaterThanOrEqual(bucketExpiry - 1000);
    const ranged = await fetch(link, { headers: { range: 'bytes=10-59' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 10-59/${mp4.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(mp4.subarray(10, 60))).toBe(true);
    // The CSP lets the player load media from the bucket.
    const csp = String(signed.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`media-src [^;]*${endpoint.replaceAll('.', '\\.')}`));
  });

  it('checks premium access before presigning anything', async () => {
    const uploadURL = await uploadToBucket(mp4, 'video/mp4');
    const registered = await registerUpload('videos', uploadURL);
    const [item] = await t.app.database.db
      .insert(contentItems)
      .values({
        title: 'Premium from the bucket',
        description: 'x',
        type: 'video',
        isPremium: true,
        videoFileUrl: registered.json().objectPath,
      })
      .returning({ id: contentItems.id });
    const member = await createActor(t.app, 'member');
    const refused = await member.request({ method: 'GET', url: `/api/videos/${item!.id}/signed-url` });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('X-Amz-Signature');
    const premium = await createActor(t.app, 'premium');
    const allowed = await premium.request({ method: 'GET', url: `/api/videos/${item!.id}/signed-url` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().signedUrl).toContain('X-Amz-Signature=');
  });

  it('refuses a text file declared as video/mp4 and deletes it from the bucket', async () => {
    const uploadURL = await uploadToBucket(Buffer.from('plain words '.repeat(50)), 'video/mp4');
    const key = new URL(uploadURL).pathname.replace(`/${BUCKET}/`, '');
    expect(await exists(key)).toBe(true);
    const response = await registerUpload('videos', uploadURL);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.mediaType);
    expect(await exists(key)).toBe(false);
  });

  it('a registered upload cannot be registered again; the local PUT route is not served', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const uploadURL = await uploadToBucket(png, 'image/png');
    const register = () => registerUpload('images', uploadURL);
    expect((await register()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(409);
    const id = uploadURL.split('?')[0]!.split('/').pop();
    const local = await t.app.inject({
      method: 'PUT',
      url: `/objects/uploads/${id}?expires=1&signature=x`,
      payload: 'x',
    });
    expect(local.statusCode).toBe(404);
  });

  it('the bucket takes only the declared size; a URL without one is refused on S3', async () => {
    const member = await createActor(t.app, 'member');
    const created = await member.request({
      method: 'POST',
      url: '/api/objects/upload',
      payload: { size: 100 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const uploadURL: string = created.json().uploadURL;
    const key = new URL(uploadURL).pathname.replace(`/${BUCKET}/`, '');
    const refusedBefore = proxy.refused();
    const larger = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(101) });
    expect(larger.status).toBe(403);
    expect(await larger.text()).toContain('SignatureDoesNotMatch');
    expect(proxy.refused()).toBe(refusedBefore + 1);
    expect(await exists(key)).toBe(false);
    // The declared size itself goes through.
    const exact = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(100) });
    expect(exact.status).toBe(200);

    const undeclared = await member.request({ method: 'POST', url: '/api/objects/upload' });
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().message).toMatch(/^size: is required/);
  });

  it('a file larger than declared that reached a bucket without signature checks is refused at registration and deleted', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/objects/upload',
      payload: { size: 10 },
    });
    const uploadURL: string = created.json().uploadURL;
    const key = new URL(uploadURL).pathname.replace(`/${BUCKET}/`, '');
    // Written behind the proxy's back, as a bucket that ignores the signature would take it.
    await t.app.storage.write(key, mp4, 'video/mp4');
    const response = await registerUpload('videos', uploadURL);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/larger than the size declared/);
    expect(await exists(key)).toBe(false);
  });

  it('the clean-up job deletes abandoned uploads from the bucket', async () => {
    const uploadURL = await uploadToBucket(Buffer.from('abandoned'), 'application/octet-stream');
    const key = new URL(uploadURL).pathname.replace(`/${BUCKET}/`, '');
    await t.app.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update uploads set created_at = now() - interval '76 minutes' where key = ${key}`,
    );
    await cleanupUploads({ db: t.app.database.db, storage: t.app.storage });
    expect(await exists(key)).toBe(false);
  });

  it('a backup holds every object of the bucket, and restores them byte for byte', async () => {
    await uploadToBucket(mp4, 'video/mp4');
    const listed = [];
    for await (const object of t.app.storage.list()) listed.push(object);
    expect(listed.length).toBeGreaterThan(0);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-s3-backup-'));
    try {
      const archive = path.join(work, 'site.tar.gz');
      const result = await createBackup({
        databaseUrl: t.databaseUrl,
        storage: t.app.storage,
        file: archive,
      });
      expect(result.objects).toBe(listed.length);
      const verified = await verifyArchive(archive, work);
      try {
        for (const object of listed) {
          const entry = verified.manifest.objects.find((o) => o.key === object.key);
          const original = await readAll(t.app.storage, object.key);
          expect(entry?.sha256, object.key).toBe(createHash('sha256').update(original).digest('hex'));
          expect(fs.readFileSync(verified.files.get(entry!.file)!).equals(original)).toBe(true);
        }
      } finally {
        verified.discard();
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('scheduled backups can go to their own bucket, keeping the newest ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-s3-scheduled-'));
    const bucket = createS3Storage({
      bucket: BACKUP_BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    try {
      for (const day of [1, 2, 3]) {
        const now = new Date(`2031-01-0${day}T03:15:00Z`);
        await runScheduledBackup({
          databaseUrl: t.databaseUrl,
          storage: t.app.storage,
          dir,
          keep: 2,
          bucket,
          now,
        });
      }
      const kept = [];
      for await (const object of bucket.list()) kept.push(object.key);
      expect(kept.sort()).toEqual(['stillpoint-20310102-031500.tar.gz', 'stillpoint-20310103-031500.tar.gz']);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the site's logo on S3", () => {
  it('the icons made from the logo are stored in the bucket and served as PNGs of their sizes', async () => {
    const logo = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#1f4e6b' } })
      .png()
      .toBuffer();
    const registered = await registerUpload('images', await uploadToBucket(logo, 'image/png'));
    expect(registered.statusCode, registered.body).toBe(200);
    const objectPath = registered.json().objectPath as string;
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/admin/site',
      payload: { logo: objectPath },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const icon of Object.keys(SITE_ICONS) as SiteIcon[]) {
      expect(await exists(siteIconKey(objectPath, icon)!), icon).toBe(true);
      const served = await t.app.inject({ method: 'GET', url: siteIconUrl(objectPath, icon)! });
      expect(served.statusCode, icon).toBe(200);
      const { width, height, format } = await sharp(served.rawPayload).metadata();
      expect(`${format} ${width}x${height}`, icon).toBe(
        `png ${SITE_ICONS[icon].size}x${SITE_ICONS[icon].size}`,
      );
    }
  });
});
