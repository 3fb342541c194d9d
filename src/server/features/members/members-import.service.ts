import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DEFAULT_IMPORTED_PAID_DAYS,
  IMPORT_PREVIEW_ROWS,
  type MEMBER_IMPORT_FORMATS,
  type MemberImportErrorCode,
  type MemberImportLineError,
  type MemberImportPreviewRow,
  type MemberImportResult,
  type MemberImportRow,
  type MemberImportRowIssue,
  MemberImportRowSchema,
} from '@shared/schemas/members.ts';
import { breaksTheLine } from '@shared/schemas/text.ts';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import { parse } from 'csv-parse';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { accounts, subscriptions, users, verifications } from '../../db/schema/index.ts';
import { recipientLocaleSql, serverI18n } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { insertNewMemberPreferences, memberPreferences, setPreferences } from '../settings/index.ts';
import { grantComplimentary, isOpenComplimentary } from './complimentary.ts';
import { csvCause, databaseCause, stripeCause } from './import-causes.ts';

/**
 * The member import (issue 34; features/members/README.md). The CSV is read as a stream (a
 * maintained RFC 4180 parser: quotes, embedded newlines, BOM, CRLF) and handled a batch of lines at
 * a time, so the parsed file is never held whole next to its text. Each line is mapped from
 * Ghost's, Substack's or plain columns to one `MemberImportRow` and parsed with the shared schema;
 * a bad line becomes an error with its line number and never stops the others.
 *
 * Idempotent: a member is found by e-mail and only what differs is written, so the same file twice
 * changes nothing. An import only adds: it never takes access away or clears a field.
 */

export const IMPORT_BATCH_SIZE = 500;
/** An invitation is a set-password link of better-auth's reset kind, valid longer than a reset. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const STRIPE_LINK_CONCURRENCY = 4;
/** Subscriptions a member pays for themselves; an import never replaces one. */
const PAID_PROVIDERS: readonly string[] = ['stripe', 'test'];

type Format = (typeof MEMBER_IMPORT_FORMATS)[number];

export type ImportContext = {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  mode: 'stripe' | 'test';
  /** Stripe mode: re-read the member's subscriptions from Stripe and store the current one. */
  linkStripeMember: (userId: string) => Promise<unknown>;
  now?: Date;
};

type LineError = MemberImportLineError;
/** A line's problem before its line number is known: the code and parameters, and the English sentence. */
type Problem = Omit<LineError, 'line'>;

const problem = (
  code: MemberImportErrorCode,
  message: string,
  params: Problem['params'] = {},
  issues?: MemberImportRowIssue[],
): Problem => (issues ? { code, params, issues, message } : { code, params, message });

const NO_EMAIL_COLUMN = problem(
  'NO_EMAIL_COLUMN',
  'The first line must name the columns, one of them "email".',
);

/**
 * A zod problem of a line's field, named by the rule it broke so the admin screen can say it in
 * the admin's language (`MemberImportRowSchema`'s rules; another problem keeps only its message).
 */
function rowIssue(issue: z.core.$ZodIssue, candidate: Record<string, unknown>): MemberImportRowIssue {
  const field = typeof issue.path[0] === 'string' ? issue.path[0] : '';
  const { message } = issue;
  const named = (rule: MemberImportRowIssue['rule']): MemberImportRowIssue => ({ field, rule, message });
  switch (field) {
    case 'email':
      if (issue.code === 'too_small') return named('emailRequired');
      if (issue.code === 'too_big') return named('emailTooLong');
      if (issue.code === 'invalid_format') return named('emailInvalid');
      break;
    case 'firstName':
    case 'lastName':
      if (issue.code === 'too_big') return { ...named('tooLong'), maximum: Number(issue.maximum) };
      if (issue.code === 'custom') {
        // singleLineText's two refinements: a line break, else invisible formatting.
        const value = candidate[field];
        return named(
          typeof value === 'string' && breaksTheLine(value.trim()) ? 'oneLine' : 'invisibleCharacters',
        );
      }
      break;
    case 'note':
      if (issue.code === 'too_big') return { ...named('tooLong'), maximum: Number(issue.maximum) };
      break;
    case 'compEndsAt':
    case 'createdAt':
      if (issue.code === 'custom') return named('date');
      break;
    case 'stripeCustomerId':
      if (issue.code === 'invalid_format') return named('customerId');
      break;
    case 'status':
      if (issue.code === 'invalid_value') return named('status');
      break;
  }
  return { field, message };
}

