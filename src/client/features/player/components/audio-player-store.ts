import { useSyncExternalStore } from 'react';
import { isMediaLinkStale } from '../api/signed-url';
import { type ProgressReporter, ProgressTracker } from './progress-tracker';

/**
 * The one audio player of the app. Its `<audio>` element lives in the app shell
 * (`AudioPlayerHost`), so a session keeps playing while the member moves between screens; the
 * detail page and the mini-player are two views of this one state. A small external store (like
 * the toast store) rather than a React context keeps it out of the landing page's bundle.
 */

export type AudioTrack = { id: string; title: string; thumbnailUrl: string | null; src: string };

export type AudioPlayerState = {
  track: AudioTrack | null;
  isPlaying: boolean;
  isBuffering: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  isMuted: boolean;
  hasError: boolean;
};

export const SKIP_SECONDS = 15;

const INITIAL_STATE: AudioPlayerState = {
  track: null,
  isPlaying: false,
  isBuffering: false,
  currentTime: 0,
  duration: 0,
  volume: 1,
  isMuted: false,
  hasError: false,
};

let state: AudioPlayerState = INITIAL_STATE;
const listeners = new Set<() => void>();
let element: HTMLAudioElement | null = null;
/** Where to start once the element knows the file (setting it earlier is not reliable everywhere). */
let pendingStartAt: number | null = null;
let reporter: ProgressReporter | null = null;
const tracker = new ProgressTracker((report) => reporter?.(report));

/** Asks the server for a fresh signed link to a track (its links live minutes). */
export type LinkRenewer = (trackId: string) => Promise<string>;
let renewer: LinkRenewer | null = null;
/** One renewal per failure: a link that fails again once renewed is a real error. */
let renewalsSinceLastPlaying = 0;

