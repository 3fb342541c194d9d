import { MAX_PRACTICE_SECONDS } from '@shared/practice-values';

/** A jump in position larger than this between two time updates is a seek, not listening. */
const MAX_STEP_SECONDS = 2;

export type ListeningReport = { id: string; contentId: string; seconds: number };

/**
 * Counts the seconds actually heard of one play of an item (seeks skip nothing and add nothing)
 * and reports them as one practice session: on pause, at the end and on leaving, each time under
 * the same id, growing. A new item, or the same one played again after its end, is a new session.
 */
export class ListeningTracker {
  private sessionId: string | null = null;
  private contentId: string | null = null;
  private heardSeconds = 0;
  private reportedSeconds = 0;
  private lastPosition: number | null = null;

  constructor(
    private readonly report: (report: ListeningReport) => void,
    private readonly makeId: () => string = () => crypto.randomUUID(),
  ) {}

  onPlay(contentId: string): void {
    if (contentId !== this.contentId || this.sessionId === null) {
      this.flush();
      this.sessionId = this.makeId();
      this.contentId = contentId;
      this.heardSeconds = 0;
      this.reportedSeconds = 0;
    }
    this.lastPosition = null;
  }

  onTimeUpdate(positionSeconds: number): void {
    if (this.sessionId === null) return;
    if (this.lastPosition !== null) {
      const step = positionSeconds - this.lastPosition;
      if (step > 0 && step <= MAX_STEP_SECONDS) this.heardSeconds += step;
    }
    this.lastPosition = positionSeconds;
  }

  onSeeking(): void {
    this.lastPosition = null;
  }

  /** A pause, a closed player or a page left behind. */
  onPause(): void {
    this.flush();
    this.lastPosition = null;
  }

  onEnded(): void {
    this.flush();
    this.sessionId = null;
    this.lastPosition = null;
  }

  flush(): void {
    if (this.sessionId === null || this.contentId === null) return;
    const seconds = Math.min(Math.floor(this.heardSeconds), MAX_PRACTICE_SECONDS);
    if (seconds < 1 || seconds <= this.reportedSeconds) return;
    this.reportedSeconds = seconds;
    this.report({ id: this.sessionId, contentId: this.contentId, seconds });
  }
}
