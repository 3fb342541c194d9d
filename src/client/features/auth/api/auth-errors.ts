import { ApiError, getErrorMessage } from '@client/lib/api';
import { isNetworkError } from '@client/lib/online-status';
import type { I18n } from '@lingui/core';

/**
 * The sentence to show for a failed auth request: the server's `message` when it sent one, else
 * ours in the member's language (`i18n` with the `auth` namespace loaded).
 */
export function getAuthErrorMessage(error: unknown, fallback: string, i18n: I18n): string {
  if (!(error instanceof ApiError)) return isNetworkError(error) ? i18n._('auth.error.offline') : fallback;
  const message = getErrorMessage(error);
  if (error.status === 429) return message ?? i18n._('auth.error.tooManyAttempts');
  if (error.status >= 500) return fallback;
  return message ?? fallback;
}

/** better-auth answers an expired or reused reset token with this code. */
export function isInvalidTokenError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'INVALID_TOKEN';
}
