import { type AppErrorCode, ErrorBodySchema, type ErrorDetails } from '@shared/schemas/errors.ts';

/**
 * A failure a user can act on. The error handler turns it into `{message, code?}` with its status.
 * Build one through the named factories below, never inline: each failure has one name, one status
 * and one code from the shared list (src/shared/schemas/errors.ts), so the client can tell them apart
 * by code. Lint (lint/no-inline-app-error.grit) refuses `new AppError(` anywhere else.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: AppErrorCode,
    /** Headers the answer carries, such as `Retry-After`. */
    readonly headers?: Record<string, string>,
    /** Fields the error body carries beside `message` and `code` (ErrorBodySchema lists them). */
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A body field holding a number, only when there is one (ErrorBodySchema's are optional numbers). */
function numberField<const Name extends 'limitBytes' | 'retryAfterSeconds'>(
  name: Name,
  value: number | null | undefined,
): Record<Name, number> | undefined {
  return typeof value === 'number' && Number.isFinite(value)
    ? ({ [name]: value } as Record<Name, number>)
    : undefined;
}

// 400: input.
export const badRequest = (message: string) => new AppError(400, message, 'BAD_REQUEST');
/** Input the schema let through but a rule refused; `field: message`, as schema failures read. */
export const invalidField = (field: string, message: string) =>
  new AppError(400, `${field}: ${message}`, 'VALIDATION_ERROR', undefined, {
    issues: [{ field, code: 'custom' }],
  });
export const badCursor = () =>
  new AppError(400, 'cursor is not valid; start again from the first page', 'BAD_CURSOR');
export const badSignature = (message: string) => new AppError(400, message, 'BAD_SIGNATURE');
export const wrongPassword = () =>
  new AppError(400, 'password: that is not your password', 'INVALID_PASSWORD');
export const uploadIncomplete = () => new AppError(400, 'The upload did not complete.', 'UPLOAD_INCOMPLETE');

// 401 and 403: who may do what.
export const unauthorized = () => new AppError(401, 'Unauthorized');
export const adminRequired = () => new AppError(403, 'You need admin rights to do that.', 'ADMIN_REQUIRED');
export const moderatorRequired = () =>
  new AppError(403, 'You need moderator rights to do that.', 'MODERATOR_REQUIRED');
export const premiumRequired = (message = 'This needs an active premium subscription.') =>
  new AppError(403, message, 'PREMIUM_REQUIRED');
export const forbidden = (message: string) => new AppError(403, message, 'FORBIDDEN');
export const notAuthor = (action: 'edit' | 'delete', what: string) =>
  new AppError(403, `You can only ${action} your own ${what}.`, 'NOT_AUTHOR');
export const ownContent = (what: string) =>
  new AppError(403, `You cannot flag your own ${what}.`, 'OWN_CONTENT');
/** A muted member's write; `mutedUntil` (ISO time, null: until lifted) travels in the body. */
export const muted = (message: string, mutedUntil: string | null) =>
  new AppError(403, message, 'MUTED', undefined, { mutedUntil });
export const forumInactive = () =>
  new AppError(403, 'This forum is closed and takes no new posts.', 'FORUM_INACTIVE');
export const invalidOrigin = () =>
  new AppError(403, 'This request did not come from Stillpoint.', 'INVALID_ORIGIN');
export const invalidMediaLink = () =>
  new AppError(403, 'This media link is invalid or has expired.', 'INVALID_MEDIA_LINK');
export const privateObject = () =>
  new AppError(403, 'This file is only available through the player.', 'PRIVATE_OBJECT');
export const invalidUploadUrl = () =>
  new AppError(403, 'This upload link is invalid or has expired.', 'INVALID_UPLOAD_URL');
export const uploadUrlUsed = () =>
  new AppError(403, 'This upload link has expired or has already been used.', 'UPLOAD_URL_USED');
export const notYourUpload = () =>
  new AppError(403, 'You can only register files you uploaded.', 'NOT_YOUR_UPLOAD');

// 404 and 410: nothing there.
export const notFound = (what: string) => new AppError(404, `${what} not found`, 'NOT_FOUND');
/** A 404 for something this server does not offer (Stripe unset, uploads on S3), said plainly. */
export const notOffered = (message: string) => new AppError(404, message, 'NOT_FOUND');
/** A bulk action whose chosen items are not all there any more (another admin deleted some). */
export const itemsGone = (missing: number, chosen: number) =>
  new AppError(
    404,
    `${missing} of the ${chosen} chosen items no longer exist; nothing was changed.`,
    'NOT_FOUND',
  );
export const noMedia = (message: string) => new AppError(404, message, 'NO_MEDIA');
export const checkoutExpired = () =>
  new AppError(410, 'This checkout session has expired. Start a new one from the Subscribe page.', 'EXPIRED');
export const uploadGone = () =>
  new AppError(410, 'This upload is no longer available. Please upload the file again.', 'UPLOAD_GONE');

// 409: the state does not allow it.
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const slugTaken = (message: string) => new AppError(409, message, 'SLUG_TAKEN');
export const lastAdmin = (message: string) => new AppError(409, message, 'LAST_ADMIN');
export const notDownloadable = (message: string) => new AppError(409, message, 'NOT_DOWNLOADABLE');
export const startConflict = () =>
  new AppError(409, 'Please try starting the assessment again.', 'START_CONFLICT');
export const questionnaireCompleted = () =>
  new AppError(
    409,
    'This assessment is complete; its answers can no longer change.',
    'QUESTIONNAIRE_COMPLETED',
  );

// 413, 429 and 502: limits and third parties.
/** `limitBytes`, when the limit is known, travels in the body (the client says it in its words). */
export const payloadTooLarge = (message: string, limitBytes?: number) =>
  new AppError(413, message, 'PAYLOAD_TOO_LARGE', undefined, numberField('limitBytes', limitBytes));
/** The member's uploads (unfinished and kept) would pass their allowance (features/media, uploads). */
export const uploadQuotaExceeded = (message: string, limitBytes: number) =>
  new AppError(413, message, 'UPLOAD_QUOTA_EXCEEDED', undefined, numberField('limitBytes', limitBytes));
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(
    429,
    message,
    'RATE_LIMITED',
    { 'retry-after': String(retryAfterSeconds) },
    numberField('retryAfterSeconds', retryAfterSeconds),
  );
export const paymentProviderError = (message: string) => new AppError(502, message, 'PAYMENT_PROVIDER_ERROR');

/** A route's error answers for its schema (and the OpenAPI document): `errorResponses(400, 404)`. */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<
    Status,
    typeof ErrorBodySchema
  >;
}
