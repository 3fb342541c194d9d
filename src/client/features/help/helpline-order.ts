import { intlLocale } from '@client/lib/i18n';
import type { Helpline } from '@shared/schemas/site-pages';

/**
 * The countries the browser's languages point to, most preferred first: the region a tag names
 * ('en-GB' → GB), else the likely one (`Intl.Locale#maximize`: 'de' → DE). Nothing is sent
 * anywhere; it only orders the helplines.
 */
export function browserCountries(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): string[] {
  const countries: string[] = [];
  for (const tag of languages) {
    try {
      const locale = new Intl.Locale(tag);
      const region = locale.region ?? locale.maximize().region;
      if (region && !countries.includes(region)) countries.push(region);
    } catch {
      // A tag the platform cannot read orders nothing.
    }
  }
  return countries;
}

/** The helplines of the member's countries first (in the browser's order), then all others as the admin listed them. */
export function orderHelplines<T extends Pick<Helpline, 'country'>>(
  helplines: readonly T[],
  countries: readonly string[],
): T[] {
  const rank = (helpline: T) => {
    const index = countries.indexOf(helpline.country);
    return index === -1 ? countries.length : index;
  };
  // Array#sort is stable: the admin's order holds within a country and among the rest.
  return [...helplines].sort((a, b) => rank(a) - rank(b));
}

/** The country's name in the member's language ('GB' → 'United Kingdom', 'Vereinigtes Königreich'). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([intlLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** `tel:` wants the digits and a leading +, no spaces or separators. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}
