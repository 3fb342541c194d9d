import { describe, expect, it } from 'vitest';
import {
  type Answer,
  computeScores,
  formatChange,
  formatScore,
  isMeaningfulChange,
  SIX_P_DOMAINS,
  scoreLabel,
} from './scoring.ts';

const sixP = (scores: Record<string, number[]>): Answer[] =>
  Object.entries(scores).flatMap(([domain, values]) =>
    values.map((score) => ({ domain: domain as Answer['domain'], score })),
  );
const presence = (calm: number[], clear: number[], connected: number[]): Answer[] => [
  ...calm.map((score) => ({ domain: 'presence' as const, presenceSubdomain: 'calm' as const, score })),
  ...clear.map((score) => ({ domain: 'presence' as const, presenceSubdomain: 'clear' as const, score })),
  ...connected.map((score) => ({
    domain: 'presence' as const,
    presenceSubdomain: 'connected' as const,
    score,
  })),
];

describe('computeScores', () => {
  it('averages each domain, then the six domains, and the three Cs', () => {
    const scores = computeScores([
      ...sixP({
        perception: [5, 5, 5, 5, 5],
        perspective: [4, 4, 4, 4, 4],
        people: [3, 3, 3, 3, 3],
        participation: [2, 2, 2, 2, 2],
        pursuits: [1, 1, 1, 1, 1],
        place: [0, 1, 2, 3, 4],
      }),
      ...presence([5, 4, 3], [2, 2, 2], [0, 0, 1]),
    ]);
    expect(scores.domains).toEqual({
      perception: 5,
      perspective: 4,
      people: 3,
      participation: 2,
      pursuits: 1,
      place: 2,
    });
    expect(scores.overall6P).toBeCloseTo(17 / 6);
    expect(scores.presence).toEqual({ calm: 4, clear: 2, connected: 1 / 3 });
    expect(scores.overall3C).toBeCloseTo((4 + 2 + 1 / 3) / 3);
  });

  it('weights domains equally, whatever their number of answers', () => {
    const scores = computeScores(
      sixP({
        perception: [5],
        perspective: [1, 1, 1, 1],
        people: [3],
        participation: [3],
        pursuits: [3],
        place: [3],
      }),
    );
    expect(scores.overall6P).toBe(3);
  });

  it('scores missing domains as 0 rather than failing', () => {
    const scores = computeScores([]);
    expect(scores.overall6P).toBe(0);
    expect(scores.overall3C).toBe(0);
    expect(Object.keys(scores.domains)).toEqual([...SIX_P_DOMAINS]);
  });
});

describe('labels and formatting', () => {
  it.each([
    [5, 'Aligned', 'green'],
    [4, 'Aligned', 'green'],
    [3.99, 'Mismatch', 'yellow'],
    [2, 'Mismatch', 'yellow'],
    [1.99, 'Big mismatch', 'red'],
    [0, 'Big mismatch', 'red'],
  ])('%s → %s (%s)', (score, label, tone) => {
    expect(scoreLabel(score)).toEqual({ label, tone });
  });

  it.each([
    [2.8333, '2.8'],
    [4, '4.0'],
    [3.95, '4.0'],
    [0, '0.0'],
  ])('formats %s as %s', (score, text) => {
    expect(formatScore(score)).toBe(text);
  });

  it.each([
    [3.2, 3.2, 'No change'],
    [3.5, 3.0, '+0.5 from last'],
    [2.0, 3.24, '-1.2 from last'],
    [3.04, 3.0, 'No change'],
    // From the values shown: 4.24 shows as 4.2 and 4.26 as 4.3.
    [4.26, 4.24, '+0.1 from last'],
    [4.34, 4.25, 'No change'],
    [3.04, 2.96, 'No change'],
  ])('change from %s to %s reads %s', (current, previous, text) => {
    expect(formatChange(current, previous)).toBe(text);
  });

  it('marks changes of 0.5 or more as meaningful', () => {
    expect(isMeaningfulChange(3.5, 3)).toBe(true);
    expect(isMeaningfulChange(2.6, 3)).toBe(false);
    // 3.46 shows as 3.5, 2.96 as 3.0: the half point shown is meaningful.
    expect(isMeaningfulChange(3.46, 2.96)).toBe(true);
    expect(isMeaningfulChange(3.44, 3.0)).toBe(false);
  });
});
