import { describe, expect, it } from 'vitest';
import { chartCurrency, roundAxisTop } from './months-chart';

describe('roundAxisTop', () => {
  it.each([
    [0, 2, 2],
    [1, 2, 2],
    [3, 2, 5],
    [650, 2, 1000],
    [1000, 2, 1000],
    [1001, 2, 2000],
    [132_000, 200, 200_000],
    [383_400, 200, 500_000],
  ])('ends the axis for %d (at least %d) on %d', (value, smallest, top) => {
    expect(roundAxisTop(value, smallest)).toBe(top);
  });
});

describe('chartCurrency', () => {
  it('draws the currency that earned most over the months, none before any sale', () => {
    const month = (mrr: Array<{ currency: string; amountCents: number }>) => ({
      month: '2026-11',
      members: 1,
      paidSubscriptions: 1,
      mrr,
    });
    expect(chartCurrency([month([])])).toBeNull();
    expect(
      chartCurrency([
        month([{ currency: 'eur', amountCents: 500 }]),
        month([
          { currency: 'eur', amountCents: 500 },
          { currency: 'usd', amountCents: 900 },
        ]),
      ]),
    ).toBe('eur');
  });
});
