import { getErrorMessage, getErrorStatus } from '@client/lib/api';

/** The server's words for a premium forum (docs/product.md section 2), shown before any request too. */
export const PREMIUM_FORUM_MESSAGE = 'This community forum requires a premium subscription.';

/** The `code` of a JSON error body (`{ message, code? }`), or null. */
export function getErrorCode(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(match[1] ?? '');
    if (parsed && typeof parsed === 'object' && 'code' in parsed && typeof parsed.code === 'string') {
      return parsed.code;
    }
  } catch {
    // Not JSON: no code.
  }
  return null;
}

/** A 403 because the forum is premium and the member has no premium access. */
export function isPremiumRequiredError(error: unknown): boolean {
  return getErrorStatus(error) === 403 && getErrorCode(error) === 'PREMIUM_REQUIRED';
}

/** 404, or 400 for an id that cannot exist (the API checks ids are UUIDs before looking). */
export function isNotFoundError(error: unknown): boolean {
  const status = getErrorStatus(error);
  return status === 404 || status === 400;
}

/** The session ended while the page was open. */
export function isSignedOutError(error: unknown): boolean {
  return getErrorStatus(error) === 401;
}

/** docs/product.md section 8: the server's message first, else the screen's own sentence. */
export function describeFailure(error: unknown, fallback: string): string {
  return getErrorMessage(error) ?? fallback;
}
