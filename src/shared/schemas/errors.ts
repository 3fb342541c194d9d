import { z } from 'zod';

/**
 * Every `code` our own server sends in an error body: the AppError factories in
 * src/server/lib/errors.ts and the error handler in src/server/plugins/errors.ts. A new failure a
 * screen must tell apart gets a code here first; the server then cannot send one that is not listed.
 */
export const APP_ERROR_CODES = [
  // Who may do what.
  'ADMIN_REQUIRED',
  'MODERATOR_REQUIRED',
  'PREMIUM_REQUIRED',
  'FORBIDDEN',
  'NOT_AUTHOR',
  'OWN_CONTENT',
  'MUTED',
  'INVALID_ORIGIN',
  'INVALID_PASSWORD',
  // Input.
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNSTORABLE_INPUT',
  'BAD_CURSOR',
  'BAD_SIGNATURE',
  'PASSWORD_TOO_COMMON',
  'PAYLOAD_TOO_LARGE',
  'RANGE_NOT_SATISFIABLE',
  // State.
  'NOT_FOUND',
  'CONFLICT',
  'SLUG_TAKEN',
  'LAST_ADMIN',
  'FORUM_INACTIVE',
  'START_CONFLICT',
  'QUESTIONNAIRE_COMPLETED',
  // Media, downloads and uploads.
  'NO_MEDIA',
  'NOT_DOWNLOADABLE',
  'INVALID_MEDIA_LINK',
  'PRIVATE_OBJECT',
  'INVALID_UPLOAD_URL',
  'UPLOAD_URL_USED',
  'UPLOAD_INCOMPLETE',
  'UPLOAD_GONE',
  'UPLOAD_QUOTA_EXCEEDED',
  'EXPIRED',
  'NOT_YOUR_UPLOAD',
  // Limits and third parties.
  'RATE_LIMITED',
  'PAYMENT_PROVIDER_ERROR',
] as const;

/**
 * The codes better-auth answers with from `/api/auth/*` (its BASE_ERROR_CODES; a server test fails
 * when an upgrade adds one that is missing here). Screens act on INVALID_TOKEN (an expired reset link).
 */
export const AUTH_ERROR_CODES = [
  'USER_NOT_FOUND',
  'FAILED_TO_CREATE_USER',
  'FAILED_TO_CREATE_SESSION',
  'FAILED_TO_UPDATE_USER',
  'FAILED_TO_GET_SESSION',
  'INVALID_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_USER',
  'SOCIAL_ACCOUNT_ALREADY_LINKED',
  'PROVIDER_NOT_FOUND',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'ID_TOKEN_NOT_SUPPORTED',
  'FAILED_TO_GET_USER_INFO',
  'USER_EMAIL_NOT_FOUND',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'EMAIL_CAN_NOT_BE_UPDATED',
  'CHANGE_EMAIL_DISABLED',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
  'SESSION_EXPIRED',
  'FAILED_TO_UNLINK_LAST_ACCOUNT',
  'ACCOUNT_NOT_FOUND',
  'USER_ALREADY_HAS_PASSWORD',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  'VERIFICATION_EMAIL_NOT_ENABLED',
  'EMAIL_ALREADY_VERIFIED',
  'EMAIL_MISMATCH',
  'SESSION_NOT_FRESH',
  'LINKED_ACCOUNT_ALREADY_EXISTS',
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
  'MISSING_OR_NULL_ORIGIN',
  'CALLBACK_URL_REQUIRED',
  'FAILED_TO_CREATE_VERIFICATION',
  'FIELD_NOT_ALLOWED',
  'ASYNC_VALIDATION_NOT_SUPPORTED',
  'MISSING_FIELD',
  'METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED',
  'BODY_MUST_BE_AN_OBJECT',
  'PASSWORD_ALREADY_SET',
] as const;

/** A code our server sends itself (AppError's `code`). */
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/**
 * Fastify's own 4xx codes (`FST_ERR_CTP_BODY_TOO_LARGE`, ...) pass through the error handler as they
 * are: the framework names them, not us.
 */
export type FrameworkErrorCode = `FST_ERR_${string}`;

/** Every `code` an error body may carry. */
export type ErrorCode = AppErrorCode | (typeof AUTH_ERROR_CODES)[number] | FrameworkErrorCode;

export const ErrorCodeSchema = z.union([
  z.enum([...APP_ERROR_CODES, ...AUTH_ERROR_CODES]),
  z.templateLiteral(['FST_ERR_', z.string()]),
]);

/**
 * One problem of a VALIDATION_ERROR: the field (its path, dotted: `items.0.title`; empty for the
 * body itself), zod's issue code (`too_small`, `too_big`, `invalid_type`, `invalid_format`,
 * `invalid_value`, `custom`, ...) and, for sizes, the bound and what it counts (`origin`: `string`
 * counts characters, `array` items, `number` the value). The client writes its own sentence from
 * these in the member's language; `message` keeps the server's English.
 */
export const ValidationIssueSchema = z.object({
  field: z.string(),
  code: z.string(),
  origin: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/**
 * Every error body: `{message, code?}`, plus the documented extra fields of some codes. The server's
 * routes declare it for their 4xx answers (the OpenAPI document shows it); the client parses each
 * failed answer with it once (src/client/lib/api.ts). A code this list does not know yet (a newer
 * better-auth) is dropped rather than failing the parse, so the message still reaches the member.
 */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: ErrorCodeSchema.optional().catch(undefined),
  /** With code MUTED: when the mute ends (ISO time), null when it lasts until lifted. */
  mutedUntil: z.string().nullable().optional(),
  /** With code RATE_LIMITED: seconds to wait before trying again (as the Retry-After header). */
  retryAfterSeconds: z.number().optional(),
  /** With codes PAYLOAD_TOO_LARGE and UPLOAD_QUOTA_EXCEEDED, where known: the limit in bytes. */
  limitBytes: z.number().optional(),
  /** With code VALIDATION_ERROR: each problem, for a sentence in the member's language. */
  issues: z.array(ValidationIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The fields an error body carries beside `message` and `code`. */
export type ErrorDetails = Omit<ErrorBody, 'message' | 'code'>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return ErrorCodeSchema.safeParse(value).success;
}
