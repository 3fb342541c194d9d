/**
 * The languages Stillpoint speaks (docs/translating.md). English is the source: every key is written
 * there first, and it is the fallback for anything a catalogue lacks.
 *
 * The two pseudo-locales are for tests and translators, never offered to members: `en-XA` is English
 * with accents and about 40% longer (text that is not translated, or a layout that cannot grow, shows
 * at once); `ar-XB` is the same text written right to left (a layout that does not mirror shows).
 */
export const shippedLocales = ['en', 'es', 'de'] as const;
export const pseudoLocales = ['en-XA', 'ar-XB'] as const;
export type ShippedLocale = (typeof shippedLocales)[number];
export type Locale = ShippedLocale | (typeof pseudoLocales)[number];

export const sourceLocale: ShippedLocale = 'en';

/** Each language named in itself: a member who cannot read the current one still finds theirs. */
export const localeNames: Record<ShippedLocale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
};

export function isShippedLocale(value: unknown): value is ShippedLocale {
  return typeof value === 'string' && (shippedLocales as readonly string[]).includes(value);
}

export function isLocale(value: unknown): value is Locale {
  return (
    isShippedLocale(value) ||
    (typeof value === 'string' && (pseudoLocales as readonly string[]).includes(value))
  );
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar-XB' ? 'rtl' : 'ltr';
}

/** The locale whose numbers, dates and plural rules a locale's text uses (pseudo-locales: English's). */
export function formattingLocale(locale: Locale): string {
  return locale === 'en-XA' || locale === 'ar-XB' ? 'en' : locale;
}

/**
 * The first of `preferred` (a browser's languages, best first: `de-AT`, `es-419`, ...) that we ship,
 * matched by its language; undefined when none is.
 */
export function matchShippedLocale(preferred: readonly string[]): ShippedLocale | undefined {
  for (const tag of preferred) {
    let language: string;
    try {
      language = new Intl.Locale(tag).language;
    } catch {
      continue;
    }
    if (isShippedLocale(language)) return language;
  }
  return undefined;
}

/** The cookie the server reads to answer a visitor's pages in their language (names the locale only). */
export const localeCookie = 'stillpoint-locale';

/** A page's `<html lang dir>` for `locale` (the built index.html says `<html lang="en">`). */
export function htmlWithLocale(html: string, locale: Locale): string {
  return html.replace(
    /<html lang="[^"]*"( dir="[^"]*")?/,
    `<html lang="${locale}" dir="${textDirection(locale)}"`,
  );
}

/** The built pages' file names per language: `landing.html` in English, `landing.de.html` in German. */
export function localeSuffix(locale: Locale): string {
  return locale === sourceLocale ? '' : `.${locale}`;
}
