import { toast } from '@client/components/ui/use-toast';
import {
  accountStorageKey,
  onAccountVerified,
  onDeviceForgotten,
  readJson,
  writeJson,
} from '@client/features/auth';
import { getErrorMessage } from '@client/lib/api';
import { createStore } from '@client/lib/external-store';
import { i18n, loadNamespace } from '@client/lib/i18n';
import { isNetworkError } from '@client/lib/online-status';
import { downloadsCacheName, offlineMediaPath } from '@client/sw/offline-media';
import { isLocale } from '@shared/locales';
import type { ContentItem } from '@shared/schemas/content';
import { useEffect } from 'react';
import { requestDownloadGrant } from './api/grant-download';
import { isCheckFresh, reconcileDownloads } from './entitlement';
import { formatBytes } from './format';

/**
 * The device's offline downloads (docs/decisions/023-offline-downloads.md). Files live in Cache
 * Storage, one cache per account, where the service worker answers the player's range requests;
 * the list of what is downloaded (with the item's card fields) lives in localStorage beside the
 * account's other offline data. An entry is written only after its whole file is stored, so a
 * half-written download is never counted.
 */

export type DownloadedItem = {
  item: ContentItem;
  sizeBytes: number;
  contentType: string;
  downloadedAt: string;
};

export type Transfer = {
  itemId: string;
  receivedBytes: number;
  totalBytes: number;
  status: 'downloading' | 'failed';
  error: string | null;
};

type AccountDownloads = {
  items: DownloadedItem[];
  /** When the server last confirmed premium access (ms since the epoch), or null. */
  lastCheckedAt: number | null;
  /** Set when downloads were removed because premium ended; cleared once the member has read it. */
  removedBecausePremiumEnded: boolean;
};

export type DownloadsState = AccountDownloads & {
  userId: string | null;
  transfers: Record<string, Transfer>;
};

const EMPTY: AccountDownloads = { items: [], lastCheckedAt: null, removedBecausePremiumEnded: false };
/** Room kept free beyond the file itself, so a download never fills the device to the brim. */
const SPACE_MARGIN_BYTES = 5 * 1024 * 1024;

const store = createStore<DownloadsState>({ ...EMPTY, userId: null, transfers: {} });
const controllers = new Map<string, AbortController>();

const storageKey = (userId: string) => accountStorageKey(userId, 'downloads');

function readAccount(userId: string): AccountDownloads {
  const stored = readJson(storageKey(userId)) as Partial<AccountDownloads> | null;
  if (!stored || !Array.isArray(stored.items)) return { ...EMPTY };
  return {
    items: stored.items,
    lastCheckedAt: typeof stored.lastCheckedAt === 'number' ? stored.lastCheckedAt : null,
    removedBecausePremiumEnded: stored.removedBecausePremiumEnded === true,
  };
}

function saveAccount(userId: string, patch: Partial<AccountDownloads>): void {
  const next = { ...readAccount(userId), ...patch };
  writeJson(storageKey(userId), next);
  if (store.getState().userId === userId) store.set(next);
}

function setTransfer(itemId: string, transfer: Transfer | null): void {
  const transfers = { ...store.getState().transfers };
  if (transfer) transfers[itemId] = transfer;
  else delete transfers[itemId];
  store.set({ transfers });
}

/** A transfer under way or, given its error, one that failed. */
const transfer = (
  itemId: string,
  receivedBytes: number,
  totalBytes: number,
  error: string | null = null,
): Transfer => ({
  itemId,
  receivedBytes,
  totalBytes,
  status: error === null ? 'downloading' : 'failed',
  error,
});

async function openCache(userId: string): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  return caches.open(downloadsCacheName(userId));
}

