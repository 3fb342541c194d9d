import { accountStorageKey, readJson, writeJson } from '@client/features/auth';
import { z } from 'zod';
import { AMBIENT_IDS, type AmbientId } from './ambient';
import { BELL_IDS, type BellId } from './bell';

/**
 * What a member chooses for a sit, its validation, and the presets they save. Presets are a
 * device preference, kept in localStorage under the account's key like its downloads and outbox
 * (features/auth/device-account.ts), so they go with the account's other data on sign-out.
 */
export const MIN_TIMER_MINUTES = 1;
export const MAX_TIMER_MINUTES = 180;
/** Quick choices shown as buttons beside the minutes field. */
export const SUGGESTED_MINUTES = [5, 10, 20, 30, 45, 60] as const;
export const MAX_SAVED_PRESETS = 8;

export const DURATION_MESSAGE = `Choose a whole number of minutes from ${MIN_TIMER_MINUTES} to ${MAX_TIMER_MINUTES}.`;
export const intervalMessage = (minutes: number) =>
  minutes > 1
    ? `Choose an interval bell of a whole number of minutes from 1 to ${minutes}, or none.`
    : 'Choose an interval bell of 1 minute, or none.';

/** A form's text as whole minutes; empty, decimals, words and out-of-range numbers are refused. */
const minutesText = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

export type Parsed<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

export function parseDurationMinutes(text: string): Parsed<number> {
  const parsed = minutesText(MIN_TIMER_MINUTES, MAX_TIMER_MINUTES, DURATION_MESSAGE).safeParse(text);
  return parsed.success ? { value: parsed.data } : { error: DURATION_MESSAGE };
}

/** An empty interval means no interval bell (0); otherwise 1 minute up to the sit's length. */
export function parseIntervalMinutes(text: string, durationMinutes: number): Parsed<number> {
  if (text.trim() === '') return { value: 0 };
  const message = intervalMessage(durationMinutes);
  const parsed = minutesText(1, durationMinutes, message).safeParse(text);
  return parsed.success ? { value: parsed.data } : { error: message };
}

export const TimerChoiceSchema = z
  .object({
    minutes: z.number().int().min(MIN_TIMER_MINUTES).max(MAX_TIMER_MINUTES),
    /** 0: no interval bell. */
    intervalMinutes: z.number().int().min(0).max(MAX_TIMER_MINUTES),
    hasStartAndEndBell: z.boolean(),
    bell: z.enum(BELL_IDS as [BellId, ...BellId[]]),
    intervalBell: z.enum(BELL_IDS as [BellId, ...BellId[]]),
    ambient: z.enum(AMBIENT_IDS as [AmbientId, ...AmbientId[]]).nullable(),
    /** 0 to 1. */
    ambientVolume: z.number().min(0).max(1),
  })
  .refine((choice) => choice.intervalMinutes <= choice.minutes, {
    message: 'The interval cannot be longer than the sit',
  });
export type TimerChoice = z.infer<typeof TimerChoiceSchema>;

export const DEFAULT_TIMER_CHOICE: TimerChoice = {
  minutes: 10,
  intervalMinutes: 0,
  hasStartAndEndBell: true,
  bell: 'bowl',
  intervalBell: 'tingsha',
  ambient: null,
  ambientVolume: 0.4,
};

const presetsKey = (userId: string) => accountStorageKey(userId, 'timer-presets');

/** Same sit, same preset: saving it again does not add a second button. */
const isSameChoice = (a: TimerChoice, b: TimerChoice) => JSON.stringify(a) === JSON.stringify(b);

/** The account's saved presets on this device; anything unreadable (an older shape) is left out. */
export function readTimerPresets(userId: string): TimerChoice[] {
  const stored = readJson(presetsKey(userId));
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = TimerChoiceSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Saves a preset first in the list; the oldest go beyond `MAX_SAVED_PRESETS`. */
export function saveTimerPreset(userId: string, choice: TimerChoice): TimerChoice[] {
  const presets = [
    choice,
    ...readTimerPresets(userId).filter((preset) => !isSameChoice(preset, choice)),
  ].slice(0, MAX_SAVED_PRESETS);
  writeJson(presetsKey(userId), presets);
  return presets;
}

export function removeTimerPreset(userId: string, choice: TimerChoice): TimerChoice[] {
  const presets = readTimerPresets(userId).filter((preset) => !isSameChoice(preset, choice));
  writeJson(presetsKey(userId), presets);
  return presets;
}
