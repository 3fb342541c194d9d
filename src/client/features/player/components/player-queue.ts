import { createStore } from '@client/lib/external-store';
import { i18n } from '@client/lib/i18n';
import { isNetworkError, useIsOnline } from '@client/lib/online-status';
import { audioPlayer } from './audio-player-store';

/**
 * What plays before and after the current track: the lock screen's previous and next buttons
 * (use-media-session.ts), the mini-player's "Up next" and play next at the end of a track. The
 * Downloads screen fills it with the downloaded sessions, a playlist or course with its items when
 * the member starts one of them; a track started elsewhere is not in it, so previous only restarts
 * it and nothing follows it.
 */
export type QueuedTrack = {
  id: string;
  title: string;
  thumbnailUrl: string | null;
  /**
   * The playable address, found when the track is reached (a stored file may have gone since, a
   * signed link is asked for then). Null: it cannot play; a network failure is thrown.
   */
  resolveSrc: () => Promise<string | null>;
  startAt?: number;
  /** A copy is stored on this device, so it plays without a network. */
  isDownloaded?: boolean;
  /**
   * Why the member cannot play it now. A locked lesson stops the queue (a course is taken in
   * order); a premium item without access is skipped. `message` is the kind line shown.
   */
  unavailable?: { reason: 'locked' | 'premium'; message: string };
};

/** The next track to play after the current one, and the line that says why one was passed over. */
export type NextPick = { entry: QueuedTrack | null; notice: string | null };

/**
 * The queue's rule for "what comes next" (docs/product.md, "Play next and the end of a session"): walking forward from the
 * current track, a locked course lesson stops the queue and says when it opens; a premium item the
 * member cannot play is skipped (never a paywall in the middle of a sit); offline, only tracks
 * stored on this device are played and the others are skipped.
 */
export function pickNextPlayable(
  entries: readonly QueuedTrack[],
  currentId: string,
  { isOffline }: { isOffline: boolean },
): NextPick {
  const index = entries.findIndex((entry) => entry.id === currentId);
  if (index === -1) return { entry: null, notice: null };
  let skippedPremium = false;
  let skippedOffline = false;
  for (const entry of entries.slice(index + 1)) {
    if (entry.unavailable?.reason === 'locked') return { entry: null, notice: entry.unavailable.message };
    if (entry.unavailable?.reason === 'premium') {
      skippedPremium = true;
      continue;
    }
    if (isOffline && !entry.isDownloaded) {
      skippedOffline = true;
      continue;
    }
    return { entry, notice: null };
  }
  if (skippedOffline) {
    return {
      entry: null,
      // Read when the session ends, by which time the player's words are loaded (its controls use them).
      notice: i18n._('player.queue.offlineNext'),
    };
  }
  if (skippedPremium) {
    return { entry: null, notice: i18n._('player.queue.premiumNext') };
  }
  return { entry: null, notice: null };
}

/** Where a queue came from (a course, a playlist, Downloads): the way back at its end. */
export type QueueOrigin = { title: string; href: string };

const store = createStore<{ entries: QueuedTrack[]; origin: QueueOrigin | null }>({
  entries: [],
  origin: null,
});

/** A list the member is looking at (a playlist or course), taken up when one of its tracks starts. */
let offered: { entries: QueuedTrack[]; origin: QueueOrigin | null } = { entries: [], origin: null };

export const playerQueue = {
  set(list: QueuedTrack[], origin: QueueOrigin | null = null): void {
    store.replace({ entries: list, origin });
  },

  /** The queue, for a view that must render again when it changes. */
  use: store.use,

  getState: store.getState,

  /**
   * A playlist or course screen offers its items: when the member starts one of them (from its
   * page, a moment later), `adoptOffered` makes the list the queue, so the rest follows.
   */
  offer(list: QueuedTrack[], origin: QueueOrigin | null = null): void {
    offered = { entries: list, origin };
  },

  /**
   * Called as a track starts from its own page: keeps the queue if it holds the track, takes up
   * the offered list if that does, and otherwise empties it (nothing is "next" after a track
   * started on its own).
   */
  adoptOffered(trackId: string): void {
    if (store.getState().entries.some((entry) => entry.id === trackId)) return;
    if (offered.entries.some((entry) => entry.id === trackId))
      playerQueue.set(offered.entries, offered.origin);
    else playerQueue.set([]);
  },

  /** The track `step` places from `currentId` in the queue, or null (not queued, or at an end). */
  neighbour(currentId: string, step: 1 | -1): QueuedTrack | null {
    const { entries } = store.getState();
    const index = entries.findIndex((entry) => entry.id === currentId);
    if (index === -1) return null;
    return entries[index + step] ?? null;
  },

  /** Loads a queued track into the app's player (call it from a gesture or a media key). */
  async play(entry: QueuedTrack): Promise<boolean> {
    const src = await entry.resolveSrc().catch(() => null);
    if (!src) return false;
    audioPlayer.load(
      { id: entry.id, title: entry.title, thumbnailUrl: entry.thumbnailUrl, src },
      { startAt: entry.startAt ?? 0 },
    );
    return true;
  },

  /**
   * Play next: starts the next playable track after `endedId` (see `pickNextPlayable`). A track
   * whose link cannot be had because the network is gone turns the walk offline (only downloaded
   * tracks from there); one that cannot play for another reason is passed over.
   */
  async playNext(
    endedId: string,
    { isOffline = typeof navigator !== 'undefined' && navigator.onLine === false } = {},
  ): Promise<NextPick> {
    let offline = isOffline;
    let from = endedId;
    for (;;) {
      const pick = pickNextPlayable(store.getState().entries, from, { isOffline: offline });
      if (!pick.entry) return pick;
      const entry = pick.entry;
      let src: string | null = null;
      try {
        src = await entry.resolveSrc();
      } catch (error) {
        if (isNetworkError(error) && !offline) {
          offline = true;
          continue;
        }
      }
      if (src) {
        audioPlayer.load(
          { id: entry.id, title: entry.title, thumbnailUrl: entry.thumbnailUrl, src },
          { startAt: entry.startAt ?? 0 },
        );
        return pick;
      }
      from = entry.id;
    }
  },
};

/** The next track as things stand now (the mini-player's "Up next"). */
export function useUpNext(trackId: string | null): NextPick {
  const { entries } = store.use();
  const isOnline = useIsOnline();
  if (!trackId) return { entry: null, notice: null };
  return pickNextPlayable(entries, trackId, { isOffline: !isOnline });
}
