import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import { createMediaSigner, MEDIA_LINK_TTL_SECONDS } from '../../lib/storage/media-signing.ts';
import { getDownloadLink, getPlayableLink, type MediaLinkDeps } from './index.ts';

// The links media signs for callers that have already decided who may have them (the library's
// signed-url route, downloads); those routes' own tests cover who is refused.
let root: string;
let deps: MediaLinkDeps;
const NOW = Date.UTC(2026, 0, 5, 9, 30, 15, 750);
const stored = { videoUrl: null, videoFileUrl: '/objects/media/evening.mp3' };

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-media-links-'));
  deps = { storage: createLocalStorage(root), signer: createMediaSigner('a test secret of enough length') };
  await deps.storage.write('media/evening.mp3', Buffer.alloc(12), 'audio/mpeg');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('getPlayableLink', () => {
  it('signs an uploaded file as an app /media/ link that ends at the whole second floor(now) + TTL', async () => {
    const link = await getPlayableLink(deps, stored, NOW);
    const expires = Math.floor(NOW / 1000) + MEDIA_LINK_TTL_SECONDS;
    expect(link?.signedUrl).toMatch(
      new RegExp(`^/media/media/evening\\.mp3\\?expires=${expires}&signature=`),
    );
    expect(link?.expiresAt).toBe(new Date(expires * 1000).toISOString());
    const query = new URLSearchParams(link!.signedUrl.split('?')[1]);
    expect(deps.signer.verify('media/evening.mp3', query.get('expires')!, query.get('signature')!, NOW)).toBe(
      true,
    );
  });

  it("puts the operator's CDN in front of the same signed link", async () => {
    const link = await getPlayableLink({ ...deps, cdnBaseUrl: 'https://cdn.example' }, stored, NOW);
    const plain = await getPlayableLink(deps, stored, NOW);
    expect(link?.signedUrl).toBe(`https://cdn.example${plain!.signedUrl}`);
  });

  it('hands back a streaming URL as it is, without expiry, even when a file is also set', async () => {
    const link = await getPlayableLink(
      deps,
      { ...stored, videoUrl: 'https://stream.example/calm.m3u8' },
      NOW,
    );
    expect(link).toEqual({ signedUrl: 'https://stream.example/calm.m3u8', expiresAt: null });
  });

  it('answers null when there is no media or the file is gone from the store', async () => {
    expect(await getPlayableLink(deps, { videoUrl: null, videoFileUrl: null }, NOW)).toBeNull();
    expect(
      await getPlayableLink(deps, { videoUrl: null, videoFileUrl: '/objects/media/gone.mp3' }, NOW),
    ).toBeNull();
    expect(
      await getPlayableLink(deps, { videoUrl: null, videoFileUrl: 'https://elsewhere.example/a.mp3' }, NOW),
    ).toBeNull();
  });
});

describe('getDownloadLink', () => {
  it("signs the file for the given time and tells its size and type; null when it isn't stored", async () => {
    const grant = await getDownloadLink(deps, stored.videoFileUrl, 600, NOW);
    expect(grant).toEqual({
      url: expect.stringMatching(/^\/media\/media\/evening\.mp3\?expires=\d+&signature=/),
      expiresAt: new Date(NOW + 600_000).toISOString(),
      sizeBytes: 12,
      contentType: 'audio/mpeg',
    });
    expect(await getDownloadLink(deps, '/objects/media/gone.mp3', 600, NOW)).toBeNull();
    expect(await getDownloadLink(deps, null, 600, NOW)).toBeNull();
  });
});
