import { hasPremiumAccess } from '@shared/entitlements.ts';
import { signInLink } from '@shared/schemas/auth.ts';
import { and, asc, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentItems, digestSends, forumPosts, forums, users } from '../../db/schema/index.ts';
import { recipientLocaleSql } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { getPracticeSummary } from '../practice/index.ts';
import { memberPreferences, setPreferences } from '../settings/index.ts';
import { type DigestContent, renderDigest } from './digest-email.tsx';
import type { UnsubscribeSigner } from './unsubscribe-token.ts';

export const WEEKLY_DIGEST_JOB = { name: 'weekly-digest', cron: '0 8 * * 1' } as const;
/** New items and popular discussions in one digest, at most. */
export const DIGEST_ITEMS = 5;
export const DIGEST_DISCUSSIONS = 3;
/** Members handled per query while sending. */
const BATCH = 100;
const SUMMARY_LENGTH = 140;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

type Recipient = {
  id: string;
  email: string;
  /** The digest's language: the member's own, else the site's default. */
  locale: string | null;
  firstName: string | null;
  isAdmin: boolean;
  subscriptionStatus: string | null;
  premiumAccessEndsAt: Date | null;
};

/** The ISO week (e.g. 2026-W47) a moment falls in, in UTC. */
export function isoWeek(moment: Date): string {
  const day = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const shorten = (value: string) =>
  value.length <= SUMMARY_LENGTH ? value : `${value.slice(0, SUMMARY_LENGTH).replace(/\s+\S*$/, '')}…`;

/** The week's new items and most discussed posts: the same for every member of one access level. */
type WeekHighlights = {
  items: Array<{ id: string; title: string; description: string; isPremium: boolean }>;
  discussions: Array<{ id: string; title: string; comments: number }>;
};

async function weekHighlights(db: Database, since: Date, premium: boolean): Promise<WeekHighlights> {
  const items = await db
    .select({
      id: contentItems.id,
      title: contentItems.title,
      description: contentItems.description,
      isPremium: contentItems.isPremium,
    })
    .from(contentItems)
    .where(and(eq(contentItems.isPublished, true), gte(contentItems.createdAt, since)))
    .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
    .limit(DIGEST_ITEMS);
  const discussions = await db
    .select({ id: forumPosts.id, title: forumPosts.title, comments: forumPosts.commentCount })
    .from(forumPosts)
    .innerJoin(forums, eq(forums.id, forumPosts.forumId))
    .where(
      and(
        gte(forumPosts.createdAt, since),
        isNull(forumPosts.hiddenAt),
        eq(forums.isActive, true),
        premium ? undefined : eq(forums.isPremium, false),
      ),
    )
    .orderBy(
      desc(sql`${forumPosts.commentCount} + ${forumPosts.likeCount}`),
      desc(forumPosts.createdAt),
      desc(forumPosts.id),
    )
    .limit(DIGEST_DISCUSSIONS);
  return { items, discussions };
}

/**
 * What one member's digest holds: the week just ended in their practice (the practice feature's
 * own summary, for a moment of that week), the newest published items of the last seven days and
 * the most discussed posts of those days. Premium items reach a member without premium access as
 * titles only; posts of premium forums not at all. Bounded queries; a run passes `highlightsFor`
 * so the week's highlights are read once per access level, not once per member.
 */
export async function collectDigest(
  db: Database,
  member: Recipient,
  links: { publicUrl: string; unsubscribeUrl: string },
  now: Date,
  highlightsFor: (premium: boolean) => Promise<WeekHighlights> = (premium) =>
    weekHighlights(db, new Date(now.getTime() - WEEK_MS), premium),
): Promise<DigestContent> {
  const since = new Date(now.getTime() - WEEK_MS);
  const premium = hasPremiumAccess(member, now);
  const summary = await getPracticeSummary(db, member, since);
  const { items, discussions } = await highlightsFor(premium);
  return {
    locale: member.locale,
    firstName: member.firstName,
    week: { minutes: summary.week.minutes, days: summary.week.days },
    items: items.map((item) => ({
      title: item.title,
      url: signInLink(links.publicUrl, `/video/${item.id}`),
      isPremium: item.isPremium,
      summary: item.isPremium && !premium ? null : shorten(item.description),
    })),
    discussions: discussions.map((post) => ({
      title: post.title,
      url: signInLink(links.publicUrl, `/community/posts/${post.id}`),
      comments: post.comments,
    })),
    homeUrl: signInLink(links.publicUrl, '/'),
    settingsUrl: signInLink(links.publicUrl, '/settings'),
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

export function unsubscribeUrl(publicUrl: string, signer: UnsubscribeSigner, memberId: string): string {
  return `${publicUrl}/api/digest/unsubscribe?member=${memberId}&token=${signer.token(memberId)}`;
}

/** The unsubscribe headers (RFC 8058 one-click): the https link, and a mailto where there is an address. */
export function unsubscribeHeaders(url: string, mailFrom: string): Record<string, string> {
  const address =
    /<([^>]+@[^>]+)>/.exec(mailFrom)?.[1] ?? (/^[^\s<>]+@[^\s<>]+$/.test(mailFrom) ? mailFrom : null);
  const targets = [`<${url}>`];
  if (address) targets.push(`<mailto:${address}?subject=unsubscribe>`);
  return { 'List-Unsubscribe': targets.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * Sends the digest of the week just ended to every opted-in member, once per member and week
 * across instances and runs: the (member, week) row is claimed with ON CONFLICT DO NOTHING before
 * the message is written, and given back if writing fails so a retry sends it.
 */
export async function sendWeeklyDigests(options: {
  db: Database;
  mailer: Mailer;
  signer: UnsubscribeSigner;
  publicUrl: string;
  mailFrom: string;
  now?: Date;
}): Promise<{ week: string; sent: number; skipped: number }> {
  const { db, mailer, signer, publicUrl } = options;
  const now = options.now ?? new Date();
  const week = isoWeek(new Date(now.getTime() - WEEK_MS));
  let sent = 0;
  let skipped = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  const since = new Date(now.getTime() - WEEK_MS);
  const highlights = new Map<boolean, Promise<WeekHighlights>>();
  const highlightsFor = (premium: boolean) => {
    if (!highlights.has(premium)) highlights.set(premium, weekHighlights(db, since, premium));
    return highlights.get(premium)!;
  };
  for (;;) {
    const batch: Recipient[] = await db
      .select({
        id: users.id,
        email: users.email,
        locale: recipientLocaleSql(users.locale),
        firstName: users.firstName,
        isAdmin: users.isAdmin,
        subscriptionStatus: users.subscriptionStatus,
        premiumAccessEndsAt: users.premiumAccessEndsAt,
      })
      .from(memberPreferences)
      .innerJoin(users, eq(users.id, memberPreferences.userId))
      .where(and(eq(memberPreferences.digestEmail, true), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const member of batch) {
      const [claimed] = await db
        .insert(digestSends)
        .values({ userId: member.id, week })
        .onConflictDoNothing()
        .returning({ userId: digestSends.userId });
      if (!claimed) {
        skipped += 1;
        continue;
      }
      try {
        const url = unsubscribeUrl(publicUrl, signer, member.id);
        const content = await collectDigest(
          db,
          member,
          { publicUrl, unsubscribeUrl: url },
          now,
          highlightsFor,
        );
        const { subject, html, text } = await renderDigest(content);
        await mailer.send({
          to: member.email,
          subject,
          html,
          text,
          headers: unsubscribeHeaders(url, options.mailFrom),
        });
        sent += 1;
      } catch (error) {
        await db
          .delete(digestSends)
          .where(and(eq(digestSends.userId, member.id), eq(digestSends.week, week)));
        throw error;
      }
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.id;
  }
  return { week, sent, skipped };
}

/** Turns the digest off for a member (the unsubscribe link); true when the member exists. */
export async function unsubscribeFromDigest(db: Database, memberId: string): Promise<boolean> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, memberId));
  if (!member) return false;
  await setPreferences(db, memberId, { digestEmail: false });
  return true;
}
