import { useCurrentUser } from '@client/features/auth';
import { useDownloadedCopies } from '@client/features/downloads';
import { playerQueue, type QueuedTrack, useRenewSignedUrl } from '@client/features/player';
import { i18n } from '@client/lib/i18n';
import { hasPremiumAccess } from '@shared/entitlements';
import type { Playlist, PlaylistItem } from '@shared/schemas/content';
import { useEffect } from 'react';

type Lock = { when: (entry: PlaylistItem) => string };

/**
 * The playlist's or course's audio items as a play-next queue, in order. A course lesson the
 * member cannot open yet stops the queue with the line that says when it opens; a premium item
 * without access is skipped (player-queue.ts, `pickNextPlayable`); a stored copy plays before a
 * signed link, so the queue goes on offline.
 */
export function toQueue(
  playlist: Playlist,
  {
    canOpenPremium,
    downloadedIds,
    getOfflineSource,
    getSignedUrl,
    lock,
  }: {
    canOpenPremium: boolean;
    downloadedIds: ReadonlySet<string>;
    getOfflineSource: (itemId: string) => Promise<string | null>;
    getSignedUrl: (itemId: string) => Promise<string>;
    lock: Lock;
  },
): QueuedTrack[] {
  const isEnrolled = playlist.enrolledAt !== null;
  const ordered = [...playlist.items].sort((a, b) => a.orderIndex - b.orderIndex);
  return ordered.flatMap((entry, index): QueuedTrack[] => {
    const item = entry.video;
    // The app's one player is an audio element: a video plays on its own page.
    if (item.type !== 'audio' || !item.hasMedia) return [];
    const isDownloaded = downloadedIds.has(item.id);
    let unavailable: QueuedTrack['unavailable'];
    if (playlist.isCourse && !(isEnrolled && entry.lesson?.isUnlocked)) {
      const opens = lock.when(entry);
      unavailable = {
        reason: 'locked',
        message: i18n._('playlists.queue.locked', {
          number: index + 1,
          title: item.title,
          opens: `${opens.charAt(0).toLowerCase()}${opens.slice(1)}`,
        }),
      };
    } else if (item.isPremium && !canOpenPremium) {
      unavailable = { reason: 'premium', message: i18n._('playlists.queue.premium', { title: item.title }) };
    }
    return [
      {
        id: item.id,
        title: item.title,
        thumbnailUrl: item.thumbnailUrl,
        isDownloaded,
        unavailable,
        resolveSrc: async () =>
          (isDownloaded ? await getOfflineSource(item.id) : null) ?? getSignedUrl(item.id),
      },
    ];
  });
}

/**
 * Offers the playlist to the app's player: when the member starts one of its items, the rest
 * follows (play next). A queue already playing from this playlist is refreshed in place (a lesson
 * that unlocked, a download finished).
 */
export function usePlayNextQueue(playlist: Playlist | undefined, lock: Lock): void {
  const { user } = useCurrentUser();
  const renewSignedUrl = useRenewSignedUrl();
  const { downloadedIds, getOfflineSource } = useDownloadedCopies();
  const canOpenPremium = hasPremiumAccess(user);
  const downloadedKey = [...downloadedIds].sort().join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the downloaded ids are keyed by their contents
  useEffect(() => {
    if (!playlist) return;
    const queue = toQueue(playlist, {
      canOpenPremium,
      downloadedIds,
      getOfflineSource,
      getSignedUrl: async (itemId) => (await renewSignedUrl(itemId)).signedUrl,
      lock,
    });
    const origin = { title: playlist.title, href: `/playlists/${encodeURIComponent(playlist.slug)}` };
    playerQueue.offer(queue, origin);
    if (playerQueue.getState().origin?.href === origin.href) playerQueue.set(queue, origin);
  }, [playlist, canOpenPremium, downloadedKey, renewSignedUrl]);
}
