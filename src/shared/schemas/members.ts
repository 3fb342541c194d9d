import { z } from 'zod';
import { EmailSchema, MAX_NAME_LENGTH } from './auth.ts';
import { singleLineText } from './text.ts';

/**
 * Members in and out (issue 34): the CSV import and export of the admin's member list. The
 * server maps each CSV line (Ghost, Substack or plain columns) to a `MemberImportRow` and parses it
 * with `MemberImportRowSchema`; the admin screen reads the same result shape.
 */

/** 50,000 members of a Ghost export is about 8 MB; the route's body limit is a little above this. */
export const MAX_IMPORT_CSV_LENGTH = 24 * 1024 * 1024;
/** Ghost's limit for a member note. */
export const MAX_MEMBER_NOTE_LENGTH = 2000;
/** A member's label from an import (Ghost's `labels`), and how many one member may carry. */
export const MAX_MEMBER_LABEL_LENGTH = 100;
export const MAX_MEMBER_LABELS = 50;
/** GET /api/admin/members/labels answers at most this many labels (the most used first). */
export const MAX_LISTED_LABELS = 200;

/** Lines the dry run shows as they will be imported. */
export const IMPORT_PREVIEW_ROWS = 10;
/** A paid line without an end date, stored as complimentary access (test mode): this many days. */
export const DEFAULT_IMPORTED_PAID_DAYS = 30;

export const MEMBER_IMPORT_STATUSES = ['free', 'paid', 'comp'] as const;
export type MemberImportStatus = (typeof MEMBER_IMPORT_STATUSES)[number];

export const MEMBER_IMPORT_FORMATS = ['ghost', 'substack', 'plain'] as const;

export const MemberImportInputSchema = z.object({
  csv: z
    .string('csv must be the text of a CSV file')
    .min(1, 'The CSV file is empty')
    .max(MAX_IMPORT_CSV_LENGTH, 'The CSV file is too large (at most 24 MB)'),
  dryRun: z.boolean('dryRun must be true or false'),
  sendInvites: z.boolean('sendInvites must be true or false').optional().default(false),
});
export type MemberImportInput = z.input<typeof MemberImportInputSchema>;

/** An empty cell is no value. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalName = (label: string) =>
  z.preprocess(blankToNull, singleLineText({ label, max: MAX_NAME_LENGTH }).nullable());

/** A date (2026-01-31) or a date and time (ISO 8601, as Ghost and Substack write them). */
const csvDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .refine((value) => /^\d{4}-\d{2}-\d{2}([ T].*)?$/.test(value) && !Number.isNaN(Date.parse(value)), {
        message: `${label} must be a date like 2026-01-31 or 2026-01-31T09:30:00Z`,
      })
      .transform((value) => new Date(value))
      .nullable(),
  );

/** One member as a CSV line describes them, whatever the file's columns were called. */
export const MemberImportRowSchema = z.object({
  email: EmailSchema,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  status: z.enum(MEMBER_IMPORT_STATUSES, 'status must be free, paid or comp'),
  /** When complimentary access ends (null: no end). */
  compEndsAt: csvDate('The comp end date'),
  stripeCustomerId: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^cus_[A-Za-z0-9]{1,250}$/, 'The Stripe customer id must look like cus_…')
      .nullable(),
  ),
  createdAt: csvDate('The created date'),
  note: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(MAX_MEMBER_NOTE_LENGTH, `The note can be at most ${MAX_MEMBER_NOTE_LENGTH} characters`)
      .nullable(),
  ),
  /** The weekly digest opt-in; null when the file does not say. */
  subscribedToEmails: z.boolean().nullable(),
  /**
   * The teacher's newsletters opt-in: our export's `email_newsletters`, else the file's one e-mail
   * choice (`subscribed_to_emails`); null when the file does not say.
   */
  newsletters: z.boolean().nullable(),
  /** Labels to add to the member (an import never removes one); empty when the file has none. */
  labels: z
    .array(
      z.string().max(MAX_MEMBER_LABEL_LENGTH, `A label can be at most ${MAX_MEMBER_LABEL_LENGTH} characters`),
    )
    .max(MAX_MEMBER_LABELS, `A member can have at most ${MAX_MEMBER_LABELS} labels`)
    .default([]),
});
export type MemberImportRow = z.infer<typeof MemberImportRowSchema>;

