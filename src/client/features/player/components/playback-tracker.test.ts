import { describe, expect, it } from 'vitest';
import { type PlaybackReport, PlaybackTracker, PROGRESS_SAVE_INTERVAL_MS } from './playback-tracker';

function setup() {
  let now = 0;
  let next = 0;
  const reports: PlaybackReport[] = [];
  const tracker = new PlaybackTracker(
    (report) => reports.push(report),
    () => now,
    () => `session-${++next}`,
  );
  /** Plays from one position to another in quarter seconds, the way time updates arrive. */
  const play = (itemId: string, from: number, to: number) => {
    for (let at = from; at <= to + 1e-9; at += 0.25) tracker.onTimeUpdate(itemId, at);
  };
  const of = <K extends PlaybackReport['kind']>(kind: K) =>
    reports.filter((report): report is Extract<PlaybackReport, { kind: K }> => report.kind === kind);
  return { tracker, reports, play, of, advance: (ms: number) => (now += ms) };
}

describe('PlaybackTracker: progress', () => {
  it('saves about every ten seconds of playback', () => {
    const { tracker, of, advance } = setup();
    tracker.onPlay('a1');
    advance(4000);
    tracker.onTimeUpdate('a1', 4);
    expect(of('progress')).toEqual([]);
    advance(PROGRESS_SAVE_INTERVAL_MS - 4000);
    tracker.onTimeUpdate('a1', 10);
    expect(of('progress')).toEqual([
      { kind: 'progress', itemId: 'a1', positionSeconds: 10, completed: false },
    ]);
    advance(5000);
    tracker.onTimeUpdate('a1', 15);
    expect(of('progress')).toHaveLength(1);
  });

  it('saves on pause, but not twice for the same place, and never at zero', () => {
    const { tracker, of } = setup();
    tracker.onStop('a1', 0);
    tracker.onStop('a1', 42.4);
    tracker.onStop('a1', 42.6);
    expect(of('progress')).toEqual([
      { kind: 'progress', itemId: 'a1', positionSeconds: 42.4, completed: false },
    ]);
  });

  it('saves the end as completed', () => {
    const { tracker, of } = setup();
    tracker.onStop('a1', 300);
    tracker.onEnded('a1', 300);
    expect(of('progress').at(-1)).toEqual({
      kind: 'progress',
      itemId: 'a1',
      positionSeconds: 300,
      completed: true,
    });
  });
});

describe('PlaybackTracker: listening (practice sessions)', () => {
  it('reports the seconds heard under one id per play, growing on each pause', () => {
    const { tracker, play, of } = setup();
    tracker.onPlay('item-a');
    play('item-a', 0, 30);
    tracker.onStop('item-a', 30);
    tracker.onPlay('item-a');
    play('item-a', 30, 45);
    tracker.onStop('item-a', 45);
    // A pause with nothing new heard sends nothing.
    tracker.onStop('item-a', 45);
    expect(of('listening')).toEqual([
      { kind: 'listening', sessionId: 'session-1', itemId: 'item-a', seconds: 30 },
      { kind: 'listening', sessionId: 'session-1', itemId: 'item-a', seconds: 45 },
    ]);
  });

  it('a seek neither adds nor loses time; a new item or a replay after the end is a new session', () => {
    const { tracker, play, of } = setup();
    tracker.onPlay('item-a');
    play('item-a', 0, 10);
    tracker.onSeeking();
    play('item-a', 300, 310);
    tracker.onEnded('item-a', 310);
    tracker.onPlay('item-a');
    play('item-a', 0, 5);
    tracker.onPlay('item-b');
    play('item-b', 0, 3);
    tracker.onPageHidden();
    expect(of('listening')).toEqual([
      { kind: 'listening', sessionId: 'session-1', itemId: 'item-a', seconds: 20 },
      { kind: 'listening', sessionId: 'session-2', itemId: 'item-a', seconds: 5 },
      { kind: 'listening', sessionId: 'session-3', itemId: 'item-b', seconds: 3 },
    ]);
  });

  it('sends nothing under a second', () => {
    const { tracker, play, of } = setup();
    tracker.onPlay('item-a');
    play('item-a', 0, 0.75);
    tracker.onStop('item-a', 0.75);
    expect(of('listening')).toEqual([]);
  });

  it('one playback tells both: a pause reports the place and the seconds heard together', () => {
    const { tracker, play, reports } = setup();
    tracker.onPlay('item-a');
    play('item-a', 0, 20);
    tracker.onStop('item-a', 20);
    expect(reports).toEqual([
      { kind: 'progress', itemId: 'item-a', positionSeconds: 20, completed: false },
      { kind: 'listening', sessionId: 'session-1', itemId: 'item-a', seconds: 20 },
    ]);
  });
});
