import { describe, expect, it } from 'vitest';
import { slugify } from './slugify.ts';

describe('slugify', () => {
  it.each([
    ['Evening Wind-Down', 'evening-wind-down'],
    ['  Breathe -- in & out!  ', 'breathe-in-out'],
    ['Café Calm', 'caf-calm'],
    ['---', ''],
    ['30 Day Journey', '30-day-journey'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});
