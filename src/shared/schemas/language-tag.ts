import { z } from 'zod';
import { canonicalLanguageTag, MAX_LANGUAGE_TAG_LENGTH } from '../language-tags.ts';

/** The form field and the library filter for a content language tag (src/shared/language-tags.ts). */
const LANGUAGE_TAG_MESSAGE = 'Language must be a language tag such as en, de or pt-BR';

/** An item's, forum's or announcement's language in a form: '' or null for none. */
export const languageTagField = z
  .union([z.string().trim().max(MAX_LANGUAGE_TAG_LENGTH, LANGUAGE_TAG_MESSAGE), z.null()], {
    error: LANGUAGE_TAG_MESSAGE,
  })
  .default(null)
  .transform((value, context) => {
    if (!value) return null;
    const canonical = canonicalLanguageTag(value);
    if (!canonical) {
      context.issues.push({ code: 'custom', message: LANGUAGE_TAG_MESSAGE, input: value });
      return z.NEVER;
    }
    return canonical;
  });

/** The library's language filter (`?language=de`); '' or 'all' for every language. */
export const languageFilter = z
  .string()
  .trim()
  .max(MAX_LANGUAGE_TAG_LENGTH, LANGUAGE_TAG_MESSAGE)
  .optional()
  .transform((value, context) => {
    if (!value || value === 'all') return undefined;
    const canonical = canonicalLanguageTag(value);
    if (!canonical) {
      context.issues.push({ code: 'custom', message: LANGUAGE_TAG_MESSAGE, input: value });
      return z.NEVER;
    }
    return canonical;
  });
