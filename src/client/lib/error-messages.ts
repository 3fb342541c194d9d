/**
 * The server's errors in the member's language (docs/translating.md, "The server's errors"). The
 * server writes each error's `message` in English and names it with a `code` and the parameters a
 * sentence needs (src/shared/schemas/errors.ts); in another language the client writes its own
 * sentence for a known code from the `errors` catalogue (`errors.code.<CODE>`). English keeps the
 * server's own sentence (it is often more precise), and so does an unknown code.
 */

import { sourceLocale } from '@shared/locales';
import type { AppErrorCode, ErrorDetails, ValidationIssue } from '@shared/schemas/errors';
import { i18n } from './i18n';

/** What a localised sentence is made from: the error's code and the body's fields. */
export type CodedError = {
  code: string | undefined;
  details: ErrorDetails;
  retryAfterSeconds: number | null;
};

/** The app's language, when it is one whose errors the client writes itself (not English). */
export function isLocalisingErrors(): boolean {
  return Boolean(i18n.locale) && i18n.locale !== sourceLocale;
}

const megabytes = (bytes: number) =>
  i18n.number(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 });

/**
 * The name a form shows for an API field ('title' → "Titel"), from the field path's last named
 * part ('answers.2.note' → "Notiz"); a field no form names keeps its API name.
 */
function fieldLabel(field: string): string {
  const name = field
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .at(-1);
  switch (name) {
    case 'title':
      return i18n._('errors.field.title');
    case 'name':
      return i18n._('errors.field.name');
    case 'firstName':
      return i18n._('errors.field.firstName');
    case 'lastName':
      return i18n._('errors.field.lastName');
    case 'email':
      return i18n._('errors.field.email');
    case 'password':
      return i18n._('errors.field.password');
    case 'newPassword':
      return i18n._('errors.field.newPassword');
    case 'description':
      return i18n._('errors.field.description');
    case 'content':
      return i18n._('errors.field.content');
    case 'body':
      return i18n._('errors.field.body');
    case 'subject':
      return i18n._('errors.field.subject');
    case 'message':
      return i18n._('errors.field.message');
    case 'reason':
      return i18n._('errors.field.reason');
    case 'slug':
      return i18n._('errors.field.slug');
    case 'url':
      return i18n._('errors.field.url');
    case 'tags':
      return i18n._('errors.field.tags');
    case 'language':
      return i18n._('errors.field.language');
    case 'timeZone':
      return i18n._('errors.field.timeZone');
    case 'startsAt':
      return i18n._('errors.field.startsAt');
    case 'endsAt':
      return i18n._('errors.field.endsAt');
    case 'location':
      return i18n._('errors.field.location');
    case 'summary':
      return i18n._('errors.field.summary');
    case 'note':
      return i18n._('errors.field.note');
    default:
      return field;
  }
}

/** One validation problem as a sentence: "Titel: mindestens 3 Zeichen." */
function issueSentence(issue: ValidationIssue): string {
  const origin = issue.origin ?? 'other';
  let problem: string;
  switch (issue.code) {
    case 'too_small':
      problem = i18n._('errors.issue.tooSmall', { origin, minimum: issue.minimum ?? 0 });
      break;
    case 'too_big':
      problem = i18n._('errors.issue.tooBig', { origin, maximum: issue.maximum ?? 0 });
      break;
    case 'invalid_type':
      problem = i18n._('errors.issue.invalidType');
      break;
    case 'invalid_format':
      problem = i18n._('errors.issue.invalidFormat');
      break;
    case 'invalid_value':
      problem = i18n._('errors.issue.invalidValue');
      break;
    default:
      problem = i18n._('errors.issue.other');
  }
  return issue.field
    ? i18n._('errors.issue.field', { field: fieldLabel(issue.field), problem })
    : i18n._('errors.issue.whole', { problem });
}

/**
 * The sentence for `error` in the app's language, or null when the server's own message should
 * show: the app is in English, or the code is not ours (better-auth's, Fastify's, a newer one).
 */
