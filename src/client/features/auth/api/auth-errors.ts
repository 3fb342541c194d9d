import { ApiError, getErrorMessage } from '@client/lib/api';
import { isNetworkError } from '@client/lib/online-status';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
const OFFLINE_MESSAGE = "We couldn't reach the site. Check your connection and try again.";

/** The sentence to show for a failed auth request: the server's `message` when it sent one. */
export function getAuthErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return isNetworkError(error) ? OFFLINE_MESSAGE : fallback;
  const message = getErrorMessage(error);
  if (error.status === 429) return message ?? TOO_MANY_ATTEMPTS_MESSAGE;
  if (error.status >= 500) return fallback;
  return message ?? fallback;
}

/** better-auth answers an expired or reused reset token with this code. */
export function isInvalidTokenError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'INVALID_TOKEN';
}
