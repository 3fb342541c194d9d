import { Blob as NodeBlob } from 'node:buffer';
import { forgetDevice, rememberVerifiedUser } from '@client/features/auth/device-account';
import { downloadsCacheName, offlineMediaPath } from '@client/sw/offline-media';
import { makeContentItem, makeDeviceMember } from '@client/testing/content';
import { FakeCacheStorage } from '@client/testing/fake-cache-storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadsStore } from './downloads-store';
import { isCheckFresh, reconcileDownloads } from './entitlement';

const DAY = 24 * 60 * 60 * 1000;
const FILE = new Uint8Array(Array.from({ length: 3000 }, (_, index) => index % 251));

const makeUser = makeDeviceMember;

let cacheStorage: FakeCacheStorage;
let estimate: { usage: number; quota: number };
let fileBytes: Uint8Array;
let grantStatus: number;
let fileGate: Promise<void>;

/** The server's two edges: the grant (`POST /api/videos/{id}/download`) and the file itself. */
function stubNetwork() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/download')) {
        if (grantStatus !== 200) {
          const message = 'Offline downloads are part of Stillpoint Premium.';
          return Response.json({ message }, { status: grantStatus });
        }
        return Response.json({
          url: '/media/file.mp3?expires=1&signature=x',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          sizeBytes: FILE.length,
          contentType: 'audio/mpeg',
        });
      }
      const bytes = fileBytes;
      const signal = init?.signal;
      return new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(bytes.slice(0, 1000));
            await fileGate;
            if (signal?.aborted) {
              controller.error(new DOMException('Aborted', 'AbortError'));
              return;
            }
            controller.enqueue(bytes.slice(1000));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'audio/mpeg' } },
      );
    }),
  );
}

beforeEach(() => {
  cacheStorage = new FakeCacheStorage();
  estimate = { usage: 0, quota: 1024 * 1024 * 1024 };
  fileBytes = FILE;
  grantStatus = 200;
  fileGate = Promise.resolve();
  vi.stubGlobal('caches', cacheStorage);
  // jsdom's Blob cannot become a fetch body; the browser's can.
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: true,
    storage: { estimate: async () => estimate, persist: async () => true },
  });
  stubNetwork();
  downloadsStore.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  downloadsStore.reset();
});

async function downloadAs(userId: string, id = 'item-1') {
  downloadsStore.selectAccount(userId);
  await downloadsStore.download(userId, makeContentItem({ id, type: 'audio', hasMedia: true }));
}

describe('downloading an item', () => {
  it('stores the whole file in the account cache and only then lists it', async () => {
    await downloadAs('user-a');
    const stored = await (await cacheStorage.open(downloadsCacheName('user-a'))).match(
      offlineMediaPath('user-a', 'item-1'),
    );
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(FILE);
    expect(stored!.headers.get('content-type')).toBe('audio/mpeg');
    const state = downloadsStore.getState();
    expect(state.items.map((entry) => [entry.item.id, entry.sizeBytes])).toEqual([['item-1', FILE.length]]);
    expect(state.transfers).toEqual({});
    expect(state.lastCheckedAt).not.toBeNull();
  });

  it('shows progress while the file arrives, and Cancel leaves nothing behind', async () => {
    let release = () => {};
    fileGate = new Promise((resolve) => {
      release = resolve;
    });
    downloadsStore.selectAccount('user-a');
    const running = downloadsStore.download('user-a', makeContentItem({ id: 'item-1' }));
    await vi.waitFor(() =>
      expect(downloadsStore.getState().transfers['item-1']).toMatchObject({
        status: 'downloading',
        receivedBytes: 1000,
        totalBytes: FILE.length,
      }),
    );
    downloadsStore.cancel('item-1');
    release();
    await running;
    expect(downloadsStore.getState().items).toEqual([]);
    expect(downloadsStore.getState().transfers).toEqual({});
    expect(cacheStorage.paths(downloadsCacheName('user-a'))).toEqual([]);
  });

  it('is not cancelled when the screen chooses the same account after it started', async () => {
    // Pressed before the screen's effect ran (public/start.js replays a tap on the server's page).
    const running = downloadsStore.download('user-a', makeContentItem({ id: 'item-1', hasMedia: true }));
    downloadsStore.selectAccount('user-a');
    await running;
    expect(downloadsStore.getState().items.map((entry) => entry.item.id)).toEqual(['item-1']);
  });

  it('says so before starting when the device is short of space', async () => {
    estimate = { usage: 1024 * 1024 * 1024 - 1000, quota: 1024 * 1024 * 1024 };
    await downloadAs('user-a');
    const transfer = downloadsStore.getState().transfers['item-1'];
    expect(transfer?.status).toBe('failed');
    expect(transfer?.error).toContain('There is not enough free space on this device for this session.');
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1); // the grant only: the file was never fetched
    expect(downloadsStore.getState().items).toEqual([]);
  });

  it('never counts a half-written file', async () => {
    fileBytes = FILE.slice(0, 2000);
    await downloadAs('user-a');
    expect(downloadsStore.getState().items).toEqual([]);
    expect(downloadsStore.getState().transfers['item-1']?.status).toBe('failed');
    expect(cacheStorage.paths(downloadsCacheName('user-a'))).toEqual([]);
  });

  it('shows the server’s refusal for a member without premium', async () => {
    grantStatus = 403;
    await downloadAs('user-a');
    expect(downloadsStore.getState().transfers['item-1']?.error).toBe(
      'Offline downloads are part of Stillpoint Premium.',
    );
    expect(downloadsStore.getState().items).toEqual([]);
  });
});

