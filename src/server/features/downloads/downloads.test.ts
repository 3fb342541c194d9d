import { randomUUID } from 'node:crypto';
import { DOWNLOAD_LINK_TTL_SECONDS } from '@shared/schemas/downloads.ts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentDownloads, contentItems, users } from '../../db/schema/index.ts';

const t = setUpTestApp();
const [visitor, member, premium, admin] = setUpActors(t, 'visitor', 'member', 'premium', 'admin');
const AUDIO = Buffer.from('ID3 a calm little sound, not really audio, but bytes all the same');

beforeAll(async () => {
  await t.app.storage.write('downloads/evening.mp3', AUDIO, 'audio/mpeg');
});

async function insertItem(values: Partial<typeof contentItems.$inferInsert> = {}) {
  const [row] = await t.app.database.db
    .insert(contentItems)
    .values({ title: `Evening ${randomUUID()}`, description: 'Rest.', type: 'audio', ...values })
    .returning({ id: contentItems.id });
  return row!.id;
}
const downloadable = (values: Partial<typeof contentItems.$inferInsert> = {}) =>
  insertItem({ videoFileUrl: '/objects/downloads/evening.mp3', ...values });

const grant = (actor: Actor, id: string) =>
  actor.request({ method: 'POST', url: `/api/videos/${id}/download` });

const countFor = async (videoId: string) =>
  (await t.app.database.db.select().from(contentDownloads).where(eq(contentDownloads.videoId, videoId)))
    .length;

describe('POST /api/videos/:id/download by role', () => {
  it.each([
    ['visitor', 'premium item', 401, undefined],
    ['visitor', 'free item', 401, undefined],
    ['member', 'premium item', 403, 'PREMIUM_REQUIRED'],
    // Downloads are a premium benefit for every item (docs/decisions/023-offline-downloads.md).
    ['member', 'free item', 403, 'PREMIUM_REQUIRED'],
    ['premium', 'premium item', 200, undefined],
    ['premium', 'free item', 200, undefined],
    ['admin', 'premium item', 200, undefined],
  ] as const)('%s asking for a %s gets %i', async (role, kind, status, code) => {
    const actor = { visitor, member, premium, admin }[role];
    const id = await downloadable({ isPremium: kind === 'premium item' });
    const response = await grant(actor, id);
    expect(response.statusCode, response.body).toBe(status);
    if (code) expect(response.json().code).toBe(code);
    // Only a grant is counted.
    expect(await countFor(id)).toBe(status === 200 ? 1 : 0);
    if (status !== 200) expect(response.body).not.toContain('/media/');
  });

  it('gives a short-lived link to the file, with its size and type, that honours ranges', async () => {
    const id = await downloadable({ isPremium: true });
    const before = Date.now();
    const response = await grant(premium, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ sizeBytes: AUDIO.length, contentType: 'audio/mpeg' });
    const lifetime = Date.parse(body.expiresAt) - before;
    expect(lifetime).toBeGreaterThan((DOWNLOAD_LINK_TTL_SECONDS - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual((DOWNLOAD_LINK_TTL_SECONDS + 5) * 1000);

    const file = await visitor.request({ method: 'GET', url: body.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(AUDIO)).toBe(true);
    const part = await visitor.request({ method: 'GET', url: body.url, headers: { range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(AUDIO.subarray(4, 8).toString());
  });

  it('the link stops working once its minutes are up', async () => {
    const response = await grant(premium, await downloadable());
    const url = new URL(response.json().url, 'http://localhost');
    const key = decodeURIComponent(url.pathname.replace('/media/', ''));
    const expires = url.searchParams.get('expires') ?? undefined;
    const signature = url.searchParams.get('signature') ?? undefined;
    expect(t.app.mediaSigner.verify(key, expires, signature)).toBe(true);
    const later = Date.now() + (DOWNLOAD_LINK_TTL_SECONDS + 1) * 1000;
    expect(t.app.mediaSigner.verify(key, expires, signature, later)).toBe(false);
  });

  it('refuses a member whose subscription ended, even after earlier downloads', async () => {
    const someone = await createActor(t.app, 'premium');
    const id = await downloadable({ isPremium: true });
    expect((await grant(someone, id)).statusCode).toBe(200);
    await t.app.database.db
      .update(users)
      .set({ subscriptionStatus: 'canceled' })
      .where(eq(users.id, someone.userId!));
    const refused = await grant(someone, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PREMIUM_REQUIRED');
  });

  it('says why an item cannot be downloaded', async () => {
    const streaming = await insertItem({ videoUrl: 'https://media.example/evening.mp3' });
    const streamingResponse = await grant(premium, streaming);
    expect(streamingResponse.statusCode).toBe(409);
    expect(streamingResponse.json().code).toBe('NOT_DOWNLOADABLE');

    const noFile = await insertItem();
    expect((await grant(premium, noFile)).json()).toMatchObject({ code: 'NO_MEDIA' });
    const missingFile = await insertItem({ videoFileUrl: '/objects/downloads/gone.mp3' });
    expect((await grant(premium, missingFile)).statusCode).toBe(404);
    const post = await insertItem({ type: 'post', videoFileUrl: '/objects/downloads/evening.mp3' });
    expect((await grant(premium, post)).statusCode).toBe(404);

    const draft = await downloadable({ isPublished: false });
    expect((await grant(premium, draft)).statusCode).toBe(404);
    expect((await grant(admin, draft)).statusCode).toBe(200);

    expect((await grant(premium, randomUUID())).statusCode).toBe(404);
    expect((await grant(premium, 'not-an-id')).statusCode).toBe(400);
  });

  it('counts downloads per item for the admin analytics', async () => {
    const id = await downloadable({ title: `Most saved ${randomUUID()}` });
    for (let index = 0; index < 30; index += 1) expect((await grant(premium, id)).statusCode).toBe(200);
    const analytics = await admin.request({ method: 'GET', url: '/api/admin/analytics' });
    const top = analytics.json().topDownloads;
    expect(top[0]).toMatchObject({ videoId: id, downloads: 30 });
    expect(top[0].title).toMatch(/^Most saved /);
  });
});
