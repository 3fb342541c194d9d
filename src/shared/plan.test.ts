import { describe, expect, it } from 'vitest';
import { isPlanPrice, PLAN } from './plan.ts';
import { PlanPriceSchema } from './schemas/subscription.ts';

const price = { amountCents: 1200, currency: 'usd', interval: 'month', periodDays: 30 };

describe('isPlanPrice (the landing page’s check without zod)', () => {
  const samples: [string, unknown][] = [
    ['the built-in price', price],
    ['an operator price with extra fields', { ...PLAN, priceId: 'price_x', mode: 'stripe' }],
    ['a zero amount', { ...price, amountCents: 0 }],
    ['a fractional amount', { ...price, amountCents: 12.5 }],
    ['an amount past the safe integers', { ...price, amountCents: 2 ** 60 }],
    ['an amount as text', { ...price, amountCents: '1200' }],
    ['no currency', { amountCents: 1200, interval: 'month', periodDays: 30 }],
    ['a numeric interval', { ...price, interval: 1 }],
    ['fractional days', { ...price, periodDays: 30.5 }],
    ['null', null],
    ['an array', [price]],
    ['a string', JSON.stringify(price)],
  ];

  it.each(samples)('agrees with PlanPriceSchema on %s', (_name, value) => {
    expect(isPlanPrice(value)).toBe(PlanPriceSchema.safeParse(value).success);
  });
});
