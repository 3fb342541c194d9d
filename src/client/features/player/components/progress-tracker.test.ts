import { describe, expect, it } from 'vitest';
import { PROGRESS_SAVE_INTERVAL_MS, type ProgressReport, ProgressTracker } from './progress-tracker';

function setup() {
  let now = 0;
  const reports: ProgressReport[] = [];
  const tracker = new ProgressTracker(
    (report) => reports.push(report),
    () => now,
  );
  return { tracker, reports, advance: (ms: number) => (now += ms) };
}

describe('ProgressTracker', () => {
  it('saves about every ten seconds of playback', () => {
    const { tracker, reports, advance } = setup();
    tracker.onPlay();
    advance(4000);
    tracker.onTimeUpdate('a1', 4);
    expect(reports).toEqual([]);
    advance(PROGRESS_SAVE_INTERVAL_MS - 4000);
    tracker.onTimeUpdate('a1', 10);
    expect(reports).toEqual([{ videoId: 'a1', positionSeconds: 10, completed: false }]);
    advance(5000);
    tracker.onTimeUpdate('a1', 15);
    expect(reports).toHaveLength(1);
  });

  it('saves on pause, but not twice for the same place, and never at zero', () => {
    const { tracker, reports } = setup();
    tracker.onStop('a1', 0);
    tracker.onStop('a1', 42.4);
    tracker.onStop('a1', 42.6);
    expect(reports).toEqual([{ videoId: 'a1', positionSeconds: 42.4, completed: false }]);
  });

  it('saves the end as completed', () => {
    const { tracker, reports } = setup();
    tracker.onStop('a1', 300);
    tracker.onEnded('a1', 300);
    expect(reports.at(-1)).toEqual({ videoId: 'a1', positionSeconds: 300, completed: true });
  });
});
