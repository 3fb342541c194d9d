import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatDuration,
  formatList,
  formatNumber,
  formatRelativeTime,
} from './format';
import { activateLocale } from './i18n';

afterEach(async () => {
  await activateLocale('en', ['common']);
});

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

describe("in the member's language", () => {
  it('says how long ago in Spanish and German, and under an hour in their words', async () => {
    await activateLocale('es', ['common']);
    expect(formatRelativeTime(minutesAgo(48 * 60), NOW)).toBe('hace 2 días');
    expect(formatRelativeTime(minutesAgo(5), NOW)).toBe('Hace menos de una hora');
    await activateLocale('de', ['common']);
    expect(formatRelativeTime(minutesAgo(60), NOW)).toBe('vor 1 Stunde');
    expect(formatRelativeTime(minutesAgo(5), NOW)).toBe('Vor weniger als einer Stunde');
  });

  it('writes dates, numbers, money and lists as each language does, English as docs/product.md fixes', async () => {
    const day = new Date('2026-01-05T12:00:00Z');
    expect(formatDate(day, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })).toBe(
      'Jan 5, 2026',
    );
    expect(formatNumber(4.5, { maximumFractionDigits: 1 })).toBe('4.5');
    expect(formatCurrency(1200, 'USD')).toBe('$12.00');
    await activateLocale('de', ['common']);
    expect(formatDate(day, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })).toBe(
      '5. Jan. 2026',
    );
    expect(formatNumber(4.5, { maximumFractionDigits: 1 })).toBe('4,5');
    expect(formatCurrency(1200, 'EUR')).toBe('12,00\u00a0€');
    expect(formatList(['Ruhe', 'Fokus', 'Schlaf'])).toBe('Ruhe, Fokus und Schlaf');
    await activateLocale('es', ['common']);
    expect(formatList(['calma', 'foco', 'descanso'])).toBe('calma, foco y descanso');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 seconds'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [462, '7 minutes, 42 seconds'],
    [1200, '20 minutes'],
    // From ten minutes on, the seconds are left out.
    [1234, '20 minutes'],
    [3900, '1 hour, 5 minutes'],
    [10800, '3 hours'],
  ])('%s seconds read as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it("speaks the member's language", async () => {
    await activateLocale('de', ['common']);
    expect(formatDuration(462)).toBe('7 Minuten, 42 Sekunden');
    await activateLocale('es', ['common']);
    expect(formatDuration(3900)).toBe('1 hora y 5 minutos');
  });
});