export const MemberImportPreviewRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: z.enum(MEMBER_IMPORT_STATUSES),
  compEndsAt: z.string().nullable(),
  /** What the import does with the line. */
  action: z.enum(['create', 'update', 'unchanged']),
});
export type MemberImportPreviewRow = z.infer<typeof MemberImportPreviewRowSchema>;

/**
 * What went wrong on a line, as a code the admin screen writes a sentence for in the admin's
 * language (issue 37); `message` keeps the server's English sentence for API clients and for a
 * code the screen does not know. The parameters each code's sentence needs:
 * - INVALID_CSV: cause (MEMBER_IMPORT_CSV_CAUSES), reason; NO_HEADER, NO_EMAIL_COLUMN: none
 * - INVALID_STATUS, INVALID_SUBSCRIBED: found (the cell as written)
 * - INVALID_ROW: none; `issues` says each problem of the line's fields
 * - DUPLICATE_EMAIL: email, earlierLine; DUPLICATE_CUSTOMER: customerId, earlierLine
 * - CUSTOMER_OF_ANOTHER_MEMBER: customerId; LINKED_TO_ANOTHER_CUSTOMER: email, customerId
 * - STRIPE_READ_FAILED: cause (MEMBER_IMPORT_STRIPE_CAUSES), customerId, reason
 * - NOT_IMPORTED: cause (MEMBER_IMPORT_DATABASE_CAUSES), reason
 * A `reason` is the English words of the CSV parser, Stripe or the database, for the log and for
 * the `other` cause (or a cause the screen does not know), whose sentence shows it as it is;
 * `message` is the same sentence as before causes were named ("Not imported: <reason>").
 */
export const MEMBER_IMPORT_ERROR_CODES = [
  'INVALID_CSV',
  'NO_HEADER',
  'NO_EMAIL_COLUMN',
  'INVALID_STATUS',
  'INVALID_SUBSCRIBED',
  'INVALID_ROW',
  'DUPLICATE_EMAIL',
  'DUPLICATE_CUSTOMER',
  'CUSTOMER_OF_ANOTHER_MEMBER',
  'LINKED_TO_ANOTHER_CUSTOMER',
  'STRIPE_READ_FAILED',
  'NOT_IMPORTED',
] as const;
export type MemberImportErrorCode = (typeof MEMBER_IMPORT_ERROR_CODES)[number];

/**
 * Why the CSV parser could not read a line (INVALID_CSV). With the import's options (relaxed
 * quotes and column counts, no record size limit) a quote never closed is the one it reports; it
 * swallows the rest of the file, so the line named is the last one read. `other`: anything else.
 */
export const MEMBER_IMPORT_CSV_CAUSES = ['quoteNotClosed', 'other'] as const;
export type MemberImportCsvCause = (typeof MEMBER_IMPORT_CSV_CAUSES)[number];

/**
 * Why a member's subscription could not be read from Stripe after the line was imported
 * (STRIPE_READ_FAILED): Stripe could not be reached or failed itself (`unavailable`), refused the
 * site's API key or its permissions (`authentication`), asked for fewer requests
 * (`rateLimit`), or has no customer with the line's id (`customerNotFound`: another Stripe
 * account's, or test mode's). `other`: anything else.
 */
export const MEMBER_IMPORT_STRIPE_CAUSES = [
  'unavailable',
  'authentication',
  'rateLimit',
  'customerNotFound',
  'other',
] as const;
export type MemberImportStripeCause = (typeof MEMBER_IMPORT_STRIPE_CAUSES)[number];

