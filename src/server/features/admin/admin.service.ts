import { PREMIUM_STATUSES } from '@shared/entitlements.ts';
import { activeMute, activeSuspension } from '@shared/roles.ts';
import type { AdminStats, AdminUser, Analytics, RecentActivity } from '@shared/schemas/admin.ts';
import { and, desc, eq, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/viewer.ts';
import { likePattern } from '../announcements/index.ts';
import { auditRoleChange, setAdminFlag } from '../auth/index.ts';
import { setModeratorFlag } from '../community/index.ts';
import { listDownloadCounts } from '../downloads/index.ts';
import { grantComplimentary, isOpenComplimentary } from '../members/index.ts';
import { writeSubscription } from '../subscriptions/index.ts';
import { getBusinessMetrics } from './business-metrics.ts';

/**
 * The admin's figures and the users screen. Every figure is a SQL aggregate (never rows loaded
 * into JavaScript); every list is bounded.
 */

const toInt = (value: unknown) => Number(value ?? 0);
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export async function getAdminStats(db: Database): Promise<AdminStats> {
  const result = await db.execute<{
    total_videos: string;
    total_forums: string;
    total_users: string;
    total_announcements: string;
    active_announcements: string;
  }>(sql`
    select
      (select count(*) from content_items) as total_videos,
      (select count(*) from forums) as total_forums,
      (select count(*) from users) as total_users,
      (select count(*) from announcements) as total_announcements,
      (select count(*) from announcements where is_published) as active_announcements`);
  const row = result.rows[0]!;
  return {
    totalVideos: toInt(row.total_videos),
    totalForums: toInt(row.total_forums),
    totalUsers: toInt(row.total_users),
    totalAnnouncements: toInt(row.total_announcements),
    activeAnnouncements: toInt(row.active_announcements),
    recentActivity: await getRecentActivity(db),
  };
}

const RECENT_ACTIVITY_LIMIT = 10;

/** A short display name: 'Robin V.', else the part of the e-mail before the @. */
const displayName = (first: string | null, last: string | null, email: string | null) =>
  first ? `${first}${last ? ` ${last.charAt(0)}.` : ''}` : (email?.split('@')[0] ?? 'Deleted member');

/**
 * The latest real events: sign-ups, subscriptions, forum posts, content and announcements. Each
 * source contributes its newest ten through its created_at index; the union is cut to ten.
 */
export async function getRecentActivity(db: Database): Promise<RecentActivity[]> {
  const result = await db.execute<{
    kind: RecentActivity['kind'];
    at: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    title: string | null;
    detail: string | null;
    ref: string | null;
  }>(sql`
    (select 'signup' as kind, u.created_at as at, u.first_name, u.last_name, u.email, null as title, null as detail, null as ref
       from users u order by u.created_at desc limit ${RECENT_ACTIVITY_LIMIT})
    union all
    (select 'subscription', s.updated_at, u.first_name, u.last_name, u.email, null, s.status, null
       from subscriptions s join users u on u.id = s.user_id
      order by s.updated_at desc limit ${RECENT_ACTIVITY_LIMIT})
    union all
    (select 'post', p.created_at, u.first_name, u.last_name, u.email, p.title, f.title, p.id::text
       from forum_posts p join forums f on f.id = p.forum_id left join users u on u.id = p.user_id
      order by p.created_at desc limit ${RECENT_ACTIVITY_LIMIT})
    union all
    (select 'content', c.created_at, null, null, null, c.title, c.type, c.id::text
       from content_items c order by c.created_at desc limit ${RECENT_ACTIVITY_LIMIT})
    union all
    (select 'announcement', a.created_at, null, null, null, a.title, a.type, null
       from announcements a order by a.created_at desc limit ${RECENT_ACTIVITY_LIMIT})
    order by at desc
    limit ${RECENT_ACTIVITY_LIMIT}`);
  return result.rows.map((row) => {
    const at = new Date(row.at).toISOString();
    const who =
      row.kind === 'content' || row.kind === 'announcement'
        ? null
        : displayName(row.first_name, row.last_name, row.email);
    const fields = { kind: row.kind, who, title: row.title, detail: row.detail, at };
    switch (row.kind) {
      case 'signup':
        return { ...fields, text: `${who} joined`, href: '/admin/users' };
      case 'subscription':
        return {
          ...fields,
          text:
            row.detail === 'active'
              ? `${who} subscribed`
              : `${who}'s subscription is now ${(row.detail ?? 'changed').replace('_', ' ')}`,
          href: '/admin/users',
        };
      case 'post':
        return {
          ...fields,
          text: `${who} posted "${row.title}" in ${row.detail}`,
          href: `/community/posts/${row.ref}`,
        };
      case 'content':
        return { ...fields, text: `New ${row.detail}: "${row.title}"`, href: `/video/${row.ref}` };
      default:
        return { ...fields, text: `Announcement: "${row.title}"`, href: '/admin/announcements' };
    }
  });
}

/** docs/product.md, "Entities" (Analytics response), each block one aggregate query; months in UTC. */
export async function getAnalytics(db: Database): Promise<Analytics> {
  const monthStart = sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
  const [userRows, contentRows, forumRows, postRows, topDownloads, business] = await Promise.all([
    db.execute<{ total: string; this_month: string; last_month: string; active: string }>(sql`
      select count(*) as total,
             count(*) filter (where created_at >= ${monthStart}) as this_month,
             count(*) filter (where created_at >= ${monthStart} - interval '1 month' and created_at < ${monthStart}) as last_month,
             count(*) filter (where subscription_status in (${sql.join(
               PREMIUM_STATUSES.map((status) => sql`${status}`),
               sql`, `,
             )}) and (premium_access_ends_at is null or premium_access_ends_at > now())) as active
        from users`),
    db.execute<{ total: string; published: string; premium: string }>(sql`
      select count(*) as total,
             count(*) filter (where is_published) as published,
             count(*) filter (where is_premium) as premium
        from content_items`),
    db.execute<{ total: string; active: string; posts: string }>(sql`
      select count(*) as total, count(*) filter (where is_active) as active, coalesce(sum(post_count), 0) as posts
        from forums`),
    db.execute<{ this_month: string }>(sql`
      select count(*) as this_month from forum_posts where created_at >= ${monthStart}`),
    listDownloadCounts(db),
    getBusinessMetrics(db),
  ]);
  const u = userRows.rows[0]!;
  const c = contentRows.rows[0]!;
  const f = forumRows.rows[0]!;
  const totalUsers = toInt(u.total);
  const activeSubscriptions = toInt(u.active);
  const newThisMonth = toInt(u.this_month);
  const newLastMonth = toInt(u.last_month);
  const totalVideos = toInt(c.total);
  const premiumVideos = toInt(c.premium);
  return {
    userMetrics: {
      totalUsers,
      newUsersThisMonth: newThisMonth,
      userGrowth: newLastMonth === 0 ? 0 : oneDecimal(((newThisMonth - newLastMonth) / newLastMonth) * 100),
      activeSubscriptions,
      freeUsers: totalUsers - activeSubscriptions,
    },
    subscriptionMetrics: {
      conversionRate: totalUsers === 0 ? 0 : oneDecimal((activeSubscriptions / totalUsers) * 100),
    },
    contentMetrics: {
      totalVideos,
      publishedVideos: toInt(c.published),
      premiumVideos,
      freeVideos: totalVideos - premiumVideos,
    },
    communityMetrics: {
      totalForums: toInt(f.total),
      activeForums: toInt(f.active),
      totalPosts: toInt(f.posts),
      postsThisMonth: toInt(postRows.rows[0]?.this_month),
    },
    topDownloads,
    business,
  };
}

// --- Users ---------------------------------------------------------------------------------------

const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
  mutedAt: users.mutedAt,
  mutedUntil: users.mutedUntil,
  suspendedAt: users.suspendedAt,
  suspendedUntil: users.suspendedUntil,
  createdAt: users.createdAt,
  subscriptionStatus: users.subscriptionStatus,
  stripeCustomerId: users.stripeCustomerId,
  provider: subscriptions.provider,
  subscriptionStatusRow: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
};

