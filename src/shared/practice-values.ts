// Practice values the player and the member's home read on their first render, without zod
// (schemas/practice.ts re-exports them; docs/decisions/051).

/** One session is at most four hours; a longer sit is logged as two. */
export const MAX_PRACTICE_SECONDS = 4 * 60 * 60;

/** The end-of-session note: one line for the member's own journal. */
export const MAX_PRACTICE_NOTE_LENGTH = 280;

/** Whether the runtime (browser or server) knows this IANA zone name. */
export function isValidTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
