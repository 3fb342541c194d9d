import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Actor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';

/**
 * How media bytes leave the app (docs/decisions/041): local files through the static file sender
 * with validators and 304s, and signed links pointing at the operator's CDN when one is set.
 */

async function createItem(admin: Actor, body: Record<string, unknown>) {
  const response = await admin.request({
    method: 'POST',
    url: '/api/videos',
    payload: { title: 'A calm item', description: 'Breathe.', type: 'audio', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

describe('local media: validators, 304s and Range', () => {
  const t = setUpTestApp();
  const [admin, member] = setUpActors(t, 'admin', 'member');
  const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));

  async function signedLink() {
    const key = `tests/${randomUUID()}.mp3`;
    await t.app.storage.write(key, bytes, 'audio/mpeg');
    const item = await createItem(admin, { videoFileUrl: `/objects/${key}` });
    const response = await member.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().signedUrl as string;
  }

  it('sends ETag and Last-Modified, and answers 304 to If-None-Match with an empty body', async () => {
    const url = await signedLink();
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(bytes)).toBe(true);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['content-length']).toBe(String(bytes.length));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?".+"$/);
    expect(new Date(String(first.headers['last-modified'])).getTime()).not.toBeNaN();

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"another"' } });
    expect(other.statusCode).toBe(200);
  });

  it('answers 304 to If-Modified-Since at or after the file time, 200 before it', async () => {
    const url = await signedLink();
    const first = await t.app.inject({ method: 'GET', url });
    const lastModified = String(first.headers['last-modified']);
    const same = await t.app.inject({ method: 'GET', url, headers: { 'if-modified-since': lastModified } });
    expect(same.statusCode).toBe(304);
    const before = new Date(new Date(lastModified).getTime() - 3_600_000).toUTCString();
    const older = await t.app.inject({ method: 'GET', url, headers: { 'if-modified-since': before } });
    expect(older.statusCode).toBe(200);
    expect(older.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps Range: a part with its validators, and the whole file when If-Range no longer matches', async () => {
    const url = await signedLink();
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-1123' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${bytes.length}`);
    expect(part.headers['content-length']).toBe('1024');
    expect(part.headers.etag).toBeTruthy();
    expect(part.rawPayload.equals(bytes.subarray(100, 1124))).toBe(true);

    const stale = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=0-9', 'if-range': '"not-this-version"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
  });

  it('public images get the same validators and 304s', async () => {
    const key = `tests/${randomUUID()}.png`;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await t.app.storage.write(key, png, 'image/png');
    const first = await t.app.inject({ method: 'GET', url: `/objects/${key}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({
      method: 'GET',
      url: `/objects/${key}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('MEDIA_CDN_BASE_URL', () => {
  const t = setUpTestApp({ MEDIA_CDN_BASE_URL: 'https://cdn.stillpoint.test/' });
  const [admin, member, premium] = setUpActors(t, 'admin', 'member', 'premium');

  it('hands out a 10-minute link on the CDN whose path and signature the app still verifies', async () => {
    const key = `tests/${randomUUID()}.mp3`;
    await t.app.storage.write(key, Buffer.alloc(64, 1), 'audio/mpeg');
    const item = await createItem(admin, { videoFileUrl: `/objects/${key}` });
    const response = await member.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` });
    expect(response.statusCode, response.body).toBe(200);
    const link = new URL(response.json().signedUrl);
    expect(link.origin).toBe('https://cdn.stillpoint.test');
    expect(link.pathname).toBe(`/media/${key}`);
    const expires = Number(link.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(response.json().expiresAt).toBe(new Date(expires * 1000).toISOString());

    // A CDN miss reaches this app with the same path and query.
    const miss = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(miss.statusCode).toBe(200);
    // The CDN may keep the bytes as long as the link lives, no longer.
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(String(miss.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(8 * 60);
    expect(maxAge).toBeLessThanOrEqual(10 * 60);
    expect(miss.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const forged = await t.app.inject({ method: 'GET', url: `/media/${key}?expires=${expires}&signature=x` });
    expect(forged.statusCode).toBe(403);
  });

  it('still checks premium access before giving any link', async () => {
    const key = `tests/${randomUUID()}.mp3`;
    await t.app.storage.write(key, Buffer.alloc(64, 1), 'audio/mpeg');
    const item = await createItem(admin, { videoFileUrl: `/objects/${key}`, isPremium: true });
    const refused = await member.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('cdn.stillpoint.test');
    const allowed = await premium.request({ method: 'GET', url: `/api/videos/${item.id}/signed-url` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().signedUrl).toMatch(/^https:\/\/cdn\.stillpoint\.test\/media\//);
  });

  it('lets the browser play from the CDN (the CSP names its origin)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(page.headers['content-security-policy']);
    expect(/media-src [^;]*https:\/\/cdn\.stillpoint\.test/.test(csp)).toBe(true);
  });
});
