/** How often progress is saved while something plays (and on pause and at the end). */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;

export type ProgressReport = { videoId: string; positionSeconds: number; completed: boolean };
export type ProgressReporter = (report: ProgressReport) => void;

/**
 * Decides when a playing item's position is worth saving: every ten seconds of playback, on pause
 * and on leaving (unless nothing changed), and once more, as completed, at the end.
 */
export class ProgressTracker {
  private lastSavedAt = 0;
  private lastSaved: ProgressReport | null = null;

  constructor(
    private readonly report: ProgressReporter,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Playback (re)started: the next timed save is one interval from now. */
  onPlay(): void {
    this.lastSavedAt = this.now();
  }

  onTimeUpdate(videoId: string, positionSeconds: number): void {
    if (this.now() - this.lastSavedAt < PROGRESS_SAVE_INTERVAL_MS) return;
    this.save({ videoId, positionSeconds, completed: false });
  }

  /** A pause, a new item, a closed player or a page left behind. */
  onStop(videoId: string, positionSeconds: number): void {
    if (positionSeconds <= 0) return;
    this.save({ videoId, positionSeconds, completed: false });
  }

  onEnded(videoId: string, positionSeconds: number): void {
    this.save({ videoId, positionSeconds, completed: true });
  }

  private save(report: ProgressReport): void {
    const previous = this.lastSaved;
    this.lastSavedAt = this.now();
    if (
      previous &&
      previous.videoId === report.videoId &&
      previous.completed === report.completed &&
      Math.abs(previous.positionSeconds - report.positionSeconds) < 1
    ) {
      return;
    }
    this.lastSaved = report;
    this.report(report);
  }
}
