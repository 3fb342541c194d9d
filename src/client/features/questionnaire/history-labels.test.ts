import { describe, expect, it } from 'vitest';
import { assessmentDayLabels } from './history-labels';

describe('assessmentDayLabels', () => {
  it('names each day once, and numbers assessments that share a day', () => {
    const at = (iso: string) => new Date(iso);
    expect(
      assessmentDayLabels([
        at('2026-11-20T09:00:00'),
        at('2026-11-24T08:00:00'),
        at('2026-11-24T12:30:00'),
        at('2026-11-24T21:15:00'),
        at('2026-11-25T07:00:00'),
      ]),
    ).toEqual(['Nov 20', 'Nov 24 (1)', 'Nov 24 (2)', 'Nov 24 (3)', 'Nov 25']);
    expect(assessmentDayLabels([])).toEqual([]);
  });

  it('tells the same day of two years apart by its year', () => {
    const labels = assessmentDayLabels([new Date('2025-11-24T09:00:00'), new Date('2026-11-24T09:00:00')]);
    expect(labels).toEqual(['Nov 24, 2025', 'Nov 24, 2026']);
  });
});
