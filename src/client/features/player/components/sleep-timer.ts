import { createStore } from '@client/lib/external-store';
import { audioPlayer } from './audio-player-store';

/**
 * The sleep timer: after 5 to 45 minutes, or at the end of the session, the sound fades out over
 * `FADE_SECONDS` and playback pauses; the volume is then set back to where it was.
 */
export const SLEEP_TIMER_MINUTES = [5, 10, 15, 30, 45] as const;
export const FADE_SECONDS = 10;
const TICK_MS = 500;

export type SleepTimerChoice = (typeof SLEEP_TIMER_MINUTES)[number] | 'end';
export type SleepTimerState = { choice: SleepTimerChoice | null; remainingSeconds: number | null };

/** The volume at `remainingMs` before the stop: full until the fade starts, then down to silence. */
export function fadedVolume(baseVolume: number, remainingMs: number): number {
  const fadeMs = FADE_SECONDS * 1000;
  if (remainingMs >= fadeMs) return baseVolume;
  return Math.max(0, baseVolume * (remainingMs / fadeMs));
}

const store = createStore<SleepTimerState>({ choice: null, remainingSeconds: null });
let endsAt: number | null = null;
let baseVolume: number | null = null;
let interval: ReturnType<typeof setInterval> | null = null;

/** Milliseconds until the stop, or null when nothing is playing to the end. */
function remainingMs(now: number): number | null {
  if (store.getState().choice === 'end') {
    const { track, duration, currentTime, isPlaying } = audioPlayer.getState();
    if (!track || duration <= 0 || !isPlaying) return null;
    return Math.max(0, (duration - currentTime) * 1000);
  }
  return endsAt === null ? null : Math.max(0, endsAt - now);
}

function restoreVolume(): void {
  if (baseVolume !== null) audioPlayer.setVolume(baseVolume);
  baseVolume = null;
}

function tick(now = Date.now()): void {
  const remaining = remainingMs(now);
  if (remaining === null) {
    store.set({ remainingSeconds: null });
    return;
  }
  if (remaining <= 0) {
    audioPlayer.pause();
    restoreVolume();
    sleepTimer.cancel();
    return;
  }
  if (remaining < FADE_SECONDS * 1000) {
    baseVolume ??= audioPlayer.getState().volume;
    audioPlayer.setVolume(fadedVolume(baseVolume, remaining));
  }
  store.set({ remainingSeconds: Math.ceil(remaining / 1000) });
}

export const sleepTimer = {
  getState: store.getState,

  subscribe: store.subscribe,

  start(choice: SleepTimerChoice, now = Date.now()): void {
    sleepTimer.cancel();
    endsAt = choice === 'end' ? null : now + choice * 60_000;
    store.replace({ choice, remainingSeconds: null });
    interval = setInterval(() => tick(), TICK_MS);
    tick(now);
  },

  /** Turns the timer off; a fade under way is undone. */
  cancel(): void {
    if (interval) clearInterval(interval);
    interval = null;
    endsAt = null;
    restoreVolume();
    store.replace({ choice: null, remainingSeconds: null });
  },
};

export function useSleepTimer(): SleepTimerState {
  return store.use();
}
