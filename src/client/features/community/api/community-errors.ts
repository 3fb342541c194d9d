import { ApiError, getErrorMessage } from '@client/lib/api';

/** A 403 because the forum is premium and the member has no premium access. */
export function isPremiumRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'PREMIUM_REQUIRED';
}

/** 404, or 400 for an id that cannot exist (the API checks ids are UUIDs before looking). */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The session ended while the page was open. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** docs/product.md, "Errors shown": the server's message first, else the screen's own sentence. */
export function describeFailure(error: unknown, fallback: string): string {
  return getErrorMessage(error) ?? fallback;
}
