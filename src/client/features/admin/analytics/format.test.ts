import { describe, expect, it } from 'vitest';
import { formatPercent, formatSignedPercent, trendOf } from './format';

describe('analytics formatting', () => {
  it('shows percentages to one decimal', () => {
    expect(formatPercent(12)).toBe('12.0%');
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatPercent(0.05)).toBe('0.1%');
    expect(formatPercent(-0.04)).toBe('0.0%');
  });

  it('signs growth and finds its direction from the shown value', () => {
    expect(formatSignedPercent(12.46)).toBe('+12.5%');
    expect(formatSignedPercent(-3)).toBe('-3.0%');
    expect(formatSignedPercent(0)).toBe('0.0%');
    expect(formatSignedPercent(0.04)).toBe('0.0%');
    expect(trendOf(0.04)).toBe('flat');
    expect(trendOf(-0.04)).toBe('flat');
    expect(trendOf(0.05)).toBe('up');
    expect(trendOf(-50)).toBe('down');
  });
});
