import { z } from 'zod';

/**
 * Names and titles: what other people see next to a member's words. Each needs at least one
 * visible character (a name of only spaces, zero-width or format characters shows as nothing)
 * and may not hold bidirectional embedding, override or isolate controls (U+202A–U+202E,
 * U+2066–U+2069), which can make text read differently from what is stored and spill into the
 * text around it. The marks U+200E/U+200F stay allowed: right-to-left writing needs them.
 */

const VISIBLE_CHARACTER = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Letters and symbols that draw nothing: Hangul fillers and the blank Braille pattern. */
const BLANK_GLYPHS = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export const hasVisibleCharacter = (value: string) => VISIBLE_CHARACTER.test(value.replace(BLANK_GLYPHS, ''));
export const hasBidiControl = (value: string) => BIDI_CONTROL.test(value);

export type VisibleTextOptions = {
  /** What the field is called in messages ('Title', 'Your first name'). */
  label: string;
  max: number;
  /** Shown when the value is empty or shows nothing. */
  required: string;
  /** Shown when the value is longer than `max`; defaults to '<label> can be at most <max> characters'. */
  tooLong?: string;
};

/** A trimmed name or title: 1..max characters, something visible, no text-direction controls. */
export function visibleText({ label, max, required, tooLong }: VisibleTextOptions) {
  return z
    .string(required)
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, { message: tooLong ?? `${label} can be at most ${max} characters`, abort: true })
    .refine(hasVisibleCharacter, required)
    .refine((value) => !hasBidiControl(value), `${label} cannot contain text-direction control characters`);
}

/** A trimmed body of text (a description, an announcement's content): 1..max characters. */
export function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);
}
