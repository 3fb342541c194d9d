import { describe, expect, it } from 'vitest';
import { bellTimes } from './bell';
import { elapsedSeconds, finishTimer, pauseTimer, resumeTimer, settleTimer, startTimer } from './timer-clock';

describe('the timer clock', () => {
  it('counts wall time, pauses, and ends at the moment it was due even if noticed late', () => {
    let state = startTimer(600, 0);
    state = pauseTimer(state, 100_000);
    expect(elapsedSeconds(state, 500_000)).toBe(100);
    state = resumeTimer(state, 500_000);
    expect(settleTimer(state, 999_000).status).toBe('running');
    // The phone slept through the end: the session ends when it was due, not when it woke.
    const done = settleTimer(state, 2_000_000);
    expect(done).toEqual({ status: 'done', durationSeconds: 600, elapsedSeconds: 600, endedAt: 1_000_000 });
  });

  it('ending early keeps what was sat', () => {
    const done = finishTimer(startTimer(1200, 0), 300_000);
    expect(done).toMatchObject({ status: 'done', elapsedSeconds: 300, endedAt: 300_000 });
  });

  it('rings at the start, each interval and the end', () => {
    expect(bellTimes(600, 300, true)).toEqual([0, 300, 600]);
    expect(bellTimes(600, 240, true)).toEqual([0, 240, 480, 600]);
    expect(bellTimes(600, null, false)).toEqual([]);
  });
});
