import { useCurrentUser } from '@client/features/auth';
import type { ContentItem } from '@shared/schemas/content';
import { useEffect, useState } from 'react';
import { downloadsStore, useDownloads } from './downloads-store';

export type OfflineSource = { status: 'checking' } | { status: 'none' } | { status: 'ready'; src: string };

/**
 * The stored copy of an item, when this device has one that may play: the player then uses it
 * instead of a signed link, online or not (less data, and it works on the train).
 */
export function useOfflineSource(itemId: string): OfflineSource {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const { items } = useDownloads(userId);
  const isDownloaded = items.some((entry) => entry.item.id === itemId);
  const [source, setSource] = useState<OfflineSource>({ status: isDownloaded ? 'checking' : 'none' });

  useEffect(() => {
    if (!userId || !isDownloaded) {
      setSource({ status: 'none' });
      return;
    }
    let isCurrent = true;
    setSource({ status: 'checking' });
    downloadsStore
      .getOfflineSource(userId, itemId)
      .then((src) => {
        if (!isCurrent) return;
        setSource(src ? { status: 'ready', src } : { status: 'none' });
      })
      .catch(() => {
        if (isCurrent) setSource({ status: 'none' });
      });
    // An object URL (no service worker) is kept: the mini-player may go on playing it elsewhere.
    return () => {
      isCurrent = false;
    };
  }, [userId, itemId, isDownloaded]);

  return source;
}

/** The item as it was when downloaded on this device, so its page opens offline; or null. */
export function useDownloadedItem(itemId: string): ContentItem | null {
  const { user } = useCurrentUser();
  const { items } = useDownloads(user?.id ?? null);
  return items.find((entry) => entry.item.id === itemId)?.item ?? null;
}

/**
 * The ids of the items stored on this device for the signed-in account, and a way to the stored
 * copy of one: a playlist or course queues them so play next goes on offline (features/player).
 */
export function useDownloadedCopies(): {
  downloadedIds: ReadonlySet<string>;
  getOfflineSource: (itemId: string) => Promise<string | null>;
} {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const { items } = useDownloads(userId);
  return {
    downloadedIds: new Set(items.map((entry) => entry.item.id)),
    getOfflineSource: (itemId) =>
      userId ? downloadsStore.getOfflineSource(userId, itemId) : Promise.resolve(null),
  };
}
