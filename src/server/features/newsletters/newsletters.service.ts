import {
  type MemberNewsletter,
  type MemberNewsletterSummary,
  type Newsletter,
  type NewsletterSegment,
  type NewsletterValues,
  segmentLabel,
} from '@shared/schemas/newsletters.ts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newsletterDeliveries, newsletters, undeliverableAddresses, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recipientLocaleSql, serverI18n } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type UnsubscribeSigner, unsubscribeHeaders } from '../digest/index.ts';
import { getMemberSettings, memberPreferences, setPreferences } from '../settings/index.ts';
import { type NewsletterTemplate, personalise, renderNewsletter } from './newsletter-email.tsx';

/**
 * Newsletters (docs/product.md, "Newsletters"; decision 086 for the sending queue): the admin
 * writes a draft, sends a test to themselves, then sends now or at a set time. Sending queues one
 * `newsletter_deliveries` row per recipient in one INSERT … SELECT; the `send-newsletters` job
 * works them off at MAIL_RATE_PER_MINUTE.
 */

export const SEND_NEWSLETTERS_JOB = { name: 'send-newsletters', cron: '* * * * *' } as const;
export const NEWSLETTER_UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe';
/** A claim or a send older than this belongs to a run that died (a run takes about a minute). */
const LEASE_MINUTES = 10;
/** Temporary SMTP failures (4xx, connection) are tried this often, five minutes apart. */
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 5 * 60_000;

export type NewsletterSending = {
  signer: UnsubscribeSigner;
  publicUrl: string;
  mailFrom: string;
  ratePerMinute: number;
};

const EDITABLE = ['draft', 'scheduled'] as const;

type NewsletterRow = typeof newsletters.$inferSelect;

async function statsFor(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, Newsletter['stats']>();
  const rows = await db
    .select({
      id: newsletterDeliveries.newsletterId,
      recipients: sql<number>`count(*)::int`,
      queued: sql<number>`(count(*) filter (where ${newsletterDeliveries.status} in ('queued', 'claimed', 'sending')))::int`,
      sent: sql<number>`(count(*) filter (where ${newsletterDeliveries.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${newsletterDeliveries.status} = 'failed'))::int`,
      unsubscribes: sql<number>`(count(*) filter (where ${newsletterDeliveries.unsubscribedAt} is not null))::int`,
    })
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.newsletterId, ids))
    .groupBy(newsletterDeliveries.newsletterId);
  return new Map(rows.map(({ id, ...stats }) => [id, stats]));
}

const NO_STATS = { recipients: 0, queued: 0, sent: 0, failed: 0, unsubscribes: 0 };

function toNewsletter(row: NewsletterRow, stats = NO_STATS): Newsletter {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    segment: row.segment as NewsletterSegment,
    status: row.status,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    stats,
  };
}

/** Every newsletter, newest first, with its figures (an admin writes a few a month). */
export async function listNewsletters(db: Database): Promise<Newsletter[]> {
  const rows = await db.select().from(newsletters).orderBy(desc(newsletters.createdAt)).limit(200);
  const stats = await statsFor(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toNewsletter(row, stats.get(row.id)));
}

export async function getNewsletter(db: Database, id: string): Promise<Newsletter> {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  if (!row) throw notFound('Newsletter');
  return toNewsletter(row, (await statsFor(db, [id])).get(id));
}

export async function createNewsletter(
  db: Database,
  authorId: string,
  values: NewsletterValues,
): Promise<Newsletter> {
  const [row] = await db
    .insert(newsletters)
    .values({ ...values, authorId })
    .returning();
  return toNewsletter(row!);
}

/** Only a newsletter not yet sent can change: a draft, or one scheduled (it keeps its time). */
export async function updateNewsletter(
  db: Database,
  id: string,
  values: NewsletterValues,
): Promise<Newsletter> {
  const [row] = await db
    .update(newsletters)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, EDITABLE)))
    .returning();
  if (row) return toNewsletter(row);
  await getNewsletter(db, id);
  throw conflict('This newsletter has been sent; it can no longer be edited.');
}

