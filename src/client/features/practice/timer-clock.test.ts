import { describe, expect, it } from 'vitest';
import { bellSchedule, bellTimes } from './bell';
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

  it('rings a 90-minute sit with 7-minute interval bells, each kind named for its own sound', () => {
    const rings = bellSchedule(90 * 60, 7 * 60, true);
    expect(rings[0]).toEqual({ at: 0, kind: 'start' });
    expect(rings.filter((ring) => ring.kind === 'interval').map((ring) => ring.at / 60)).toEqual([
      7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84,
    ]);
    expect(rings.at(-1)).toEqual({ at: 5400, kind: 'end' });
    expect(rings).toHaveLength(14);
  });

  it('an interval that falls on the end rings once, as the end bell', () => {
    expect(bellSchedule(600, 600, true)).toEqual([
      { at: 0, kind: 'start' },
      { at: 600, kind: 'end' },
    ]);
    expect(bellSchedule(1200, 300, false).map((ring) => ring.at)).toEqual([300, 600, 900]);
  });

  it('after a pause only the bells still ahead of the sit are left to ring', () => {
    let state = startTimer(90 * 60, 0);
    state = pauseTimer(state, 20 * 60_000);
    state = resumeTimer(state, 60 * 60_000);
    const from = elapsedSeconds(state, 60 * 60_000);
    const ahead = bellSchedule(90 * 60, 7 * 60, true).filter(
      (ring) => ring.kind !== 'start' && ring.at >= from,
    );
    expect(ahead[0]).toEqual({ at: 21 * 60, kind: 'interval' });
    // The end is due 90 minutes of sitting later: 40 minutes of pause on top.
    expect(settleTimer(state, 130 * 60_000)).toMatchObject({ status: 'done', endedAt: 130 * 60_000 });
  });
});
