/**
 * Dates, times, numbers and lists in the member's language, through `Intl` (docs/translating.md).
 * English produces the forms docs/product.md fixes ("2 days ago", "Jan 5, 2026", "4.5").
 */
import { elapsedSince } from '@shared/relative-time';
import { i18n, intlLocale } from './i18n';

/** "2 days ago", "vor 2 Tagen", "hace 2 días"; under an hour, the catalogue's words for it. */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const elapsed = elapsedSince(value, now);
  if (!elapsed) return i18n._('common.lessThanAnHourAgo');
  return new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'always' }).format(
    -elapsed.count,
    elapsed.unit,
  );
}

/**
 * "2 days ago" inside a sentence ("Published {when}"): only the first letter lowered, so the
 * catalogue's "Less than an hour ago" reads "less than an hour ago" and a German noun keeps its capital.
 */
export function formatRelativeTimeInSentence(value: Date | string | number, now?: Date): string {
  const when = formatRelativeTime(value, now);
  return when.charAt(0).toLocaleLowerCase(intlLocale()) + when.slice(1);
}

/** A date (by default "Jan 5, 2026" in English), in `timeZone` when given (the member's). */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' },
): string {
  return new Intl.DateTimeFormat(intlLocale(), options).format(new Date(value));
}

/** A number with the language's separators; `maximumFractionDigits` 1 gives "4.5" / "4,5". */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

/** A share from 0 to 1 as a percentage: "45%", "45 %". */
export function formatPercent(share: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits }).format(share);
}

/** An amount in minor units (cents) in its currency, in the member's language: "$12.00", "12,00 $". */
export function formatCurrency(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat(intlLocale(), { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** "calm, focus and rest" / "calma, foco y descanso". */
export function formatList(items: string[], type: Intl.ListFormatType = 'conjunction'): string {
  return new Intl.ListFormat(intlLocale(), { style: 'long', type }).format(items);
}

/**
 * A content language's name in the member's language, capitalised as a list item ('German',
 * 'Alemán', 'Deutsch' for `de`); the tag itself when the platform has no name for it.
 */
export function formatLanguageName(tag: string): string {
  const locale = intlLocale();
  const name = new Intl.DisplayNames(locale, { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * A length of time in words: "20 minutes", "7 minutes, 42 seconds", "1 hour, 5 minutes" (the time
 * a sit lasted). Seconds count only under ten minutes, where they are a real part of it.
 */
export function formatDuration(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const seconds = safe < 600 ? safe % 60 : 0;
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(intlLocale(), { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts: string[] = [];
  if (hours) parts.push(unit(hours, 'hour'));
  if (minutes) parts.push(unit(minutes, 'minute'));
  if (seconds || parts.length === 0) parts.push(unit(seconds, 'second'));
  return new Intl.ListFormat(intlLocale(), { style: 'long', type: 'unit' }).format(parts);
}