export const downloadsStore = {
  getState: store.getState,

  subscribe: store.subscribe,

  /** Shows this account's downloads (called with the signed-in account). */
  selectAccount(userId: string): void {
    if (store.getState().userId === userId) return;
    for (const controller of controllers.values()) controller.abort();
    controllers.clear();
    store.replace({ ...readAccount(userId), userId, transfers: {} });
  },

  isDownloaded(itemId: string): boolean {
    return store.getState().items.some((entry) => entry.item.id === itemId);
  },

  /**
   * Saves an item on the device: asks the server for a link (premium is checked there), checks the
   * space first, streams the file with progress, and counts it only once it is wholly stored.
   */
  async download(userId: string, item: ContentItem): Promise<void> {
    // A Download pressed before the screen's own effect chose the account (a tap on the server's
    // page, done again as the app takes it over): chosen here, so that effect does not cancel it.
    downloadsStore.selectAccount(userId);
    if (controllers.has(item.id) || downloadsStore.isDownloaded(item.id)) return;
    const controller = new AbortController();
    controllers.set(item.id, controller);
    setTransfer(item.id, transfer(item.id, 0, 0));
    const path = offlineMediaPath(userId, item.id);
    const cache = await openCache(userId);
    try {
      if (!cache) throw new Error(i18n._('downloads.error.noCache'));
      const grant = await requestDownloadGrant(item.id);
      await ensureSpace(grant.sizeBytes);
      setTransfer(item.id, transfer(item.id, 0, grant.sizeBytes));
      // Ask once that the browser keep downloads when space runs low (it may say no).
      void navigator.storage?.persist?.().catch(() => false);
      const response = await fetch(grant.url, { signal: controller.signal, credentials: 'include' });
      if (!response.ok || !response.body) throw new Error(i18n._('downloads.error.couldNotStart'));
      const body = await readWithProgress(response.body, grant.sizeBytes, (receivedBytes) =>
        setTransfer(item.id, transfer(item.id, receivedBytes, grant.sizeBytes)),
      );
      if (body.size !== grant.sizeBytes) throw new Error(i18n._('downloads.error.interrupted'));
      await cache.put(
        path,
        new Response(body, {
          headers: { 'content-type': grant.contentType, 'content-length': String(body.size) },
        }),
      );
      if (controller.signal.aborted || store.getState().userId !== userId)
        throw new DOMException('Cancelled', 'AbortError');
      const entry: DownloadedItem = {
        item,
        sizeBytes: body.size,
        contentType: grant.contentType,
        downloadedAt: new Date().toISOString(),
      };
      saveAccount(userId, {
        items: [entry, ...readAccount(userId).items.filter((existing) => existing.item.id !== item.id)],
        lastCheckedAt: Date.now(),
      });
      setTransfer(item.id, null);
    } catch (error) {
      await cache?.delete(path).catch(() => false);
      if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
        setTransfer(item.id, null);
      } else {
        setTransfer(item.id, transfer(item.id, 0, 0, describeFailure(error)));
      }
    } finally {
      controllers.delete(item.id);
    }
  },

  cancel(itemId: string): void {
    controllers.get(itemId)?.abort();
  },

  dismissFailure(itemId: string): void {
    if (store.getState().transfers[itemId]?.status === 'failed') setTransfer(itemId, null);
  },

  async remove(userId: string, itemId: string): Promise<void> {
    const cache = await openCache(userId);
    await cache?.delete(offlineMediaPath(userId, itemId));
    saveAccount(userId, { items: readAccount(userId).items.filter((entry) => entry.item.id !== itemId) });
  },

  async removeAll(userId: string): Promise<void> {
    for (const controller of controllers.values()) controller.abort();
    if (typeof caches !== 'undefined') await caches.delete(downloadsCacheName(userId));
    saveAccount(userId, { items: [] });
  },

  dismissPremiumEndedNotice(userId: string): void {
    saveAccount(userId, { removedBecausePremiumEnded: false });
  },

  /**
   * A playable address for a downloaded item, or null: the service worker's local address when it
   * controls the page, else an object URL of the stored file. Null as well when the account was
   * not re-checked online for too long (entitlement.ts).
   */
  async getOfflineSource(userId: string, itemId: string, now = Date.now()): Promise<string | null> {
    const account = readAccount(userId);
    if (!account.items.some((entry) => entry.item.id === itemId)) return null;
    if (!isCheckFresh(account.lastCheckedAt, now)) return null;
    const cache = await openCache(userId);
    const path = offlineMediaPath(userId, itemId);
    const stored = await cache?.match(path);
    if (!stored) return null;
    if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) return path;
    return URL.createObjectURL(await stored.blob());
  },

  /** Tests start from nothing. */
  reset(): void {
    for (const controller of controllers.values()) controller.abort();
    controllers.clear();
    store.replace({ ...EMPTY, userId: null, transfers: {} });
  },
};

async function ensureSpace(sizeBytes: number): Promise<void> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return;
  const free = estimate.quota - (estimate.usage ?? 0);
  if (free < sizeBytes + SPACE_MARGIN_BYTES) {
    throw new Error(
      i18n._('downloads.error.noSpaceSizes', {
        size: formatBytes(sizeBytes),
        free: formatBytes(Math.max(0, free)),
      }),
    );
  }
}

async function readWithProgress(
  stream: ReadableStream<Uint8Array>,
  totalBytes: number,
  onProgress: (receivedBytes: number) => void,
): Promise<Blob> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let reportedAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    const now = Date.now();
    if (now - reportedAt > 100 || received === totalBytes) {
      reportedAt = now;
      onProgress(received);
    }
  }
  return new Blob(chunks as BlobPart[]);
}

function describeFailure(error: unknown): string {
  const fromServer = getErrorMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof DOMException && error.name === 'QuotaExceededError')
    return i18n._('downloads.error.noSpace');
  if (isNetworkError(error)) return i18n._('downloads.error.connection');
  return error instanceof Error ? error.message : i18n._('downloads.error.unfinished');
}

// The entitlement re-check, each time the server confirms the account (the app is online).
onAccountVerified(async (user) => {
  const account = readAccount(user.id);
  const outcome = reconcileDownloads(user, account.items.length);
  if (outcome === 'keep') {
    saveAccount(user.id, { lastCheckedAt: Date.now() });
    return;
  }
  if (outcome === 'remove') {
    await downloadsStore.removeAll(user.id);
    saveAccount(user.id, { removedBecausePremiumEnded: true, lastCheckedAt: null });
    // The Downloads screen says it in place; elsewhere a toast does.
    if (window.location.pathname !== '/downloads') {
      // No screen of this feature may be open: its words may not be loaded yet.
      if (isLocale(i18n.locale)) await loadNamespace(i18n.locale, 'downloads');
      toast({ title: i18n._('downloads.ended.title'), description: i18n._('downloads.ended.message') });
    }
  }
});

onDeviceForgotten(() => downloadsStore.reset());

/** This account's downloads and transfers, kept in step with the store. */
export function useDownloads(userId: string | null | undefined): DownloadsState {
  useEffect(() => {
    if (userId) downloadsStore.selectAccount(userId);
  }, [userId]);
  const snapshot = store.use();
  // Before the effect runs, the store may still show no account: read this one's list directly.
  if (userId && snapshot.userId !== userId) return { ...readAccount(userId), userId, transfers: {} };
  return snapshot;
}
