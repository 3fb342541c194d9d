import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = new Date('2025-06-15T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('formatRelativeTime', () => {
  it.each([
    [minutesAgo(0), 'Less than an hour ago'],
    [minutesAgo(59), 'Less than an hour ago'],
    [minutesAgo(60), '1 hour ago'],
    [minutesAgo(119), '1 hour ago'],
    [minutesAgo(120), '2 hours ago'],
    [minutesAgo(23 * 60 + 59), '23 hours ago'],
    [minutesAgo(24 * 60), '1 day ago'],
    [minutesAgo(47 * 60), '1 day ago'],
    [minutesAgo(48 * 60), '2 days ago'],
    [minutesAgo(400 * 24 * 60), '400 days ago'],
    [new Date(NOW.getTime() + 3 * 60 * 60_000), 'Less than an hour ago'],
  ])('%s gives %s', (date, expected) => {
    expect(formatRelativeTime(date, NOW)).toBe(expected);
  });

  it('accepts ISO strings as the API sends them', () => {
    expect(formatRelativeTime('2025-06-13T12:00:00.000Z', NOW)).toBe('2 days ago');
  });

  it('treats an unreadable date as recent rather than failing', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('Less than an hour ago');
  });
});
