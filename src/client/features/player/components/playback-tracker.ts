import { MAX_PRACTICE_SECONDS } from '@shared/practice-values';

/** How often progress is saved while something plays (and on pause and at the end). */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;
/** A jump in position larger than this between two time updates is a seek, not listening. */
const MAX_STEP_SECONDS = 2;

/**
 * What one playback tells the server: where the member is in the item (`PUT /api/progress`) and
 * how many seconds of it they actually heard, as one practice session per play
 * (`POST /api/practice/sessions`). Both go through the account's outbox (features/outbox).
 */
export type PlaybackReport =
  | { kind: 'progress'; itemId: string; positionSeconds: number; completed: boolean }
  | { kind: 'listening'; sessionId: string; itemId: string; seconds: number };
export type PlaybackReporter = (report: PlaybackReport) => void;

type ProgressReport = Extract<PlaybackReport, { kind: 'progress' }>;

/**
 * One tracker per player, fed by its media element's events (the audio player's store, the video
 * player's handlers). Progress: saved every ten seconds of playback, on pause and on leaving
 * (unless nothing changed), and once more, as completed, at the end. Listening: the seconds
 * actually heard of one play (seeks skip nothing and add nothing), reported on pause, at the end
 * and on leaving, each time under the same session id, growing; a new item, or the same one
 * played again after its end, is a new session.
 */
export class PlaybackTracker {
  private lastSavedAt = 0;
  private lastSaved: ProgressReport | null = null;

  private sessionId: string | null = null;
  private sessionItemId: string | null = null;
  private heardSeconds = 0;
  private reportedSeconds = 0;
  private lastPosition: number | null = null;

  constructor(
    private readonly report: PlaybackReporter,
    private readonly now: () => number = () => Date.now(),
    private readonly makeId: () => string = () => crypto.randomUUID(),
  ) {}

  /** Playback (re)started: the next timed save is one interval from now. */
  onPlay(itemId: string): void {
    if (itemId !== this.sessionItemId || this.sessionId === null) {
      this.flushListening();
      this.sessionId = this.makeId();
      this.sessionItemId = itemId;
      this.heardSeconds = 0;
      this.reportedSeconds = 0;
    }
    this.lastPosition = null;
    this.lastSavedAt = this.now();
  }

  /** A time update while playing. */
  onTimeUpdate(itemId: string, positionSeconds: number): void {
    if (this.sessionId !== null && this.lastPosition !== null) {
      const step = positionSeconds - this.lastPosition;
      if (step > 0 && step <= MAX_STEP_SECONDS) this.heardSeconds += step;
    }
    this.lastPosition = positionSeconds;
    if (this.now() - this.lastSavedAt >= PROGRESS_SAVE_INTERVAL_MS) {
      this.saveProgress({ kind: 'progress', itemId, positionSeconds, completed: false });
    }
  }

  onSeeking(): void {
    this.lastPosition = null;
  }

  /** A pause, a new item, a closed player or a page left behind. */
  onStop(itemId: string, positionSeconds: number): void {
    if (positionSeconds > 0) {
      this.saveProgress({ kind: 'progress', itemId, positionSeconds, completed: false });
    }
    this.flushListening();
    this.lastPosition = null;
  }

  onEnded(itemId: string, positionSeconds: number): void {
    this.saveProgress({ kind: 'progress', itemId, positionSeconds, completed: true });
    this.flushListening();
    this.sessionId = null;
    this.lastPosition = null;
  }

  /** The page was hidden or left while playing: what was heard so far is reported (it may not return). */
  onPageHidden(): void {
    this.flushListening();
  }

  private saveProgress(report: ProgressReport): void {
    const previous = this.lastSaved;
    this.lastSavedAt = this.now();
    if (
      previous &&
      previous.itemId === report.itemId &&
      previous.completed === report.completed &&
      Math.abs(previous.positionSeconds - report.positionSeconds) < 1
    ) {
      return;
    }
    this.lastSaved = report;
    this.report(report);
  }

  private flushListening(): void {
    if (this.sessionId === null || this.sessionItemId === null) return;
    const seconds = Math.min(Math.floor(this.heardSeconds), MAX_PRACTICE_SECONDS);
    if (seconds < 1 || seconds <= this.reportedSeconds) return;
    this.reportedSeconds = seconds;
    this.report({ kind: 'listening', sessionId: this.sessionId, itemId: this.sessionItemId, seconds });
  }
}

/** Calls `onHidden` when the page is hidden or left; returns the function that stops listening. */
export function watchPageHidden(onHidden: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHidden();
  };
  window.addEventListener('pagehide', onHidden);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onHidden);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