export async function deleteNewsletter(db: Database, id: string): Promise<void> {
  const [row] = await db
    .delete(newsletters)
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, EDITABLE)))
    .returning({ id: newsletters.id });
  if (row) return;
  await getNewsletter(db, id);
  throw conflict('This newsletter has been sent; it can no longer be deleted.');
}

/**
 * What the editor shows while the admin types: the e-mail's HTML and plain text, its frame in the
 * admin's own language (as the test copy they would send themselves).
 */
export async function previewNewsletter(
  db: Database,
  input: { subject: string; body: string },
  publicUrl: string,
  adminId: string,
): Promise<{ html: string; text: string }> {
  const locale = await readerLocale(db, adminId);
  const i18n = serverI18n(locale);
  const subject = input.subject || i18n._('email.newsletter.noSubject');
  const template = await renderNewsletter({ subject, body: input.body }, publicUrl, locale);
  return personalise(template, `${publicUrl}/settings`);
}

/** The language a newsletter's frame is in for this reader: theirs, else the site's default. */
async function readerLocale(db: Database, userId: string): Promise<string | null> {
  const [reader] = await db
    .select({ locale: recipientLocaleSql(users.locale) })
    .from(users)
    .where(eq(users.id, userId));
  return reader?.locale ?? null;
}

export function newsletterUnsubscribeUrl(
  sending: Pick<NewsletterSending, 'publicUrl' | 'signer'>,
  memberId: string,
  newsletterId: string,
): string {
  return `${sending.publicUrl}/api/newsletters/unsubscribe?member=${memberId}&newsletter=${newsletterId}&token=${sending.signer.token(memberId)}`;
}

/** A copy to the admin themselves, through the ordinary outbox; subject marked as a test. */
export async function sendTestNewsletter(
  options: { db: Database; mailer: Mailer; sending: NewsletterSending },
  id: string,
  admin: { id: string; email: string },
): Promise<{ to: string }> {
  const newsletter = await getNewsletter(options.db, id);
  const locale = await readerLocale(options.db, admin.id);
  const template = await renderNewsletter(newsletter, options.sending.publicUrl, locale);
  const url = newsletterUnsubscribeUrl(options.sending, admin.id, id);
  const copy = personalise(template, url);
  await options.mailer.send({
    to: admin.email,
    subject: `[Test] ${copy.subject}`,
    html: copy.html,
    text: copy.text,
    headers: unsubscribeHeaders(url, options.sending.mailFrom),
  });
  return { to: admin.email };
}

/**
 * The audience: members who chose newsletters, in the segment, whose address no SMTP server has
 * refused for good. Premium access is entitlements.ts's rule in SQL (admins count as premium).
 */
function audienceFilter(segment: NewsletterSegment, now: Date) {
  // Null-safe throughout: `not` of a null would leave free members (no status) out of 'free'.
  const premium = sql`(${users.isAdmin} or (coalesce(${users.subscriptionStatus}, '') = 'active' and (${users.premiumAccessEndsAt} is null or ${users.premiumAccessEndsAt} > ${now})))`;
  const label = segmentLabel(segment);
  // `@>` (contains) is what the GIN index on users.labels serves.
  if (label !== null) return sql`${users.labels} @> array[${label}]::text[]`;
  switch (segment) {
    case 'all':
      return sql`true`;
    case 'premium':
      return premium;
    case 'free':
      return sql`not ${premium}`;
  }
}