/**
 * Why the database refused a line (NOT_IMPORTED), by its SQLSTATE: another account took the
 * e-mail address or Stripe customer while the file was imported (`duplicate`, 23505), a value is
 * longer than a column allows (`tooLong`, 22001 or a `*_length` check), or another change to the
 * same rows won (`conflict`: 40001, 40P01, 55P03). `other`: anything else.
 */
export const MEMBER_IMPORT_DATABASE_CAUSES = ['duplicate', 'tooLong', 'conflict', 'other'] as const;
export type MemberImportDatabaseCause = (typeof MEMBER_IMPORT_DATABASE_CAUSES)[number];

/**
 * Which rule of `MemberImportRowSchema` a field broke, so the screen can say it in the admin's
 * language; absent when the server has no name for it (the screen then shows `message`).
 */
export const MEMBER_IMPORT_ROW_RULES = [
  'emailRequired',
  'emailTooLong',
  'emailInvalid',
  'tooLong',
  'oneLine',
  'invisibleCharacters',
  'date',
  'customerId',
  'status',
] as const;
export type MemberImportRowRule = (typeof MEMBER_IMPORT_ROW_RULES)[number];

export const MemberImportRowIssueSchema = z.object({
  /** The `MemberImportRow` field (email, firstName, compEndsAt...), or '' for the whole line. */
  field: z.string(),
  rule: z.enum(MEMBER_IMPORT_ROW_RULES).optional(),
  /** tooLong: the most characters allowed. */
  maximum: z.number().int().optional(),
  message: z.string(),
});
export type MemberImportRowIssue = z.infer<typeof MemberImportRowIssueSchema>;

export const MemberImportLineErrorSchema = z.object({
  line: z.number().int(),
  /** One of MEMBER_IMPORT_ERROR_CODES (a string, so an older screen still reads a newer code). */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  issues: z.array(MemberImportRowIssueSchema).optional(),
  /** The English sentence. */
  message: z.string(),
});
export type MemberImportLineError = z.infer<typeof MemberImportLineErrorSchema>;

export const MemberImportResultSchema = z.object({
  /** Data lines read (the header not counted). */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Lines that change nothing: the member is already as the line says. */
  skipped: z.number().int(),
  /** One per line that was not imported, with its line number in the file (the header is line 1). */
  errors: z.array(MemberImportLineErrorSchema),
  /** Which export the columns were recognised as. */
  format: z.enum(MEMBER_IMPORT_FORMATS),
  /** The first lines as they will be (or were) imported. */
  preview: z.array(MemberImportPreviewRowSchema),
  /** Invitation e-mails written (0 on a dry run). */
  invited: z.number().int(),
  /**
   * Lines with status paid recorded as complimentary access (until their end date, or 30 days)
   * because the server is in test mode: there is no Stripe to link their payments to.
   */
  paidAsComplimentary: z.number().int(),
});
export type MemberImportResult = z.infer<typeof MemberImportResultSchema>;

/** GET /api/admin/members/labels: the labels members carry, with how many carry each. */
export const MemberLabelSchema = z.object({ label: z.string(), members: z.number().int() });
export const MemberLabelListSchema = z.array(MemberLabelSchema);
export type MemberLabel = z.infer<typeof MemberLabelSchema>;

/**
 * The export's columns: Ghost's member export first (so Ghost imports the file as it is), then
 * what Stillpoint knows besides. The import reads every one of them back.
 */
export const MEMBER_EXPORT_COLUMNS = [
  'id',
  'email',
  'name',
  'note',
  'subscribed_to_emails',
  'complimentary_plan',
  'stripe_customer_id',
  'created_at',
  'deleted_at',
  'labels',
  'tiers',
  'first_name',
  'last_name',
  'status',
  'plan',
  'comp_end_date',
  'email_replies',
  'email_mentions',
  'email_reminders',
  'email_newsletters',
] as const;
