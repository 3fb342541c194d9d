import { z } from 'zod';

/**
 * Names and titles: what other people see next to a member's words, each on one line. They are
 * normalised to NFC first (so a limit counts the same characters however the keyboard composed
 * them), may not break the line (CR, LF or any other control character), and may not hold the
 * invisible formatting characters that make text read differently from what is stored or look
 * like someone else's: bidirectional marks, embeddings, overrides and isolates (U+061C,
 * U+200E/U+200F, U+202A–U+202E, U+2066–U+2069), zero-width and invisible operators
 * (U+200B–U+200D, U+2060–U+2064, U+FEFF), the Mongolian vowel separator U+180E, the soft hyphen
 * and the deprecated format controls. One exception: U+200D joining two emoji, as in 👩‍🌾.
 * Each name or title also needs at least one visible character.
 */

const VISIBLE_CHARACTER = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Letters and symbols that draw nothing: Hangul fillers and the blank Braille pattern. */
const BLANK_GLYPHS = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE_FORMAT =
  /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/u;
/** The zero-width joiner inside an emoji sequence (a skin tone or variation selector may sit between). */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;
/** Line breaks and every other control character (tab, escape, NUL…), and the Unicode line and paragraph separators. */
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\u2028\u2029]/u;

export const hasVisibleCharacter = (value: string) => VISIBLE_CHARACTER.test(value.replace(BLANK_GLYPHS, ''));
export const hasBidiControl = (value: string) => BIDI_CONTROL.test(value);
export const hasInvisibleFormatting = (value: string) =>
  INVISIBLE_FORMAT.test(value.replace(EMOJI_JOINER, ''));
export const breaksTheLine = (value: string) => LINE_BREAK_OR_CONTROL.test(value);

export type SingleLineTextOptions = {
  /** What the field is called in messages ('Title', 'Your first name'). */
  label: string;
  max: number;
  /** Shown when the value is longer than `max`; defaults to '<label> can be at most <max> characters'. */
  tooLong?: string;
  /**
   * When set, the field is required: shown when the value is empty or shows nothing. Without it
   * an empty string passes (optional fields such as a link's text).
   */
  required?: string;
};

/**
 * The one rule of every single-line field people see (names, titles, link texts, tags): NFC,
 * trimmed, on one line, no invisible formatting, at most `max` characters after normalising.
 */
export function singleLineText({ label, max, tooLong, required }: SingleLineTextOptions) {
  let schema = z
    .string(required ?? `${label} must be text`)
    .normalize('NFC')
    .trim();
  if (required) schema = schema.min(1, { message: required, abort: true });
  schema = schema
    .refine((value) => !breaksTheLine(value), { message: `${label} must be on one line`, abort: true })
    .refine((value) => !hasInvisibleFormatting(value), {
      message: `${label} cannot contain invisible or text-direction control characters`,
      abort: true,
    })
    .max(max, { message: tooLong ?? `${label} can be at most ${max} characters`, abort: true });
  return required ? schema.refine(hasVisibleCharacter, required) : schema;
}

export type VisibleTextOptions = SingleLineTextOptions & { required: string };

/** A name or title: a single-line text of 1..max characters with something visible. */
export function visibleText(options: VisibleTextOptions) {
  return singleLineText(options);
}

/** A trimmed body of text (a description, an announcement's content): 1..max characters. */
export function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);
}