/** Queues every recipient in one statement; a second call adds nobody twice (the primary key). */
async function queueRecipients(
  db: Pick<Database, 'execute'>,
  newsletter: { id: string; segment: string },
  now: Date,
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${newsletterDeliveries} (newsletter_id, user_id, email)
    select ${newsletter.id}, ${users.id}, ${users.email}
    from ${memberPreferences} join ${users} on ${users.id} = ${memberPreferences.userId}
    where ${memberPreferences.newsletters}
      and ${audienceFilter(newsletter.segment as NewsletterSegment, now)}
      and not exists (select 1 from ${undeliverableAddresses} x where x.email = lower(${users.email}))
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/**
 * Sends now (queues every recipient and marks the newsletter sending: members can read it in the
 * app from now on) or at `scheduledFor` (the job queues it then). A draft or a scheduled one only.
 */
export async function sendNewsletter(
  db: Database,
  id: string,
  options: { scheduledFor?: string | undefined; now?: Date } = {},
): Promise<Newsletter> {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletters).where(eq(newsletters.id, id)).for('update');
    if (!row) throw notFound('Newsletter');
    if (!EDITABLE.includes(row.status as (typeof EDITABLE)[number])) {
      throw conflict('This newsletter has already been sent.');
    }
    if (options.scheduledFor) {
      await tx
        .update(newsletters)
        .set({ status: 'scheduled', scheduledFor: new Date(options.scheduledFor), updatedAt: now })
        .where(eq(newsletters.id, id));
      return;
    }
    await startSending(tx, row, now);
  });
  return getNewsletter(db, id);
}

async function startSending(tx: Pick<Database, 'execute' | 'update'>, row: NewsletterRow, now: Date) {
  await queueRecipients(tx, row, now);
  await tx
    .update(newsletters)
    .set({ status: 'sending', sentAt: now, updatedAt: now })
    .where(eq(newsletters.id, row.id));
}

/** Scheduled newsletters whose time has come start sending (each in its own transaction). */
async function startDueNewsletters(db: Database, now: Date): Promise<number> {
  let started = 0;
  for (;;) {
    const didStart = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(newsletters)
        .where(and(eq(newsletters.status, 'scheduled'), sql`${newsletters.scheduledFor} <= ${now}`))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      await startSending(tx, row, now);
      return true;
    });
    if (!didStart) return started;
    started += 1;
  }
}

/**
 * A run that died leaves rows behind. Claimed but never handed to SMTP: back to the queue. Handed
 * to SMTP: we cannot know whether the server took it, so it is marked failed and never sent again
 * (a missing copy is better than a second one; decision 086).
 */
async function recoverStaleDeliveries(db: Database, now: Date) {
  const staleBefore = new Date(now.getTime() - LEASE_MINUTES * 60_000);
  await db
    .update(newsletterDeliveries)
    .set({ status: 'queued', claimedAt: null })
    .where(
      and(
        eq(newsletterDeliveries.status, 'claimed'),
        sql`${newsletterDeliveries.claimedAt} < ${staleBefore}`,
      ),
    );
  await db
    .update(newsletterDeliveries)
    .set({ status: 'failed', error: 'interrupted while sending; not sent again so no one gets two copies' })
    .where(
      and(
        eq(newsletterDeliveries.status, 'sending'),
        sql`${newsletterDeliveries.claimedAt} < ${staleBefore}`,
      ),
    );
}

type Claimed = { newsletterId: string; userId: string; email: string; attempts: number };

/** Takes up to `limit` due rows for this run (SKIP LOCKED: instances never take the same row). */
export async function claimDeliveries(db: Database, limit: number, now: Date): Promise<Claimed[]> {
  const result = await db.execute<{
    newsletter_id: string;
    user_id: string;
    email: string;
    attempts: number;
  }>(sql`
    update ${newsletterDeliveries} d set status = 'claimed', claimed_at = ${now}
    from (
      select newsletter_id, user_id from ${newsletterDeliveries}
      where status = 'queued' and (next_attempt_at is null or next_attempt_at <= ${now})
      limit ${limit}
      for update skip locked
    ) due
    where d.newsletter_id = due.newsletter_id and d.user_id = due.user_id
    returning d.newsletter_id, d.user_id, d.email, d.attempts`);
  return result.rows.map((row) => ({
    newsletterId: row.newsletter_id,
    userId: row.user_id,
    email: row.email,
    attempts: row.attempts,
  }));
}