/** A header cell as a key: 'First Name' and 'first_name' are the same column. */
export const normalizeHeader = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Which export the columns come from (for the report; every format maps through one table). */
export function detectFormat(columns: readonly string[]): Format {
  const has = (name: string) => columns.includes(name);
  if (has('email_disabled') || has('stripe_connected_customer_id') || has('active_subscription')) {
    return 'substack';
  }
  if (has('complimentary_plan') || has('subscribed_to_emails')) return 'ghost';
  return 'plain';
}

const first = (record: Record<string, string>, ...names: string[]) => {
  for (const name of names) {
    const value = record[name];
    if (value !== undefined && value.trim() !== '') return value.trim();
  }
  return undefined;
};

/** A text cell as written before our export guarded it against spreadsheet formulas ('=… -> =…). */
const unguarded = (value: string | undefined) => (value && /^'[=+\-@]/.test(value) ? value.slice(1) : value);

/** Ghost's `labels` cell ("Yoga, Retreat 2024"): each label once, in the file's order. */
function readLabels(cell: string | undefined): string[] {
  const labels = (unguarded(cell) ?? '').split(',').map((label) => label.trim());
  return [...new Set(labels.filter((label) => label !== ''))];
}

const TRUE_WORDS = new Set(['true', 'yes', '1', 'y']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'n']);

/** 'true'/'false' (and yes/no, 1/0); undefined when the cell is empty or absent; the cell when unreadable. */
function readBoolean(value: string | undefined): boolean | string | undefined {
  if (value === undefined) return undefined;
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return value;
}

const STATUS_WORDS: Record<string, MemberImportRow['status']> = {
  free: 'free',
  paid: 'paid',
  comp: 'comp',
  complimentary: 'comp',
  // Substack's gifted subscriptions: access someone else paid for, with an end date.
  gift: 'comp',
};

type Mapped = { candidate: Record<string, unknown> } | { skip: string } | { error: Problem };

/**
 * One CSV record to the fields of `MemberImportRowSchema`. Our own export (Ghost's columns plus
 * first_name, last_name, status, comp_end_date) reads back to the same member.
 */
export function mapRecord(record: Record<string, string>): Mapped {
  const email = first(record, 'email', 'email_address', 'e_mail');
  if (first(record, 'deleted_at')) return { skip: 'deleted in the export' };
  if (email && /@deletion-request\.substack\.com$/i.test(email))
    return { skip: 'a Substack deletion request' };

  const hasNameColumns = 'first_name' in record || 'last_name' in record;
  let firstName = unguarded(first(record, 'first_name', 'firstname', 'given_name')) ?? null;
  let lastName = unguarded(first(record, 'last_name', 'lastname', 'surname', 'family_name')) ?? null;
  const name = unguarded(first(record, 'name', 'full_name'));
  if (!hasNameColumns && name) {
    const space = name.indexOf(' ');
    firstName = space === -1 ? name : name.slice(0, space);
    lastName = space === -1 ? null : name.slice(space + 1).trim();
  }

  const stripeCustomerId = first(record, 'stripe_customer_id', 'stripe_connected_customer_id') ?? null;
  const statusCell = first(record, 'status', 'type', 'member_status');
  let status: string | undefined;
  if (statusCell) {
    status = STATUS_WORDS[statusCell.toLowerCase()];
    if (!status) {
      return {
        error: problem('INVALID_STATUS', `status must be free, paid or comp (found "${statusCell}")`, {
          found: statusCell,
        }),
      };
    }
  } else if (readBoolean(first(record, 'complimentary_plan')) === true) {
    status = 'comp';
  } else if (readBoolean(first(record, 'active_subscription')) === true || stripeCustomerId) {
    // Ghost marks paid members by their Stripe customer; Substack's sign-up list by active_subscription.
    status = 'paid';
  } else {
    status = 'free';
  }

  // Substack's expiry is when comp, gift or paid access ends; plain files say comp_end_date.
  const compEnd =
    first(record, 'comp_end_date', 'comp_ends_at', 'complimentary_until', 'comp_end') ??
    (status === 'free' ? undefined : first(record, 'expiry', 'expires_at'));

  let subscribed: boolean | string | undefined = readBoolean(
    first(record, 'subscribed_to_emails', 'subscribed', 'newsletter'),
  );
  if (subscribed === undefined) {
    const disabled = readBoolean(first(record, 'email_disabled'));
    subscribed = typeof disabled === 'boolean' ? !disabled : disabled;
  }
  if (typeof subscribed === 'string') {
    return {
      error: problem(
        'INVALID_SUBSCRIBED',
        `subscribed_to_emails must be true or false (found "${subscribed}")`,
        {
          found: subscribed,
        },
      ),
    };
  }

  return {
    candidate: {
      email: email ?? '',
      firstName,
      lastName,
      status,
      compEndsAt: compEnd ?? null,
      stripeCustomerId,
      createdAt:
        first(record, 'created_at', 'created_date', 'created', 'subscription_date', 'signup_date') ?? null,
      note: unguarded(first(record, 'note', 'notes')) ?? null,
      subscribedToEmails: subscribed ?? null,
      // Ghost's and Substack's one e-mail choice is the newsletter too; our export says it apart.
      newsletters: readBoolean(first(record, 'email_newsletters')) ?? subscribed ?? null,
      labels: readLabels(first(record, 'labels')),
    },
  };
}