describe('offline playback source', () => {
  it('is the local address the service worker answers, once downloaded and recently checked', async () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {} } });
    await downloadAs('user-a');
    expect(await downloadsStore.getOfflineSource('user-a', 'item-1')).toBe(
      offlineMediaPath('user-a', 'item-1'),
    );
    expect(await downloadsStore.getOfflineSource('user-a', 'other')).toBeNull();
  });

  it('stops after 30 days without a check online, until the app is online again', async () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {} } });
    await downloadAs('user-a');
    const later = Date.now() + 31 * DAY;
    expect(await downloadsStore.getOfflineSource('user-a', 'item-1', later)).toBeNull();
    expect(await downloadsStore.getOfflineSource('user-a', 'item-1', Date.now() + 29 * DAY)).not.toBeNull();
  });
});

describe('accounts on one device', () => {
  it('keeps each account’s files apart, and another account signing in removes the first one’s', async () => {
    await rememberVerifiedUser(makeUser({ id: 'user-a' }));
    await downloadAs('user-a');
    expect(await downloadsStore.getOfflineSource('user-b', 'item-1')).toBeNull();

    await rememberVerifiedUser(makeUser({ id: 'user-b', email: 'b@example.test' }));
    expect(await cacheStorage.keys()).not.toContain(downloadsCacheName('user-a'));
    downloadsStore.selectAccount('user-b');
    expect(downloadsStore.getState().items).toEqual([]);
    downloadsStore.selectAccount('user-a');
    expect(downloadsStore.getState().items).toEqual([]);
  });

  it('signing out forgets every download on the device', async () => {
    await rememberVerifiedUser(makeUser());
    await downloadAs('user-a');
    await forgetDevice();
    expect(await cacheStorage.keys()).toEqual([]);
    expect(window.localStorage.length).toBe(0);
    expect(downloadsStore.getState().items).toEqual([]);
  });
});

describe('the entitlement re-check', () => {
  it('removes the downloads, kindly, once premium has ended', async () => {
    await rememberVerifiedUser(makeUser());
    await downloadAs('user-a');
    await rememberVerifiedUser(makeUser({ subscriptionStatus: 'canceled' }));
    expect(downloadsStore.getState().items).toEqual([]);
    expect(downloadsStore.getState().removedBecausePremiumEnded).toBe(true);
    expect(cacheStorage.paths(downloadsCacheName('user-a'))).toEqual([]);
  });

  it('keeps them, and notes the check, while premium lasts', async () => {
    await rememberVerifiedUser(makeUser());
    await downloadAs('user-a');
    const before = downloadsStore.getState().lastCheckedAt!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await rememberVerifiedUser(makeUser());
    expect(downloadsStore.getState().items).toHaveLength(1);
    expect(downloadsStore.getState().lastCheckedAt).toBeGreaterThan(before);
  });

  it.each([
    [{ subscriptionStatus: 'active' }, 2, 'keep'],
    [{ isAdmin: true, subscriptionStatus: null }, 2, 'keep'],
    [{ subscriptionStatus: 'canceled' }, 2, 'remove'],
    [{ subscriptionStatus: 'past_due' }, 1, 'remove'],
    [{ subscriptionStatus: null }, 0, 'nothing-to-do'],
  ] as const)('%o with %i downloads: %s', (user, count, expected) => {
    expect(reconcileDownloads(user, count)).toBe(expected);
  });

  it.each([
    [null, 0, false],
    [0, 30 * DAY, true],
    [0, 30 * DAY + 1, false],
    [1000, 1000, true],
  ])('checked at %s, now %s: fresh %s', (checkedAt, now, expected) => {
    expect(isCheckFresh(checkedAt, now)).toBe(expected);
  });
});