/** The member's own columns the admin list reads, and their subscription's payment provider. */
type AdminUserRow = Pick<
  SessionUser,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'isAdmin'
  | 'isModerator'
  | 'mutedAt'
  | 'mutedUntil'
  | 'suspendedAt'
  | 'suspendedUntil'
  | 'createdAt'
  | 'subscriptionStatus'
  | 'stripeCustomerId'
> & { provider: string | null; subscriptionStatusRow: string | null; currentPeriodEnd: Date | null };

function toAdminUser(row: AdminUserRow): AdminUser {
  const complimentary = {
    provider: row.provider,
    status: row.subscriptionStatusRow,
    currentPeriodEnd: row.currentPeriodEnd,
  };
  const isComplimentary = row.provider === 'complimentary' && row.subscriptionStatusRow === 'active';
  // Complimentary access that reached its end date ends by the clock (no job changes the status):
  // the list says so instead of showing it active.
  const hasEnded = isComplimentary && !isOpenComplimentary(complimentary);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isAdmin: row.isAdmin,
    isModerator: row.isModerator,
    mute: activeMute(row),
    suspension: activeSuspension(row),
    createdAt: row.createdAt.toISOString(),
    subscriptionStatus: hasEnded ? 'expired' : row.subscriptionStatus,
    stripeCustomerId: row.stripeCustomerId,
    complimentary: isOpenComplimentary(complimentary),
    complimentaryUntil: isComplimentary && row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
  };
}

