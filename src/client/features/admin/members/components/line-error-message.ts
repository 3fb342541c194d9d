import type { I18n } from '@lingui/core';
import type {
  MemberImportDatabaseCause,
  MemberImportErrorCode,
  MemberImportLineError,
  MemberImportRowIssue,
  MemberImportStripeCause,
} from '@shared/schemas/members';

/**
 * A line error of the member import in the admin's language (issue 37). The server names each
 * error with a code and the parameters its sentence needs (src/shared/schemas/members.ts); the
 * sentence is written here from the `admin` catalogue, whose English is the server's own sentence.
 * A code this screen does not know, or a row problem without a rule, shows the server's message.
 * When the CSV parser, Stripe or the database refused a line, the server names the `cause`, and
 * each cause has a whole sentence of its own; `other` (or a cause this screen does not know) keeps
 * the general sentence with their English reason in it.
 */
export function lineErrorMessage(i18n: I18n, error: MemberImportLineError): string {
  const text = (name: string) => String(error.params[name] ?? '');
  const line = (name: string) => Number(error.params[name] ?? 0);
  const code = error.code as MemberImportErrorCode;
  switch (code) {
    case 'INVALID_CSV':
      if (text('cause') === 'quoteNotClosed') return i18n._('admin.members.lineError.csv.quoteNotClosed');
      return i18n._('admin.members.lineError.invalidCsv', { reason: text('reason') });
    case 'NO_HEADER':
      return i18n._('admin.members.lineError.noHeader');
    case 'NO_EMAIL_COLUMN':
      return i18n._('admin.members.lineError.noEmailColumn');
    case 'INVALID_STATUS':
      return i18n._('admin.members.lineError.invalidStatus', { found: text('found') });
    case 'INVALID_SUBSCRIBED':
      return i18n._('admin.members.lineError.invalidSubscribed', { found: text('found') });
    case 'INVALID_ROW':
      return error.issues?.length
        ? error.issues.map((issue) => rowIssueMessage(i18n, issue)).join('; ')
        : error.message;
    case 'DUPLICATE_EMAIL':
      return i18n._('admin.members.lineError.duplicateEmail', {
        email: text('email'),
        earlierLine: line('earlierLine'),
      });
    case 'DUPLICATE_CUSTOMER':
      return i18n._('admin.members.lineError.duplicateCustomer', {
        customerId: text('customerId'),
        earlierLine: line('earlierLine'),
      });
    case 'CUSTOMER_OF_ANOTHER_MEMBER':
      return i18n._('admin.members.lineError.customerOfAnotherMember', { customerId: text('customerId') });
    case 'LINKED_TO_ANOTHER_CUSTOMER':
      return i18n._('admin.members.lineError.linkedToAnotherCustomer', {
        email: text('email'),
        customerId: text('customerId'),
      });
    case 'STRIPE_READ_FAILED':
      return stripeReadFailed(i18n, text);
    case 'NOT_IMPORTED':
      return notImported(i18n, text);
    default:
      return error.message;
  }
}

/** STRIPE_READ_FAILED: the member is imported; why their subscription could not be read. */
function stripeReadFailed(i18n: I18n, text: (name: string) => string): string {
  const cause = text('cause') as MemberImportStripeCause;
  switch (cause) {
    case 'unavailable':
      return i18n._('admin.members.lineError.stripe.unavailable');
    case 'authentication':
      return i18n._('admin.members.lineError.stripe.authentication');
    case 'rateLimit':
      return i18n._('admin.members.lineError.stripe.rateLimit');
    case 'customerNotFound':
      return i18n._('admin.members.lineError.stripe.customerNotFound', { customerId: text('customerId') });
    default:
      return i18n._('admin.members.lineError.stripeReadFailed', { reason: text('reason') });
  }
}

/** NOT_IMPORTED: why the database refused the line. */
function notImported(i18n: I18n, text: (name: string) => string): string {
  const cause = text('cause') as MemberImportDatabaseCause;
  switch (cause) {
    case 'duplicate':
      return i18n._('admin.members.lineError.database.duplicate');
    case 'tooLong':
      return i18n._('admin.members.lineError.database.tooLong');
    case 'conflict':
      return i18n._('admin.members.lineError.database.conflict');
    default:
      return i18n._('admin.members.lineError.notImported', { reason: text('reason') });
  }
}

/** The import's columns whose rules have a sentence here (the `column` of the messages' select). */
const NAME_COLUMNS = new Set(['firstName', 'lastName']);
const DATE_COLUMNS = new Set(['compEndsAt', 'createdAt']);

/** One problem of a line's field, naming the column as the import's help names it. */
function rowIssueMessage(i18n: I18n, issue: MemberImportRowIssue): string {
  const column = issue.field;
  switch (issue.rule) {
    case 'emailRequired':
      return i18n._('admin.members.lineError.row.emailRequired');
    case 'emailTooLong':
      return i18n._('admin.members.lineError.row.emailTooLong');
    case 'emailInvalid':
      return i18n._('admin.members.lineError.row.emailInvalid');
    case 'tooLong':
      if (NAME_COLUMNS.has(column) || column === 'note') {
        return i18n._('admin.members.lineError.row.tooLong', { column, maximum: issue.maximum ?? 0 });
      }
      break;
    case 'oneLine':
      if (NAME_COLUMNS.has(column)) return i18n._('admin.members.lineError.row.oneLine', { column });
      break;
    case 'invisibleCharacters':
      if (NAME_COLUMNS.has(column))
        return i18n._('admin.members.lineError.row.invisibleCharacters', { column });
      break;
    case 'date':
      if (DATE_COLUMNS.has(column)) return i18n._('admin.members.lineError.row.date', { column });
      break;
    case 'customerId':
      return i18n._('admin.members.lineError.row.customerId');
    case 'status':
      return i18n._('admin.members.lineError.row.status');
  }
  return issue.message;
}
