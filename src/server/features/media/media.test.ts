import { describe, expect, it } from 'vitest';
import { parseRange } from './media.routes.ts';

describe('parseRange', () => {
  it.each([
    [undefined, 1000, null],
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=999-999', 1000, { start: 999, end: 999 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=500-100', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=0-1,5-6', 1000, null],
    ['items=0-1', 1000, null],
    ['bytes=-', 1000, null],
  ] as const)('%s of %i bytes → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