const deliveryKey = (row: { newsletterId: string; userId: string }) =>
  and(eq(newsletterDeliveries.newsletterId, row.newsletterId), eq(newsletterDeliveries.userId, row.userId));

/**
 * One run of the `send-newsletters` job (every minute): start the scheduled newsletters whose time
 * has come, give back what a dead run left, then send at most `ratePerMinute` copies and mark the
 * newsletters with nothing left to send as sent.
 */
export async function runNewsletterSends(options: {
  db: Database;
  mailer: Mailer;
  sending: NewsletterSending;
  now?: Date;
}): Promise<{ started: number; sent: number; failed: number; retrying: number }> {
  const { db, mailer, sending } = options;
  const now = options.now ?? new Date();
  const started = await startDueNewsletters(db, now);
  await recoverStaleDeliveries(db, now);
  const claimed = await claimDeliveries(db, sending.ratePerMinute, now);
  let sent = 0;
  let failed = 0;
  let retrying = 0;
  if (claimed.length > 0) {
    // Checked again at sending time: an unsubscribe or a refused address since queuing wins.
    const memberIds = [...new Set(claimed.map((row) => row.userId))];
    // Each opted-in member with the language of their copy's frame (theirs, else the site's).
    const optedIn = new Map(
      (
        await db
          .select({ userId: memberPreferences.userId, locale: recipientLocaleSql(users.locale) })
          .from(memberPreferences)
          .innerJoin(users, eq(users.id, memberPreferences.userId))
          .where(and(inArray(memberPreferences.userId, memberIds), eq(memberPreferences.newsletters, true)))
      ).map((row) => [row.userId, row.locale]),
    );
    const refused = new Set(
      (
        await db
          .select({ email: undeliverableAddresses.email })
          .from(undeliverableAddresses)
          .where(
            inArray(
              undeliverableAddresses.email,
              claimed.map((row) => row.email.toLowerCase()),
            ),
          )
      ).map((row) => row.email),
    );
    // Rendered once per newsletter and language, not once per member.
    const templates = new Map<string, Promise<NewsletterTemplate>>();
    const templateFor = async (newsletterId: string, locale: string | null) => {
      const key = `${newsletterId}:${locale}`;
      if (!templates.has(key)) {
        templates.set(
          key,
          db
            .select({ subject: newsletters.subject, body: newsletters.body })
            .from(newsletters)
            .where(eq(newsletters.id, newsletterId))
            .then(([row]) => renderNewsletter(row!, sending.publicUrl, locale)),
        );
      }
      return templates.get(key)!;
    };
    for (const row of claimed) {
      const skipReason = !optedIn.has(row.userId)
        ? 'not sent: the member turned newsletters off'
        : refused.has(row.email.toLowerCase())
          ? 'not sent: the address is undeliverable'
          : null;
      if (skipReason) {
        await db
          .update(newsletterDeliveries)
          .set({ status: 'failed', error: skipReason })
          .where(deliveryKey(row));
        failed += 1;
        continue;
      }
      // From here on the copy may reach the member: a run that dies now never sends it again.
      const [handed] = await db
        .update(newsletterDeliveries)
        .set({ status: 'sending', claimedAt: new Date(), attempts: row.attempts + 1 })
        .where(and(deliveryKey(row), eq(newsletterDeliveries.status, 'claimed')))
        .returning({ userId: newsletterDeliveries.userId });
      if (!handed) continue;
      const url = newsletterUnsubscribeUrl(sending, row.userId, row.newsletterId);
      const copy = personalise(await templateFor(row.newsletterId, optedIn.get(row.userId) ?? null), url);
      const result = await mailer.deliverNow({
        to: row.email,
        ...copy,
        headers: unsubscribeHeaders(url, sending.mailFrom),
      });
      if (result.status === 'sent') {
        await db
          .update(newsletterDeliveries)
          .set({ status: 'sent', sentAt: new Date(), error: null })
          .where(deliveryKey(row));
        sent += 1;
      } else if (result.permanent || row.attempts + 1 >= MAX_ATTEMPTS) {
        await db
          .update(newsletterDeliveries)
          .set({ status: 'failed', error: result.error })
          .where(deliveryKey(row));
        failed += 1;
      } else {
        await db
          .update(newsletterDeliveries)
          .set({
            status: 'queued',
            error: result.error,
            claimedAt: null,
            nextAttemptAt: new Date(now.getTime() + RETRY_DELAY_MS),
          })
          .where(deliveryKey(row));
        retrying += 1;
      }
    }
  }
  await db.execute(sql`
    update ${newsletters} n set status = 'sent', finished_at = ${now}, updated_at = ${now}
    where n.status = 'sending' and not exists (
      select 1 from ${newsletterDeliveries} d
      where d.newsletter_id = n.id and d.status in ('queued', 'claimed', 'sending'))`);
  return { started, sent, failed, retrying };
}