type Line = { line: number; row: MemberImportRow };
/** A member whose subscription is read from Stripe once the batches are stored (Stripe mode). */
type ToLink = { line: number; userId: string; customerId: string };

type Existing = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  note: string | null;
  stripeCustomerId: string | null;
  invitedAt: Date | null;
  provider: string | null;
  status: string | null;
  currentPeriodEnd: Date | null;
  premiumAccessEndsAt: Date | null;
  digestEmail: boolean | null;
  newsletters: boolean | null;
  labels: string[];
  hasPassword: boolean;
};

/** What a line does: the member to create, or the changes to an existing one. */
type Plan = {
  line: number;
  row: MemberImportRow;
  existing: Existing | null;
  /** Complimentary access to write (undefined: leave access as it is). */
  comp: { until: Date | null } | undefined;
  names: boolean;
  note: boolean;
  customer: boolean;
  digest: boolean;
  newsletters: boolean;
  /** Labels the member does not have yet (an import adds labels, never removes one). */
  labels: string[];
  /** Stripe mode: re-read this member's subscription from Stripe after the batch. */
  linkStripe: boolean;
};

const fullName = (row: { firstName: string | null; lastName: string | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ');

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** A member whose own subscription (Stripe or the test checkout) opens premium now. */
function isPaying(existing: Existing, now: Date) {
  return (
    existing.provider !== null &&
    PAID_PROVIDERS.includes(existing.provider) &&
    // A trial that opens premium is paying too: the export writes it as paid.
    (existing.status === 'active' || existing.status === 'trialing') &&
    (existing.premiumAccessEndsAt === null || existing.premiumAccessEndsAt.getTime() > now.getTime())
  );
}

function planLine(line: Line, existing: Existing | null, ctx: ImportContext, now: Date): Plan {
  const { row } = line;
  const linksStripe = ctx.mode === 'stripe' && row.stripeCustomerId !== null;
  let comp: Plan['comp'];
  const wantsComp = row.status === 'comp' || (row.status === 'paid' && !linksStripe);
  if (wantsComp && !(existing && isPaying(existing, now))) {
    const current = existing && isOpenComplimentary(existing, now) ? existing : null;
    if (row.status === 'comp') {
      if (!current || !sameTime(current.currentPeriodEnd, row.compEndsAt)) comp = { until: row.compEndsAt };
    } else if (row.compEndsAt) {
      if (!current || !sameTime(current.currentPeriodEnd, row.compEndsAt)) comp = { until: row.compEndsAt };
    } else if (!current) {
      // A paid line without an end date, where payments cannot be linked: one billing period.
      comp = { until: new Date(now.getTime() + DEFAULT_IMPORTED_PAID_DAYS * 24 * 60 * 60 * 1000) };
    }
  }
  const names =
    existing !== null &&
    ((row.firstName !== null && row.firstName !== existing.firstName) ||
      (row.lastName !== null && row.lastName !== existing.lastName));
  const note = existing !== null && row.note !== null && row.note !== existing.note;
  const customer = existing !== null && row.stripeCustomerId !== null && existing.stripeCustomerId === null;
  const digest =
    existing !== null &&
    row.subscribedToEmails !== null &&
    row.subscribedToEmails !== (existing.digestEmail ?? false);
  const newsletters =
    existing !== null && row.newsletters !== null && row.newsletters !== (existing.newsletters ?? false);
  const labels = row.labels.filter((label) => !existing?.labels.includes(label));
  const hasStripeSubscription = existing?.provider === 'stripe';
  return {
    line: line.line,
    row,
    existing,
    comp,
    names,
    note,
    customer,
    digest,
    newsletters,
    labels,
    linkStripe: linksStripe && !hasStripeSubscription,
  };
}

const isChange = (plan: Plan) =>
  plan.existing === null ||
  plan.comp !== undefined ||
  plan.names ||
  plan.note ||
  plan.customer ||
  plan.digest ||
  plan.newsletters ||
  plan.labels.length > 0;

/** The members of a batch that already exist, by e-mail. */
async function readExisting(db: Database | Transaction, emails: string[]): Promise<Map<string, Existing>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      note: users.note,
      stripeCustomerId: users.stripeCustomerId,
      invitedAt: users.invitedAt,
      provider: subscriptions.provider,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      premiumAccessEndsAt: users.premiumAccessEndsAt,
      digestEmail: memberPreferences.digestEmail,
      newsletters: memberPreferences.newsletters,
      labels: users.labels,
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.password} is not null)`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(memberPreferences, eq(memberPreferences.userId, users.id))
    .where(inArray(users.email, emails));
  return new Map(rows.map((row) => [row.email, row]));
}

/** Stripe customers of a batch that already belong to a member: customer id -> e-mail. */
async function readCustomerOwners(db: Database | Transaction, customerIds: string[]) {
  if (customerIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ email: users.email, customerId: users.stripeCustomerId })
    .from(users)
    .where(and(inArray(users.stripeCustomerId, customerIds), isNotNull(users.stripeCustomerId)));
  return new Map(rows.map((row) => [row.customerId!, row.email]));
}

/**
 * The invitation, in the member's language (theirs, else the site's default: a new member has
 * none yet). The site's name is put in by the mailer (lib/mailer.ts, brandEmail).
 */
function inviteMail(to: string, name: string, url: string, locale: string | null) {
  const i18n = serverI18n(locale);
  const site = PRODUCT_NAME;
  return {
    to,
    subject: i18n._('email.invitation.subject', { site }),
    text: [
      i18n._('email.greeting', { name: name || 'none' }),
      '',
      i18n._('email.invitation.moved', { site }),
      '',
      url,
      '',
      i18n._('email.invitation.once'),
    ].join('\n'),
  };
}

/**
 * A set-password token of better-auth's reset kind (the verifications row its reset-password
 * endpoint reads, and the same screen as a reset link), written with the invitation.
 */
async function invite(
  tx: Transaction,
  ctx: ImportContext,
  member: { id: string; email: string; name: string },
) {
  const token = randomBytes(18).toString('base64url');
  const now = ctx.now ?? new Date();
  await tx.insert(verifications).values({
    identifier: `reset-password:${token}`,
    value: member.id,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
  });
  const [invited] = await tx
    .update(users)
    .set({ invitedAt: now })
    .where(eq(users.id, member.id))
    .returning({ locale: recipientLocaleSql(users.locale) });
  await ctx.mailer.send(
    inviteMail(
      member.email,
      member.name,
      `${ctx.publicUrl}/reset-password?token=${token}`,
      invited?.locale ?? null,
    ),
    tx,
  );
}

/** Writes a batch's plans in the caller's transaction; returns how many invitations it wrote. */
async function applyPlans(tx: Transaction, ctx: ImportContext, plans: Plan[], sendInvites: boolean) {
  const now = ctx.now ?? new Date();
  const toCreate = plans.filter((plan) => plan.existing === null);
  const ids = new Map<string, string>();
  if (toCreate.length > 0) {
    const inserted = await tx
      .insert(users)
      .values(
        toCreate.map(({ row, comp }) => ({
          email: row.email,
          name: fullName(row) || row.email.split('@')[0]!,
          firstName: row.firstName,
          lastName: row.lastName,
          note: row.note,
          stripeCustomerId: row.stripeCustomerId,
          labels: row.labels,
          // What grantComplimentary writes, for a whole batch of new members at once.
          ...(comp ? { subscriptionStatus: 'active', premiumAccessEndsAt: comp.until } : {}),
          ...(row.createdAt ? { createdAt: row.createdAt } : {}),
        })),
      )
      .returning({ id: users.id, email: users.email });
    for (const member of inserted) ids.set(member.email, member.id);
    const compRows = toCreate.flatMap(({ row, comp }) =>
      comp
        ? [
            {
              userId: ids.get(row.email)!,
              provider: 'complimentary',
              status: 'active',
              currentPeriodEnd: comp.until,
            },
          ]
        : [],
    );
    if (compRows.length > 0) await tx.insert(subscriptions).values(compRows);
    const digestRows = toCreate
      .filter(({ row }) => row.subscribedToEmails === true || row.newsletters === true)
      .map(({ row }) => ({
        userId: ids.get(row.email)!,
        digestEmail: row.subscribedToEmails === true,
        newsletters: row.newsletters === true,
      }));
    await insertNewMemberPreferences(tx, digestRows);
  }
  let invited = 0;
  for (const plan of plans) {
    const { row, existing } = plan;
    const userId = existing?.id ?? ids.get(row.email)!;
    if (existing && (plan.names || plan.note || plan.customer || plan.labels.length > 0)) {
      const firstName = row.firstName ?? existing.firstName;
      const lastName = row.lastName ?? existing.lastName;
      await tx
        .update(users)
        .set({
          ...(plan.names
            ? { firstName, lastName, name: fullName({ firstName, lastName }) || existing.email }
            : {}),
          ...(plan.note ? { note: row.note } : {}),
          ...(plan.customer ? { stripeCustomerId: row.stripeCustomerId } : {}),
          ...(plan.labels.length > 0 ? { labels: [...existing.labels, ...plan.labels] } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, userId));
    }
    if (existing && (plan.digest || plan.newsletters)) {
      const choices = {
        ...(plan.digest ? { digestEmail: row.subscribedToEmails! } : {}),
        ...(plan.newsletters ? { newsletters: row.newsletters! } : {}),
      };
      await setPreferences(tx, userId, choices, now);
    }
    if (existing && plan.comp) await grantComplimentary(tx, userId, plan.comp.until);
    if (sendInvites && !(existing?.hasPassword ?? false) && !existing?.invitedAt) {
      await invite(tx, ctx, { id: userId, email: row.email, name: row.firstName ?? '' });
      invited++;
    }
  }
  return invited;
}

/** Thrown inside a dry run's transaction so everything it wrote rolls back. */
class DryRunRollback extends Error {}

async function runInTransaction(
  ctx: ImportContext,
  plans: Plan[],
  options: { dryRun: boolean; sendInvites: boolean },
): Promise<number> {
  let invited = 0;
  try {
    await ctx.db.transaction(async (tx) => {
      invited = await applyPlans(tx, ctx, plans, options.sendInvites);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return options.dryRun ? 0 : invited;
}

/**
 * Parses a CSV of members and imports it (or, with dryRun, works out and checks everything inside
 * transactions that roll back, so the preview's counts are the real run's).
 */
export async function importMembers(
  ctx: ImportContext,
  input: { csv: string; dryRun: boolean; sendInvites: boolean },
  onProgress?: (linesRead: number) => void,
): Promise<MemberImportResult> {
  const now = ctx.now ?? new Date();
  const result: MemberImportResult = {
    rows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    errors: [],
    format: 'plain',
    preview: [],
    invited: 0,
    paidAsComplimentary: 0,
  };
  const errors: LineError[] = [];
  const seenEmails = new Map<string, number>();
  const seenCustomers = new Map<string, number>();
  const toLink: ToLink[] = [];
  let columns: string[] | null = null;

  const parser = Readable.from(chunks(input.csv)).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => {
        columns = header.map(normalizeHeader);
        return columns;
      },
      relax_column_count: true,
      // A stray quote inside a cell ("Robin "Bo" Vale") is kept as written instead of ending the file.
      relax_quotes: true,
      skip_records_with_error: true,
      info: true,
    }),
  );
  // A line the parser cannot read (a quote never closed): its row is the records so far + header + 1.
  parser.on('skip', (error: { records?: number; code?: string; message: string }) => {
    const { cause, reason } = csvCause(error);
    errors.push({
      line: (error.records ?? 0) + 2,
      ...problem('INVALID_CSV', `This line is not valid CSV: ${reason}`, { cause, reason }),
    });
  });

  let batch: Line[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = batch;
    batch = [];
    await importBatch(ctx, lines, input, now, result, errors, toLink);
    onProgress?.(result.rows);
  };

  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { records: number };
  }>) {
    if (result.rows === 0 && columns && !(columns as string[]).includes('email')) {
      result.errors.push({ line: 1, ...NO_EMAIL_COLUMN });
      return result;
    }
    if (Object.values(record).every((value) => value.trim() === '')) continue;
    // The spreadsheet row: the header is row 1 (a cell with line breaks stays one row).
    const line = info.records + 1;
    result.rows++;
    const mapped = mapRecord(record);
    if ('skip' in mapped) {
      result.skipped++;
      continue;
    }
    if ('error' in mapped) {
      errors.push({ line, ...mapped.error });
      continue;
    }
    const parsed = MemberImportRowSchema.safeParse(mapped.candidate);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => issue.message).join('; ');
      const issues = parsed.error.issues.map((issue) => rowIssue(issue, mapped.candidate));
      errors.push({ line, ...problem('INVALID_ROW', message, {}, issues) });
      continue;
    }
    const row = parsed.data;
    const earlier = seenEmails.get(row.email);
    if (earlier !== undefined) {
      errors.push({
        line,
        ...problem('DUPLICATE_EMAIL', `${row.email} is already on line ${earlier}`, {
          email: row.email,
          earlierLine: earlier,
        }),
      });
      continue;
    }
    seenEmails.set(row.email, line);
    if (row.stripeCustomerId) {
      const customerLine = seenCustomers.get(row.stripeCustomerId);
      if (customerLine !== undefined) {
        errors.push({
          line,
          ...problem(
            'DUPLICATE_CUSTOMER',
            `Stripe customer ${row.stripeCustomerId} is already on line ${customerLine}`,
            { customerId: row.stripeCustomerId, earlierLine: customerLine },
          ),
        });
        continue;
      }
      seenCustomers.set(row.stripeCustomerId, line);
    }
    batch.push({ line, row });
    if (batch.length >= IMPORT_BATCH_SIZE) await flush();
  }
  if (columns === null) {
    result.errors.push({ line: 1, ...problem('NO_HEADER', 'The CSV file has no header line.') });
    return result;
  }
  if (!(columns as string[]).includes('email')) {
    result.errors.push({ line: 1, ...NO_EMAIL_COLUMN });
    return result;
  }
  await flush();
  result.format = detectFormat(columns);

  // Stripe mode: the member's status comes from Stripe, read once the member is stored.
  for (let index = 0; index < toLink.length; index += STRIPE_LINK_CONCURRENCY) {
    const group = toLink.slice(index, index + STRIPE_LINK_CONCURRENCY);
    const outcomes = await Promise.allSettled(group.map((member) => ctx.linkStripeMember(member.userId)));
    outcomes.forEach((outcome, position) => {
      if (outcome.status === 'rejected') {
        const { line, customerId } = group[position]!;
        const { cause, reason } = stripeCause(outcome.reason);
        errors.push({
          line,
          ...problem(
            'STRIPE_READ_FAILED',
            `Imported, but the subscription could not be read from Stripe: ${reason}`,
            { cause, customerId, reason },
          ),
        });
      }
    });
  }

  result.errors = errors.sort((a, b) => a.line - b.line);
  return result;
}

/** The CSV text in slices, so the parser yields rows as they are read (back-pressure) rather than all at once. */
function* chunks(text: string, size = 64 * 1024) {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}

async function importBatch(
  ctx: ImportContext,
  lines: Line[],
  options: { dryRun: boolean; sendInvites: boolean },
  now: Date,
  result: MemberImportResult,
  errors: LineError[],
  toLink: ToLink[],
) {
  const existing = await readExisting(
    ctx.db,
    lines.map((line) => line.row.email),
  );
  const owners = await readCustomerOwners(
    ctx.db,
    lines.flatMap((line) => (line.row.stripeCustomerId ? [line.row.stripeCustomerId] : [])),
  );
  const plans: Plan[] = [];
  for (const line of lines) {
    const member = existing.get(line.row.email) ?? null;
    const customerId = line.row.stripeCustomerId;
    if (customerId) {
      const owner = owners.get(customerId);
      if (owner !== undefined && owner !== line.row.email) {
        errors.push({
          line: line.line,
          ...problem(
            'CUSTOMER_OF_ANOTHER_MEMBER',
            `Stripe customer ${customerId} belongs to another member`,
            {
              customerId,
            },
          ),
        });
        continue;
      }
      if (member?.stripeCustomerId && member.stripeCustomerId !== customerId) {
        errors.push({
          line: line.line,
          ...problem(
            'LINKED_TO_ANOTHER_CUSTOMER',
            `${line.row.email} is linked to another Stripe customer (${member.stripeCustomerId})`,
            { email: line.row.email, customerId: member.stripeCustomerId },
          ),
        });
        continue;
      }
    }
    plans.push(planLine(line, member, ctx, now));
  }

  const changing = plans.filter(isChange);
  const inviting = options.sendInvites
    ? plans.filter((plan) => !isChange(plan) && !plan.existing?.hasPassword && !plan.existing?.invitedAt)
    : [];
  const toWrite = [...changing, ...inviting];
  let written: Plan[] = toWrite;
  try {
    result.invited += await runInTransaction(ctx, toWrite, options);
  } catch {
    // One line the database refused (a race with a sign-up, a constraint): the lines go one by one
    // so only that line fails.
    written = [];
    for (const plan of toWrite) {
      try {
        result.invited += await runInTransaction(ctx, [plan], options);
        written.push(plan);
      } catch (error) {
        const { cause, reason } = databaseCause(error);
        errors.push({
          line: plan.line,
          ...problem('NOT_IMPORTED', `Not imported: ${reason}`, { cause, reason }),
        });
      }
    }
  }
  const writtenLines = new Set(written.map((plan) => plan.line));
  const linking = plans.filter(
    (plan) => plan.linkStripe && !options.dryRun && (writtenLines.has(plan.line) || !isChange(plan)),
  );
  const linkIds = await readExisting(
    ctx.db,
    linking.map((plan) => plan.row.email),
  );
  for (const plan of linking) {
    toLink.push({
      line: plan.line,
      userId: linkIds.get(plan.row.email)!.id,
      customerId: plan.row.stripeCustomerId!,
    });
  }
  for (const plan of plans) {
    if (isChange(plan) && !writtenLines.has(plan.line)) continue;
    const action = plan.existing === null ? 'create' : isChange(plan) ? 'update' : 'unchanged';
    if (action === 'create') result.created++;
    else if (action === 'update') result.updated++;
    else result.skipped++;
    // Test mode has no Stripe to link a payment to: the report says these became complimentary.
    if (ctx.mode === 'test' && plan.row.status === 'paid' && plan.comp !== undefined) {
      result.paidAsComplimentary++;
    }
    if (result.preview.length < IMPORT_PREVIEW_ROWS) result.preview.push(previewRow(plan, action));
  }
}

function previewRow(plan: Plan, action: MemberImportPreviewRow['action']): MemberImportPreviewRow {
  const until = plan.comp?.until ?? (plan.row.status === 'free' ? null : plan.row.compEndsAt);
  return {
    line: plan.line,
    email: plan.row.email,
    name: fullName(plan.row),
    status: plan.row.status,
    compEndsAt: until ? until.toISOString() : null,
    action,
  };
}
