/**
 * What the service worker and the app agree on about downloaded files (no imports: the worker is
 * built on its own). Each account keeps its downloads in its own Cache Storage cache, and the
 * player asks for a local address that the worker answers from that cache, ranges included.
 */

export const OFFLINE_MEDIA_PREFIX = '/offline-media/';
const DOWNLOADS_CACHE_PREFIX = 'stillpoint-downloads:';

export function downloadsCacheName(userId: string): string {
  return `${DOWNLOADS_CACHE_PREFIX}${userId}`;
}

export function isDownloadsCacheName(name: string): boolean {
  return name.startsWith(DOWNLOADS_CACHE_PREFIX);
}

/** The local address of a downloaded item: `/offline-media/<userId>/<itemId>`. */
export function offlineMediaPath(userId: string, itemId: string): string {
  return `${OFFLINE_MEDIA_PREFIX}${encodeURIComponent(userId)}/${encodeURIComponent(itemId)}`;
}

/** The account a local media address belongs to, or null when it is not one. */
export function parseOfflineMediaPath(pathname: string): { userId: string; itemId: string } | null {
  if (!pathname.startsWith(OFFLINE_MEDIA_PREFIX)) return null;
  const parts = pathname.slice(OFFLINE_MEDIA_PREFIX.length).split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  try {
    return { userId: decodeURIComponent(parts[0]), itemId: decodeURIComponent(parts[1]) };
  } catch {
    return null;
  }
}

/** Asks a waiting service worker to take over (what workbox-window's `messageSkipWaiting` sends). */
export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}
