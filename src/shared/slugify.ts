import transliterate from '@sindresorhus/slugify';

/**
 * docs/product.md, "Validation": lowercase letters, digits and single hyphens, made from a title.
 * Letters with accents and other scripts are transliterated first (a maintained table), so "Übung
 * für Anfänger" becomes `ubung-fur-anfanger` and "Медитация" `meditatsiya`. A title with nothing
 * the table can spell in Latin letters (Chinese or Japanese, say) gets `untitled-` and a short
 * stable code made from it, so two such titles still get different addresses.
 */
export function slugify(text: string): string {
  const slug = transliterate(text, { decamelize: false, customReplacements: REPLACEMENTS });
  if (slug !== '' || !/\p{L}|\p{N}/u.test(text)) return slug;
  return `untitled-${shortCode(text.trim())}`;
}

/**
 * The table spells German umlauts the German way (ü as ue); a slug keeps the plain letter instead,
 * as most sites' addresses do and as a member typing the address would guess.
 */
const REPLACEMENTS: [string, string][] = [
  // The table writes '&' as 'and' (in English): a slug keeps the words the title has.
  ['&', ' '],
  ['Ä', 'A'],
  ['ä', 'a'],
  ['Ö', 'O'],
  ['ö', 'o'],
  ['Ü', 'U'],
  ['ü', 'u'],
];

/** FNV-1a over the text's UTF-16 code units, in base 36: short, stable, not a secret. */
function shortCode(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
