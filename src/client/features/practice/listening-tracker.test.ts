import { describe, expect, it } from 'vitest';
import { type ListeningReport, ListeningTracker } from './listening-tracker';

function setup() {
  const reports: ListeningReport[] = [];
  let next = 0;
  const tracker = new ListeningTracker(
    (report) => reports.push(report),
    () => `session-${++next}`,
  );
  const play = (from: number, to: number) => {
    for (let at = from; at <= to + 1e-9; at += 0.25) tracker.onTimeUpdate(at);
  };
  return { tracker, reports, play };
}

describe('ListeningTracker', () => {
  it('reports the seconds heard under one id per play, growing on each pause', () => {
    const { tracker, reports, play } = setup();
    tracker.onPlay('item-a');
    play(0, 30);
    tracker.onPause();
    tracker.onPlay('item-a');
    play(30, 45);
    tracker.onPause();
    // A pause with nothing new heard sends nothing.
    tracker.onPause();
    expect(reports).toEqual([
      { id: 'session-1', contentId: 'item-a', seconds: 30 },
      { id: 'session-1', contentId: 'item-a', seconds: 45 },
    ]);
  });

  it('a seek neither adds nor loses time; a new item or a replay after the end is a new session', () => {
    const { tracker, reports, play } = setup();
    tracker.onPlay('item-a');
    play(0, 10);
    tracker.onSeeking();
    play(300, 310);
    tracker.onEnded();
    tracker.onPlay('item-a');
    play(0, 5);
    tracker.onPlay('item-b');
    play(0, 3);
    tracker.flush();
    expect(reports).toEqual([
      { id: 'session-1', contentId: 'item-a', seconds: 20 },
      { id: 'session-2', contentId: 'item-a', seconds: 5 },
      { id: 'session-3', contentId: 'item-b', seconds: 3 },
    ]);
  });

  it('sends nothing under a second', () => {
    const { tracker, reports, play } = setup();
    tracker.onPlay('item-a');
    play(0, 0.75);
    tracker.onPause();
    expect(reports).toEqual([]);
  });
});