function setState(patch: Partial<AudioPlayerState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function startPlayback(): void {
  if (!element) return;
  setState({ isBuffering: element.readyState < 3 });
  element.play().catch((error: unknown) => {
    // A newer load interrupted this one: nothing to report.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    // Autoplay refused, or the file cannot play: stay paused; `error` events report real failures.
    setState({ isPlaying: false, isBuffering: false });
  });
}

/**
 * Swaps the track's expired (or failing) link for a fresh one and carries on from the same
 * position, playing again if `resume`. False when there is nothing to renew with.
 */
function renewSource(resume: boolean): boolean {
  const track = state.track;
  if (!renewer || !track) return false;
  const from = state.currentTime;
  renewalsSinceLastPlaying += 1;
  setState({ isBuffering: resume, hasError: false });
  renewer(track.id).then(
    (src) => {
      if (state.track?.id !== track.id) return;
      const renewed = { ...track, src };
      pendingStartAt = from > 0 ? from : null;
      setState({ track: renewed });
      if (!element) return;
      applySource(element, renewed);
      if (resume) startPlayback();
    },
    () => {
      // No fresh link (access ended, or offline): the notice offers to try again.
      if (state.track?.id === track.id) setState({ hasError: true, isPlaying: false, isBuffering: false });
    },
  );
  return true;
}

function applySource(audio: HTMLAudioElement, track: AudioTrack): void {
  audio.src = track.src;
  audio.volume = state.volume;
  audio.muted = state.isMuted;
  if (pendingStartAt) audio.currentTime = pendingStartAt;
}

function wire(audio: HTMLAudioElement): () => void {
  const currentId = () => state.track?.id;
  const handlers: [keyof HTMLMediaElementEventMap, () => void][] = [
    [
      'play',
      () => {
        setState({ isPlaying: true, hasError: false });
        tracker.onPlay();
      },
    ],
    [
      'playing',
      () => {
        renewalsSinceLastPlaying = 0;
        setState({ isBuffering: false });
      },
    ],
    ['waiting', () => setState({ isBuffering: true })],
    [
      'pause',
      () => {
        setState({ isPlaying: false, isBuffering: false });
        const id = currentId();
        // The end is saved by `ended`, as completed.
        if (id && !audio.ended) tracker.onStop(id, audio.currentTime);
      },
    ],
    [
      'timeupdate',
      () => {
        setState({ currentTime: audio.currentTime });
        const id = currentId();
        if (id && !audio.paused) tracker.onTimeUpdate(id, audio.currentTime);
      },
    ],
    [
      'loadedmetadata',
      () => {
        if (pendingStartAt !== null) {
          const startAt = pendingStartAt;
          pendingStartAt = null;
          if (Math.abs(audio.currentTime - startAt) > 1) audio.currentTime = startAt;
        }
        if (Number.isFinite(audio.duration)) setState({ duration: audio.duration });
      },
    ],
    [
      'durationchange',
      () => {
        if (Number.isFinite(audio.duration)) setState({ duration: audio.duration });
      },
    ],
    ['volumechange', () => setState({ volume: audio.volume, isMuted: audio.muted })],
    [
      'ended',
      () => {
        setState({ isPlaying: false, isBuffering: false, currentTime: audio.duration || audio.currentTime });
        const id = currentId();
        if (id) tracker.onEnded(id, audio.duration || audio.currentTime);
      },
    ],
    [
      'error',
      () => {
        // Clearing the source on close is not a failure.
        if (!state.track) return;
        // Most often the link has expired (a long pause): renew it once and carry on.
        const wasPlaying = state.isPlaying || state.isBuffering;
        if (renewalsSinceLastPlaying === 0 && renewSource(wasPlaying)) return;
        setState({ hasError: true, isPlaying: false, isBuffering: false });
      },
    ],
  ];
  for (const [event, handler] of handlers) audio.addEventListener(event, handler);
  return () => {
    for (const [event, handler] of handlers) audio.removeEventListener(event, handler);
  };
}

export const audioPlayer = {
  getState: (): AudioPlayerState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** Called by the host with its `<audio>` element; returns the detach function. */
  attach(audio: HTMLAudioElement): () => void {
    element = audio;
    const unwire = wire(audio);
    if (state.track) {
      applySource(audio, state.track);
      if (state.isPlaying || state.isBuffering) startPlayback();
    }
    return () => {
      unwire();
      if (element === audio) element = null;
    };
  },

  /** Saves progress through the app's API; set by the host, which has the query client. */
  setProgressReporter(next: ProgressReporter | null): void {
    reporter = next;
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
    const previous = state.track;
    if (previous && element && previous.id !== track.id) tracker.onStop(previous.id, element.currentTime);
    pendingStartAt = startAt > 0 ? startAt : null;
    setState({
      track,
      currentTime: startAt,
      duration: 0,
      isPlaying: false,
      isBuffering: autoplay,
      hasError: false,
    });
    if (!element) return;
    if (autoplay && isMediaLinkStale(track.src) && renewSource(true)) return;
    applySource(element, track);
    if (autoplay) startPlayback();
  },

  play(): void {
    if (!state.track) return;
    // After a long pause the link has expired: play from the same place on a fresh one.
    if (isMediaLinkStale(state.track.src) && renewSource(true)) return;
    startPlayback();
  },

  pause(): void {
    element?.pause();
  },

  toggle(): void {
    // The state mirrors the element's play and pause events, so it is the element's own answer.
    if (state.isPlaying) audioPlayer.pause();
    else audioPlayer.play();
  },

  seek(seconds: number): void {
    const max = state.duration || Number.MAX_SAFE_INTEGER;
    const target = clamp(seconds, 0, max);
    if (element && element.readyState > 0) element.currentTime = target;
    else pendingStartAt = target;
    setState({ currentTime: target });
  },

  seekBy(deltaSeconds: number): void {
    audioPlayer.seek((element?.currentTime ?? state.currentTime) + deltaSeconds);
  },

  setVolume(volume: number): void {
    const next = clamp(Math.round(volume * 10) / 10, 0, 1);
    if (element) {
      element.volume = next;
      element.muted = next === 0 ? element.muted : false;
    }
    setState({ volume: next, isMuted: next === 0 ? state.isMuted : false });
  },

  toggleMute(): void {
    const next = !state.isMuted;
    if (element) element.muted = next;
    setState({ isMuted: next });
  },

  /** Stops and forgets the track (the mini-player's close button). */
  close(): void {
    const track = state.track;
    if (track && element && !element.ended) tracker.onStop(track.id, element.currentTime);
    pendingStartAt = null;
    setState({ ...INITIAL_STATE, volume: state.volume, isMuted: state.isMuted });
    if (element) {
      element.pause();
      element.removeAttribute('src');
      element.load();
    }
  },

  /** Tests start from silence. */
  reset(): void {
    pendingStartAt = null;
    renewalsSinceLastPlaying = 0;
    state = INITIAL_STATE;
    for (const listener of listeners) listener();
  },
};

export function useAudioPlayerState(): AudioPlayerState {
  return useSyncExternalStore(audioPlayer.subscribe, audioPlayer.getState, audioPlayer.getState);
}
