import { createStore } from '@client/lib/external-store';
import { audioPlayer } from './audio-player-store';

/**
 * What plays before and after the current track, for the lock screen's previous and next buttons
 * (use-media-session.ts). The Downloads screen fills it with the downloaded sessions; a track
 * started elsewhere is not in it, so previous only restarts it and next is not offered.
 */
export type QueuedTrack = {
  id: string;
  title: string;
  thumbnailUrl: string | null;
  /** The playable address, found when the track is reached (a stored file may have gone since). */
  resolveSrc: () => Promise<string | null>;
  startAt?: number;
};

const store = createStore<{ entries: QueuedTrack[] }>({ entries: [] });

export const playerQueue = {
  set(list: QueuedTrack[]): void {
    store.replace({ entries: list });
  },

  /** The queue, for a view that must render again when it changes. */
  use: store.use,

  /** The track `step` places from `currentId` in the queue, or null (not queued, or at an end). */
  neighbour(currentId: string, step: 1 | -1): QueuedTrack | null {
    const { entries } = store.getState();
    const index = entries.findIndex((entry) => entry.id === currentId);
    if (index === -1) return null;
    return entries[index + step] ?? null;
  },

  /** Loads a queued track into the app's player (call it from a gesture or a media key). */
  async play(entry: QueuedTrack): Promise<boolean> {
    const src = await entry.resolveSrc();
    if (!src) return false;
    audioPlayer.load(
      { id: entry.id, title: entry.title, thumbnailUrl: entry.thumbnailUrl, src },
      { startAt: entry.startAt ?? 0 },
    );
    return true;
  },
};
