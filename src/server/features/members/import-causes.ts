import type {
  MemberImportCsvCause,
  MemberImportDatabaseCause,
  MemberImportStripeCause,
} from '@shared/schemas/members.ts';
import { databaseErrorIn } from '../../lib/db-errors.ts';
import { stripeErrorIn } from '../../lib/stripe.ts';

/**
 * Why a line of the member import failed, named from a small closed set the admin screen has a
 * sentence for in every language (issue 37), beside the library's own English `reason`, which the
 * screen shows only for `other` and which the server's English `message` keeps.
 */
export type Cause<Name extends string> = { cause: Name; reason: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A line csv-parse skipped: its error's `code` (CSV_QUOTE_NOT_CLOSED…). */
export function csvCause(error: { code?: string; message: string }): Cause<MemberImportCsvCause> {
  return { cause: error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'quoteNotClosed' : 'other', reason: error.message };
}

/** A failed read of a member's subscriptions from Stripe, by the SDK error behind it. */
export function stripeCause(error: unknown): Cause<MemberImportStripeCause> {
  const stripe = stripeErrorIn(error);
  if (!stripe) return { cause: 'other', reason: messageOf(error) };
  const reason = stripe.message;
  switch (stripe.type) {
    // Not reached (after the SDK's retries), or Stripe's own failure (5xx): both pass with time.
    case 'StripeConnectionError':
    case 'StripeAPIError':
      return { cause: 'unavailable', reason };
    // A wrong or revoked key (401), or a restricted key without the permission (403).
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return { cause: 'authentication', reason };
    case 'StripeRateLimitError':
      return { cause: 'rateLimit', reason };
    case 'StripeInvalidRequestError':
      // "No such customer: 'cus_…'": an id from another Stripe account, or from test mode.
      if (stripe.code === 'resource_missing' && stripe.param === 'customer') {
        return { cause: 'customerNotFound', reason };
      }
      break;
  }
  return { cause: 'other', reason };
}

/** SQLSTATEs of a write that lost to another at the same moment: serialization, deadlock, lock wait. */
const CONFLICTS = new Set(['40001', '40P01', '55P03']);

/** A line the database refused, by PostgreSQL's SQLSTATE (the reason is its message, not the query). */
export function databaseCause(error: unknown): Cause<MemberImportDatabaseCause> {
  const database = databaseErrorIn(error);
  if (!database) return { cause: 'other', reason: messageOf(error) };
  const reason = database.message;
  if (database.code === '23505') return { cause: 'duplicate', reason };
  // Text columns are limited by checks named <table>_<column>_length (db/schema/columns.ts).
  if (database.code === '22001' || (database.code === '23514' && database.constraint?.endsWith('_length'))) {
    return { cause: 'tooLong', reason };
  }
  if (database.code && CONFLICTS.has(database.code)) return { cause: 'conflict', reason };
  return { cause: 'other', reason };
}
