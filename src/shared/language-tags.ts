/**
 * The language a teacher's own content is written or spoken in (issue 37, "Content stays the
 * teacher's"): a BCP 47 tag in its canonical form ('de', 'es-MX', 'pt-BR'), on an item, a forum or
 * an announcement. Any language, not only the ones the app's screens are translated into: a
 * Portuguese teacher's German-speaking members read the screens in German and the content in
 * Portuguese. None (null) means "not said"; screens then say nothing about it.
 */
export const MAX_LANGUAGE_TAG_LENGTH = 35;

/** Names languages in English only to tell a known language from a made-up one (`fallback: 'none'`). */
let knownLanguages: Intl.DisplayNames | undefined;

/**
 * A tag as written, canonical ('PT-br' → 'pt-BR'), or null when it is not a well-formed BCP 47
 * tag whose language (two or three letters, ISO 639) the platform's Unicode data knows: 'english'
 * is well-formed (a five-letter subtag) but no language's code, and 'qq' names none.
 */
export function canonicalLanguageTag(value: string): string | null {
  let canonical: string | undefined;
  try {
    [canonical] = Intl.getCanonicalLocales(value);
  } catch {
    return null;
  }
  const language = canonical?.split('-')[0];
  if (!canonical || !language || !/^[a-z]{2,3}$/.test(language)) return null;
  knownLanguages ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  return knownLanguages.of(language) === undefined ? null : canonical;
}
