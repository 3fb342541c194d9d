import { createStore } from '@client/lib/external-store';
import type { TrackEnded } from './audio-player-store';
import type { QueuedTrack, QueueOrigin } from './player-queue';

/**
 * The end-of-session moment (docs/product.md, "Play next and the end of a session"): what the panel shows after
 * a track played to its end. Minutes and a way on; never a streak or a "you missed" line.
 */
export type SessionEnd = TrackEnded & {
  /** The track that follows in the queue, if any. */
  next: QueuedTrack | null;
  /** Whether `next` has already started (play next is on), or waits for the member's choice. */
  isNextPlaying: boolean;
  /** Why nothing follows (a locked lesson, offline), in a kind line; null at a plain end. */
  notice: string | null;
  origin: QueueOrigin | null;
};

const store = createStore<{ current: SessionEnd | null }>({ current: null });

export const sessionEnd = {
  show(end: SessionEnd): void {
    store.replace({ current: end });
  },
  dismiss(): void {
    store.replace({ current: null });
  },
  getState: store.getState,
  use: () => store.use().current,
};
