import { pipeline, Readable } from 'node:stream';
import { MAX_LISTED_LABELS, MEMBER_EXPORT_COLUMNS, type MemberLabel } from '@shared/schemas/members.ts';
import { stringify } from 'csv-stringify';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { memberPreferences } from '../settings/index.ts';
import { isOpenComplimentary } from './complimentary.ts';

/**
 * GET /api/admin/members/export: every member as one CSV line, Ghost's member-export columns first
 * (Ghost imports the file as it is) and ours after them. Read a page at a time by id and written
 * as it is read, so a large list is never held whole.
 */

export const EXPORT_PAGE_SIZE = 1000;

type ExportRow = {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  note: string | null;
  stripeCustomerId: string | null;
  createdAt: Date;
  provider: string | null;
  status: string | null;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  premiumAccessEndsAt: Date | null;
  digestEmail: boolean | null;
  emailReplies: boolean | null;
  emailMentions: boolean | null;
  reminderEmail: boolean | null;
  newsletters: boolean | null;
  labels: string[];
};

/**
 * free, paid or comp: what the member has now (a lapsed subscription is free). A subscriber in a
 * free trial that opens premium is paid, as Ghost counts a trialing member (its member status is
 * `paid` for an active, trialing, past_due or unpaid subscription), with their plan.
 */
export function exportStatus(row: ExportRow, now = new Date()): 'free' | 'paid' | 'comp' {
  if (isOpenComplimentary(row, now)) return 'comp';
  const isOpen = row.premiumAccessEndsAt === null || row.premiumAccessEndsAt.getTime() > now.getTime();
  const isSubscribed = row.status === 'active' || row.status === 'trialing';
  if ((row.provider === 'stripe' || row.provider === 'test') && isSubscribed && isOpen) return 'paid';
  return 'free';
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe, which
 * spreadsheets hide and the import removes: names and notes are written by members, and the
 * admin opens this file (OWASP, "CSV Injection").
 */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

function toLine(row: ExportRow, now: Date): Record<(typeof MEMBER_EXPORT_COLUMNS)[number], string> {
  const status = exportStatus(row, now);
  const flag = (value: boolean | null) => String(value ?? false);
  return {
    id: row.id,
    email: row.email,
    name: spreadsheetSafe([row.firstName, row.lastName].filter(Boolean).join(' ') || row.name),
    note: spreadsheetSafe(row.note ?? ''),
    subscribed_to_emails: flag(row.digestEmail),
    complimentary_plan: String(status === 'comp'),
    stripe_customer_id: row.stripeCustomerId ?? '',
    created_at: row.createdAt.toISOString(),
    deleted_at: '',
    // Ghost's column: the labels, comma separated.
    labels: spreadsheetSafe(row.labels.join(', ')),
    tiers: '',
    first_name: spreadsheetSafe(row.firstName ?? ''),
    last_name: spreadsheetSafe(row.lastName ?? ''),
    status,
    plan: status === 'paid' ? (row.priceId ?? row.provider ?? '') : status === 'comp' ? 'complimentary' : '',
    comp_end_date: status === 'comp' && row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : '',
    email_replies: flag(row.emailReplies),
    email_mentions: flag(row.emailMentions),
    email_reminders: flag(row.reminderEmail),
    email_newsletters: flag(row.newsletters),
  };
}

async function* memberPages(db: Database) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
        note: users.note,
        stripeCustomerId: users.stripeCustomerId,
        createdAt: users.createdAt,
        provider: subscriptions.provider,
        status: subscriptions.status,
        priceId: subscriptions.priceId,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        premiumAccessEndsAt: users.premiumAccessEndsAt,
        digestEmail: memberPreferences.digestEmail,
        emailReplies: memberPreferences.emailReplies,
        emailMentions: memberPreferences.emailMentions,
        reminderEmail: memberPreferences.reminderEmail,
        newsletters: memberPreferences.newsletters,
        labels: users.labels,
      })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .leftJoin(memberPreferences, eq(memberPreferences.userId, users.id))
      .where(gt(users.id, after))
      .orderBy(asc(users.id))
      .limit(EXPORT_PAGE_SIZE);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.id;
  }
}

/** The CSV as a stream (header first); the reader's pace decides how fast pages are read. */
export function exportMembersCsv(db: Database, now = new Date()): Readable {
  const lines = Readable.from(
    (async function* () {
      for await (const page of memberPages(db)) for (const row of page) yield toLine(row, now);
    })(),
  );
  // pipeline: a failed page ends the response with the error instead of leaving it open.
  return pipeline(lines, stringify({ header: true, columns: [...MEMBER_EXPORT_COLUMNS] }), () => {});
}

/**
 * GET /api/admin/members/labels: the labels members carry (from the import), with how many carry
 * each, the most used first, at most MAX_LISTED_LABELS: the newsletter editor's audience choices.
 */
export async function listMemberLabels(db: Database): Promise<MemberLabel[]> {
  const result = await db.execute<{ label: string; members: number }>(sql`
    select label, count(*)::int as members
    from ${users}, unnest(${users.labels}) as label
    group by label
    order by members desc, label
    limit ${MAX_LISTED_LABELS}`);
  return result.rows.map((row) => ({ label: row.label, members: Number(row.members) }));
}
