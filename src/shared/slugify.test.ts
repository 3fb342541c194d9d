import { describe, expect, it } from 'vitest';
import { slugify } from './slugify.ts';

describe('slugify', () => {
  it.each([
    ['Evening Wind-Down', 'evening-wind-down'],
    ['  Breathe -- in & out!  ', 'breathe-in-out'],
    ['Café Calm', 'cafe-calm'],
    ['Übung für Anfänger', 'ubung-fur-anfanger'],
    ['Respiración consciente', 'respiracion-consciente'],
    ['Straße der Stille', 'strasse-der-stille'],
    ['Медитация', 'meditatsiya'],
    ['---', ''],
    ['30 Day Journey', '30-day-journey'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('gives a title with no Latin spelling a stable address of its own', () => {
    const first = slugify('瞑想入門');
    expect(first).toMatch(/^untitled-[0-9a-z]+$/);
    expect(slugify('瞑想入門')).toBe(first);
    expect(slugify('静かな朝')).not.toBe(first);
  });
});
