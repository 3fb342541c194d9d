import { createStore } from '@client/lib/external-store';
import { isMediaLinkStale } from '../api/signed-url';
import {
  type PlaybackReport,
  type PlaybackReporter,
  PlaybackTracker,
  watchPageHidden,
} from './playback-tracker';

/**
 * The one audio player of the app. Its `<audio>` element lives in the app shell
 * (`AudioPlayerHost`), so a session keeps playing while the member moves between screens; the
 * detail page and the mini-player are two views of this one state. A small external store (like
 * the toast store) rather than a React context keeps it out of the landing page's bundle.
 */

export type AudioTrack = {
  id: string;
  title: string;
  thumbnailUrl: string | null;
  src: string;
  /** When a signed `src` stops working (the server's `expiresAt`); absent or null: it does not. */
  expiresAt?: string | null;
};

export const SKIP_SECONDS = 15;

/** A player at rest, full volume: the video player starts from it too. */
export const IDLE_PLAYBACK = {
  isPlaying: false,
  isBuffering: false,
  currentTime: 0,
  duration: 0,
  volume: 1,
  isMuted: false,
  hasError: false,
};
/** Nothing loaded: the state at the start and after `reset` (`close` keeps the volume). */
const INITIAL_STATE = { track: null as AudioTrack | null, ...IDLE_PLAYBACK };
export type AudioPlayerState = typeof INITIAL_STATE;

const store = createStore<AudioPlayerState>(INITIAL_STATE);
let element: HTMLAudioElement | null = null;
/** Where to start once the element knows the file (setting it earlier is not reliable everywhere). */
let pendingStartAt: number | null = null;
let reporter: PlaybackReporter | null = null;
/** The last listening reported: at a track's end, the session it was (for the end-of-session moment). */
let lastListening: Extract<PlaybackReport, { kind: 'listening' }> | null = null;
/** Progress and listening of whatever this player plays (features/outbox sends them). */
const tracker = new PlaybackTracker((report) => {
  if (report.kind === 'listening') lastListening = report;
  reporter?.(report);
});

/**
 * A track played to its end: which one, and the practice session its listening was recorded as
 * (null when less than a second was heard, so nothing was recorded).
 */
export type TrackEnded = {
  trackId: string;
  title: string;
  sessionId: string | null;
  seconds: number;
};
const endedListeners = new Set<(ended: TrackEnded) => void>();

/** Asks the server for a fresh signed link to a track (its links live minutes). */
export type LinkRenewer = (trackId: string) => Promise<{ signedUrl: string; expiresAt: string | null }>;
let renewer: LinkRenewer | null = null;
/** One renewal per failure: a link that fails again once renewed is a real error. */
let renewalsSinceLastPlaying = 0;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function startPlayback(): void {
  if (!element) return;
  store.set({ isBuffering: element.readyState < 3 });
  element.play().catch((error: unknown) => {
    // A newer load interrupted this one: nothing to report.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    // Autoplay refused, or the file cannot play: stay paused; `error` events report real failures.
    store.set({ isPlaying: false, isBuffering: false });
  });
}

/**
 * Swaps the track's expired (or failing) link for a fresh one and carries on from the same
 * position, playing again if `resume`. False when there is nothing to renew with.
 */
function renewSource(resume: boolean): boolean {
  const track = store.getState().track;
  if (!renewer || !track) return false;
  const from = store.getState().currentTime;
  renewalsSinceLastPlaying += 1;
  store.set({ isBuffering: resume, hasError: false });
  renewer(track.id).then(
    ({ signedUrl, expiresAt }) => {
      if (store.getState().track?.id !== track.id) return;
      const renewed = { ...track, src: signedUrl, expiresAt };
      pendingStartAt = from > 0 ? from : null;
      store.set({ track: renewed });
      if (!element) return;
      applySource(element, renewed);
      if (resume) startPlayback();
    },
    () => {
      // No fresh link (access ended, or offline): the notice offers to try again.
      if (store.getState().track?.id === track.id)
        store.set({ hasError: true, isPlaying: false, isBuffering: false });
    },
  );
  return true;
}

function applySource(audio: HTMLAudioElement, track: AudioTrack): void {
  audio.src = track.src;
  audio.volume = store.getState().volume;
  audio.muted = store.getState().isMuted;
  if (pendingStartAt) audio.currentTime = pendingStartAt;
}

