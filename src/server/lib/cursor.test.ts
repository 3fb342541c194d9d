import { describe, expect, it } from 'vitest';
import { decodeCursor, decodePinnedCursor, encodeCursor } from './cursor.ts';

const ID = '0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d';
const raw = (text: string) => Buffer.from(text).toString('base64url');

describe('cursors', () => {
  it('round-trips what the lists write', () => {
    const createdAt = new Date('2026-11-23T21:14:36.123Z');
    expect(decodeCursor(encodeCursor({ createdAt, id: ID }))).toEqual({
      createdAt: '2026-11-23T21:14:36.123Z',
      id: ID,
    });
    expect(decodePinnedCursor(encodeCursor({ isPinned: true, createdAt, id: ID }))).toEqual({
      isPinned: true,
      createdAt: '2026-11-23T21:14:36.123Z',
      id: ID,
    });
    expect(decodePinnedCursor(encodeCursor({ isPinned: false, createdAt, id: ID })).isPinned).toBe(false);
  });

  // Each of these is accepted by Date.parse, or by the old decoders, and made PostgreSQL fail.
  it.each([
    ['a day that does not exist', raw(`2024-02-30T00:00:00.000Z|${ID}`)],
    ['hour 24', raw(`2024-01-01T24:00:00.000Z|${ID}`)],
    ['a six-digit year', raw(`+275760-09-13T00:00:00.000Z|${ID}`)],
    ['a negative year', raw(`-000001-01-01T00:00:00.000Z|${ID}`)],
    ['year zero', raw(`0000-01-01T00:00:00.000Z|${ID}`)],
    ['an RFC 2822 date', raw(`Tue, 1 Jan 2024|${ID}`)],
    ['a bare date', raw(`2024-01-01|${ID}`)],
    ['an offset instead of Z', raw(`2024-01-01T00:00:00.000+02:00|${ID}`)],
    ['a date without milliseconds', raw(`2024-01-01T00:00:00Z|${ID}`)],
    ['a number', raw(`1700000000000|${ID}`)],
    ['an id that is no uuid', raw('2024-01-01T00:00:00.000Z|1 or 1=1')],
    ['an upper-case uuid', raw(`2024-01-01T00:00:00.000Z|${ID.toUpperCase()}`)],
    ['a third field', raw(`2024-01-01T00:00:00.000Z|${ID}|x`)],
    ['a pinned cursor', raw(`1|2024-01-01T00:00:00.000Z|${ID}`)],
    ['base64 padding', `${raw(`2024-01-01T00:00:00.000Z|${ID}`)}==`],
    ['characters outside base64url', `${raw(`2024-01-01T00:00:00.000Z|${ID}`)}!`],
    ['plain text', 'next-page'],
    ['something huge', 'A'.repeat(10_000)],
    ['invalid UTF-8', Buffer.from([0xff, 0xfe, 0x7c]).toString('base64url')],
  ])('refuses %s with a 400', (_label, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'BAD_CURSOR' }),
    );
  });

  it.each([
    ['no pinned field', raw(`2024-01-01T00:00:00.000Z|${ID}`)],
    ['an empty pinned field', raw(`|2024-01-01T00:00:00.000Z|${ID}`)],
    ['a pinned field that is not 0 or 1', raw(`2|2024-01-01T00:00:00.000Z|${ID}`)],
    ['a day that does not exist', raw(`1|2024-02-30T00:00:00.000Z|${ID}`)],
    ['a six-digit year', raw(`0|+275760-09-13T00:00:00.000Z|${ID}`)],
  ])('refuses a pinned cursor with %s', (_label, cursor) => {
    expect(() => decodePinnedCursor(cursor)).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'BAD_CURSOR' }),
    );
  });
});