export function localisedErrorMessage(error: CodedError): string | null {
  if (!isLocalisingErrors() || !error.code) return null;
  const { details } = error;
  const code = error.code as AppErrorCode;
  switch (code) {
    case 'ADMIN_REQUIRED':
      return i18n._('errors.code.ADMIN_REQUIRED');
    case 'MODERATOR_REQUIRED':
      return i18n._('errors.code.MODERATOR_REQUIRED');
    case 'PREMIUM_REQUIRED':
      return i18n._('errors.code.PREMIUM_REQUIRED');
    case 'FORBIDDEN':
      return i18n._('errors.code.FORBIDDEN');
    case 'NOT_AUTHOR':
      return i18n._('errors.code.NOT_AUTHOR');
    case 'OWN_CONTENT':
      return i18n._('errors.code.OWN_CONTENT');
    case 'MUTED':
      return i18n._('errors.code.MUTED', {
        hasEnd: details.mutedUntil ? 'yes' : 'no',
        until: details.mutedUntil
          ? i18n.date(new Date(details.mutedUntil), { dateStyle: 'long', timeStyle: 'short' })
          : '',
      });
    case 'INVALID_ORIGIN':
      return i18n._('errors.code.INVALID_ORIGIN');
    case 'INVALID_PASSWORD':
      return i18n._('errors.code.INVALID_PASSWORD');
    case 'BAD_REQUEST':
      return i18n._('errors.code.BAD_REQUEST');
    case 'VALIDATION_ERROR':
      return details.issues?.length
        ? details.issues.map(issueSentence).join(' ')
        : i18n._('errors.code.VALIDATION_ERROR');
    case 'UNSTORABLE_INPUT':
      return i18n._('errors.code.UNSTORABLE_INPUT');
    case 'BAD_CURSOR':
      return i18n._('errors.code.BAD_CURSOR');
    case 'BAD_SIGNATURE':
      return i18n._('errors.code.BAD_SIGNATURE');
    case 'PASSWORD_TOO_COMMON':
      return i18n._('errors.code.PASSWORD_TOO_COMMON');
    case 'PAYLOAD_TOO_LARGE':
      return i18n._('errors.code.PAYLOAD_TOO_LARGE', {
        hasLimit: details.limitBytes ? 'yes' : 'no',
        limit: details.limitBytes ? megabytes(details.limitBytes) : '',
      });
    case 'RANGE_NOT_SATISFIABLE':
      return i18n._('errors.code.RANGE_NOT_SATISFIABLE');
    case 'NOT_FOUND':
      return i18n._('errors.code.NOT_FOUND');
    case 'CONFLICT':
      return i18n._('errors.code.CONFLICT');
    case 'SLUG_TAKEN':
      return i18n._('errors.code.SLUG_TAKEN');
    case 'LAST_ADMIN':
      return i18n._('errors.code.LAST_ADMIN');
    case 'FORUM_INACTIVE':
      return i18n._('errors.code.FORUM_INACTIVE');
    case 'START_CONFLICT':
      return i18n._('errors.code.START_CONFLICT');
    case 'QUESTIONNAIRE_COMPLETED':
      return i18n._('errors.code.QUESTIONNAIRE_COMPLETED');
    case 'NO_MEDIA':
      return i18n._('errors.code.NO_MEDIA');
    case 'NOT_DOWNLOADABLE':
      return i18n._('errors.code.NOT_DOWNLOADABLE');
    case 'INVALID_MEDIA_LINK':
      return i18n._('errors.code.INVALID_MEDIA_LINK');
    case 'PRIVATE_OBJECT':
      return i18n._('errors.code.PRIVATE_OBJECT');
    case 'INVALID_UPLOAD_URL':
      return i18n._('errors.code.INVALID_UPLOAD_URL');
    case 'UPLOAD_URL_USED':
      return i18n._('errors.code.UPLOAD_URL_USED');
    case 'UPLOAD_INCOMPLETE':
      return i18n._('errors.code.UPLOAD_INCOMPLETE');
    case 'UPLOAD_GONE':
      return i18n._('errors.code.UPLOAD_GONE');
    case 'UPLOAD_QUOTA_EXCEEDED':
      return i18n._('errors.code.UPLOAD_QUOTA_EXCEEDED', {
        hasLimit: details.limitBytes ? 'yes' : 'no',
        limit: details.limitBytes ? megabytes(details.limitBytes) : '',
      });
    case 'EXPIRED':
      return i18n._('errors.code.EXPIRED');
    case 'NOT_YOUR_UPLOAD':
      return i18n._('errors.code.NOT_YOUR_UPLOAD');
    case 'RATE_LIMITED': {
      const seconds = details.retryAfterSeconds ?? error.retryAfterSeconds;
      return i18n._('errors.code.RATE_LIMITED', {
        hasWait: seconds ? 'yes' : 'no',
        seconds: seconds ?? 0,
      });
    }
    case 'PAYMENT_PROVIDER_ERROR':
      return i18n._('errors.code.PAYMENT_PROVIDER_ERROR');
    default:
      return betterAuthMessage(error.code);
  }
}

/**
 * better-auth's codes (`/api/auth/*`) a member can meet on the sign-in, sign-up, reset and
 * password screens, in the app's language; any other of its codes keeps its English sentence.
 */
function betterAuthMessage(code: string): string | null {
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return i18n._('errors.auth.INVALID_EMAIL_OR_PASSWORD');
    case 'INVALID_EMAIL':
      return i18n._('errors.auth.INVALID_EMAIL');
    case 'PASSWORD_TOO_SHORT':
      return i18n._('errors.auth.PASSWORD_TOO_SHORT');
    case 'PASSWORD_TOO_LONG':
      return i18n._('errors.auth.PASSWORD_TOO_LONG');
    case 'INVALID_TOKEN':
      return i18n._('errors.auth.INVALID_TOKEN');
    case 'EMAIL_NOT_VERIFIED':
      return i18n._('errors.auth.EMAIL_NOT_VERIFIED');
    case 'SESSION_EXPIRED':
      return i18n._('errors.auth.SESSION_EXPIRED');
    case 'USER_NOT_FOUND':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return i18n._('errors.auth.ACCOUNT_NOT_FOUND');
    case 'FAILED_TO_CREATE_USER':
      return i18n._('errors.auth.FAILED_TO_CREATE_USER');
    default:
      return null;
  }
}

/** The title of the write-limit toast in the app's language (English's is RATE_LIMITED_TITLE). */
export function localisedRateLimitTitle(): string | null {
  return isLocalisingErrors() ? i18n._('errors.rateLimited.title') : null;
}