function wire(audio: HTMLAudioElement): () => void {
  const currentId = () => store.getState().track?.id;
  const handlers: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
    play: () => {
      store.set({ isPlaying: true, hasError: false });
      const id = currentId();
      if (id) tracker.onPlay(id);
    },
    playing: () => {
      renewalsSinceLastPlaying = 0;
      store.set({ isBuffering: false });
    },
    waiting: () => store.set({ isBuffering: true }),
    seeking: () => tracker.onSeeking(),
    pause: () => {
      store.set({ isPlaying: false, isBuffering: false });
      const id = currentId();
      // The end is saved by `ended`, as completed.
      if (id && !audio.ended) tracker.onStop(id, audio.currentTime);
    },
    timeupdate: () => {
      store.set({ currentTime: audio.currentTime });
      const id = currentId();
      if (id && !audio.paused) tracker.onTimeUpdate(id, audio.currentTime);
    },
    loadedmetadata: () => {
      if (pendingStartAt !== null) {
        const startAt = pendingStartAt;
        pendingStartAt = null;
        if (Math.abs(audio.currentTime - startAt) > 1) audio.currentTime = startAt;
      }
      if (Number.isFinite(audio.duration)) store.set({ duration: audio.duration });
    },
    durationchange: () => {
      if (Number.isFinite(audio.duration)) store.set({ duration: audio.duration });
    },
    volumechange: () => store.set({ volume: audio.volume, isMuted: audio.muted }),
    ended: () => {
      store.set({ isPlaying: false, isBuffering: false, currentTime: audio.duration || audio.currentTime });
      const track = store.getState().track;
      if (!track) return;
      tracker.onEnded(track.id, audio.duration || audio.currentTime);
      const heard = lastListening?.itemId === track.id ? lastListening : null;
      // A play after this one is a new session: it must not find this one's listening.
      lastListening = null;
      const ended = {
        trackId: track.id,
        title: track.title,
        sessionId: heard?.sessionId ?? null,
        seconds: heard?.seconds ?? 0,
      };
      for (const listener of endedListeners) listener(ended);
    },
    error: () => {
      // Clearing the source on close is not a failure.
      if (!store.getState().track) return;
      // Most often the link has expired (a long pause): renew it once and carry on.
      const wasPlaying = store.getState().isPlaying || store.getState().isBuffering;
      if (renewalsSinceLastPlaying === 0 && renewSource(wasPlaying)) return;
      store.set({ hasError: true, isPlaying: false, isBuffering: false });
    },
  };
  const entries = Object.entries(handlers);
  for (const [event, handler] of entries) audio.addEventListener(event, handler);
  const unwatchPage = watchPageHidden(() => tracker.onPageHidden());
  return () => {
    unwatchPage();
    for (const [event, handler] of entries) audio.removeEventListener(event, handler);
  };
}

export const audioPlayer = {
  getState: store.getState,

  subscribe: store.subscribe,

  /** Called by the host with its `<audio>` element; returns the detach function. */
  attach(audio: HTMLAudioElement): () => void {
    element = audio;
    const unwire = wire(audio);
    const { track, isPlaying, isBuffering } = store.getState();
    if (track) {
      applySource(audio, track);
      if (isPlaying || isBuffering) startPlayback();
    }
    return () => {
      unwire();
      if (element === audio) element = null;
    };
  },

  /** Sends progress and listening through the outbox; set by the host, which has the query client. */
  setPlaybackReporter(next: PlaybackReporter | null): void {
    reporter = next;
  },

  /** Calls `listener` each time a track plays to its end (play next, the end-of-session moment). */
  onEnded(listener: (ended: TrackEnded) => void): () => void {
    endedListeners.add(listener);
    return () => {
      endedListeners.delete(listener);
    };
  },

  /** Renews expired links; set by the host, which has the query client. */
  setLinkRenewer(next: LinkRenewer | null): void {
    renewer = next;
  },

  /**
   * Plays a track from `startAt` seconds. Call it from the click that asked for it: browsers allow
   * sound only in answer to a gesture.
   */
  load(
    track: AudioTrack,
    { startAt = 0, autoplay = true }: { startAt?: number; autoplay?: boolean } = {},
  ): void {
    const previous = store.getState().track;
    // After an end (play next), the end was already saved as completed: a stop would undo that.
    if (previous && element && previous.id !== track.id && !element.ended)
      tracker.onStop(previous.id, element.currentTime);
    pendingStartAt = startAt > 0 ? startAt : null;
    store.set({
      track,
      currentTime: startAt,
      duration: 0,
      isPlaying: false,
      isBuffering: autoplay,
      hasError: false,
    });
    if (!element) return;
    if (autoplay && isMediaLinkStale(track.expiresAt) && renewSource(true)) return;
    applySource(element, track);
    if (autoplay) startPlayback();
  },

  play(): void {
    const { track } = store.getState();
    if (!track) return;
    // After a long pause the link has expired: play from the same place on a fresh one.
    if (isMediaLinkStale(track.expiresAt) && renewSource(true)) return;
    startPlayback();
  },

  pause(): void {
    element?.pause();
  },

  toggle(): void {
    // The store state mirrors the element's play and pause events, so it is the element's own answer.
    if (store.getState().isPlaying) audioPlayer.pause();
    else audioPlayer.play();
  },

  seek(seconds: number): void {
    const max = store.getState().duration || Number.MAX_SAFE_INTEGER;
    const target = clamp(seconds, 0, max);
    if (element && element.readyState > 0) element.currentTime = target;
    else pendingStartAt = target;
    store.set({ currentTime: target });
  },

  seekBy(deltaSeconds: number): void {
    audioPlayer.seek((element?.currentTime ?? store.getState().currentTime) + deltaSeconds);
  },

  setVolume(volume: number): void {
    const next = clamp(Math.round(volume * 10) / 10, 0, 1);
    if (element) {
      element.volume = next;
      element.muted = next === 0 ? element.muted : false;
    }
    store.set({ volume: next, isMuted: next === 0 ? store.getState().isMuted : false });
  },

  toggleMute(): void {
    const next = !store.getState().isMuted;
    if (element) element.muted = next;
    store.set({ isMuted: next });
  },

  /** Stops and forgets the track (the mini-player's close button). */
  close(): void {
    const track = store.getState().track;
    if (track && element && !element.ended) tracker.onStop(track.id, element.currentTime);
    pendingStartAt = null;
    store.set({ ...INITIAL_STATE, volume: store.getState().volume, isMuted: store.getState().isMuted });
    if (element) {
      element.pause();
      element.removeAttribute('src');
      element.load();
    }
  },

  /** Tests start from silence. */
  reset(): void {
    pendingStartAt = null;
    lastListening = null;
    renewalsSinceLastPlaying = 0;
    store.replace(INITIAL_STATE);
  },
};

export function useAudioPlayerState(): AudioPlayerState {
  return store.use();
}
