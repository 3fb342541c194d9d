/** A failure a user can act on. The error handler turns it into `{message, code?}` with its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Headers the answer carries, such as `Retry-After`. */
    readonly headers?: Record<string, string>,
    /** Fields the error body carries beside `message` and `code` (ErrorSchema lists them). */
    readonly details?: { mutedUntil?: string | null },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(401, 'Unauthorized');
export const adminRequired = () => new AppError(403, 'You need admin rights to do that.', 'ADMIN_REQUIRED');
export const moderatorRequired = () =>
  new AppError(403, 'You need moderator rights to do that.', 'MODERATOR_REQUIRED');
export const premiumRequired = (message = 'This needs an active premium subscription.') =>
  new AppError(403, message, 'PREMIUM_REQUIRED');
export const notFound = (what: string) => new AppError(404, `${what} not found`, 'NOT_FOUND');
export const badRequest = (message: string) => new AppError(400, message, 'BAD_REQUEST');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, 'RATE_LIMITED', { 'retry-after': String(retryAfterSeconds) });