/** The newsletters sent to a member, newest first (the in-app list). */
export async function listMemberNewsletters(
  db: Database,
  memberId: string,
): Promise<MemberNewsletterSummary[]> {
  const rows = await db
    .select({ id: newsletters.id, subject: newsletters.subject, sentAt: newsletters.sentAt })
    .from(newsletterDeliveries)
    .innerJoin(newsletters, eq(newsletters.id, newsletterDeliveries.newsletterId))
    .where(and(eq(newsletterDeliveries.userId, memberId), isNotNull(newsletters.sentAt)))
    .orderBy(desc(newsletters.sentAt))
    .limit(100);
  return rows.map((row) => ({ id: row.id, subject: row.subject, sentAt: row.sentAt!.toISOString() }));
}

/** One newsletter, for a member it was sent to; anyone else gets 404 (its existence stays private). */
export async function getMemberNewsletter(
  db: Database,
  memberId: string,
  id: string,
): Promise<MemberNewsletter> {
  const [row] = await db
    .select({
      id: newsletters.id,
      subject: newsletters.subject,
      body: newsletters.body,
      sentAt: newsletters.sentAt,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletters, eq(newsletters.id, newsletterDeliveries.newsletterId))
    .where(and(eq(newsletterDeliveries.userId, memberId), eq(newsletterDeliveries.newsletterId, id)));
  if (!row?.sentAt) throw notFound('Newsletter');
  return { ...row, sentAt: row.sentAt.toISOString() };
}

/** The sign-up form's box: a new account chose newsletters. */
export async function optInToNewsletters(db: Database, memberId: string): Promise<void> {
  await setPreferences(db, memberId, { newsletters: true });
}

/**
 * Turns newsletters off for a member (the one-click link), and counts the unsubscribe on the copy
 * it came from. True when the member exists.
 */
export async function unsubscribeFromNewsletters(
  db: Database,
  memberId: string,
  newsletterId: string | undefined,
): Promise<boolean> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, memberId));
  if (!member) return false;
  await db.transaction(async (tx) => {
    const before = await getMemberSettings(tx, memberId, { forUpdate: true });
    await setPreferences(tx, memberId, { newsletters: false });
    // Counted once, and only when this link is what turned them off.
    if (newsletterId && before.newsletters) {
      await tx
        .update(newsletterDeliveries)
        .set({ unsubscribedAt: new Date() })
        .where(
          and(
            eq(newsletterDeliveries.newsletterId, newsletterId),
            eq(newsletterDeliveries.userId, memberId),
            sql`${newsletterDeliveries.unsubscribedAt} is null`,
          ),
        );
    }
  });
  return true;
}