/** Newest first, searchable by e-mail, a page at a time; never a password or token field. */
export async function listAdminUsers(
  db: Database,
  query: { q?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<{ users: AdminUser[]; nextCursor: string | null; total: number }> {
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(users.email, likePattern(query.q.toLowerCase())));
  const matching = filters.length > 0 ? and(...filters) : undefined;
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    const at = new Date(after.createdAt);
    filters.push(or(lt(users.createdAt, at), and(eq(users.createdAt, at), lt(users.id, after.id)))!);
  }
  const [rows, [count]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(filters.length > 0 ? and(...filters) : undefined)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit + 1),
    db.select({ total: sql<string>`count(*)` }).from(users).where(matching),
  ]);
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) => last);
  return { users: page.map(toAdminUser), nextCursor, total: toInt(count?.total) };
}

async function getAdminUser(db: Database | Transaction, id: string): Promise<AdminUser> {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw notFound('User');
  return toAdminUser(row);
}

/** PUT /api/admin/users/{id}: admin rights and complimentary premium. */
export async function updateAdminUser(
  db: Database,
  userId: string,
  change: {
    isAdmin?: boolean | undefined;
    isModerator?: boolean | undefined;
    complimentaryPremium?: boolean | undefined;
    /** A day (YYYY-MM-DD): complimentary access ends at its start (UTC). */
    complimentaryUntil?: string | null | undefined;
  },
  actorId: string,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    // Admin rights first: setAdminFlag locks the admin rows in one order for every caller, so two
    // admins changing each other cannot deadlock.
    if (change.isAdmin !== undefined) await setAdminFlag(tx, userId, change.isAdmin, { actorId });
    const [target] = await tx
      .select({ id: users.id, status: users.subscriptionStatus })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw notFound('User');
    if (change.isModerator !== undefined) await setModeratorFlag(tx, userId, change.isModerator, actorId);
    if (change.complimentaryPremium !== undefined) {
      const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const paying = current && current.provider !== 'complimentary' && current.status === 'active';
      if (change.complimentaryPremium) {
        if (paying) throw conflict('This member already pays for premium; there is nothing to grant.');
        await grantComplimentary(
          tx,
          userId,
          change.complimentaryUntil ? new Date(`${change.complimentaryUntil}T00:00:00Z`) : null,
        );
        await auditRoleChange(tx, 'grant_complimentary', userId, { actorId });
      } else if (current?.provider === 'complimentary' && current.status === 'active') {
        await writeSubscription(tx, userId, {
          provider: 'complimentary',
          stripeSubscriptionId: null,
          priceId: null,
          status: 'canceled',
          currentPeriodEnd: new Date(),
          cancelAtPeriodEnd: false,
          canceledAt: new Date(),
        });
        await auditRoleChange(tx, 'end_complimentary', userId, { actorId });
      } else if (paying) {
        throw conflict('This member pays through Stripe; they can cancel from Manage Billing.');
      }
    }
    return getAdminUser(tx, userId);
  });
}
