import type {
  MarkNotificationsRead,
  Notification,
  NotificationKind,
  NotificationsPage,
} from '@shared/schemas/notifications.ts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  contentItems,
  forumComments,
  journeySchedules,
  notifications,
  playlistFollows,
  playlistItems,
  playlists,
  users,
} from '../../db/schema/index.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { recipientLocaleSql } from '../../lib/i18n.ts';

type Writer = Database | Transaction;

/** One notice for one member. Never sent to the actor themselves. */
export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  actorId?: string | null;
  postId?: string | null;
  commentId?: string | null;
  link: string;
  subject?: string | null;
  /**
   * Makes the notice one per member and key. `collapse` (thread activity) brings the existing one
   * back as new and unread with the latest actor; otherwise a second notice with the key is dropped.
   */
  dedupeKey?: string;
  collapse?: boolean;
};

/** The most members one event notifies (a long thread, every moderator): a bound, not a quota. */
export const MAX_RECIPIENTS = 200;
const SUBJECT_LENGTH = 120;

const clip = (text: string | null | undefined) =>
  text ? (text.length > SUBJECT_LENGTH ? `${text.slice(0, SUBJECT_LENGTH - 1)}…` : text) : null;

/**
 * Writes notices, in the caller's transaction so they exist exactly when the event does. Other
 * features call this (or one of the typed helpers below); delivery by push and e-mail happens
 * later, in the `deliver-notifications` job.
 */
export async function notify(tx: Writer, inputs: NotifyInput | NotifyInput[]): Promise<number> {
  const list = (Array.isArray(inputs) ? inputs : [inputs]).filter(
    (input) => !input.actorId || input.actorId !== input.userId,
  );
  if (list.length === 0) return 0;
  let written = 0;
  // Rows that collapse and rows that do not take different conflict rules.
  for (const collapse of [true, false]) {
    const rows = list
      .filter((input) => Boolean(input.collapse) === collapse)
      .slice(0, MAX_RECIPIENTS)
      .map((input) => ({
        recipientId: input.userId,
        kind: input.kind,
        actorId: input.actorId ?? null,
        postId: input.postId ?? null,
        commentId: input.commentId ?? null,
        link: input.link,
        subject: clip(input.subject),
        dedupeKey: input.dedupeKey ?? null,
      }));
    if (rows.length === 0) continue;
    const insert = tx.insert(notifications).values(rows);
    const now = new Date();
    const result = collapse
      ? await insert
          .onConflictDoUpdate({
            target: [notifications.recipientId, notifications.dedupeKey],
            set: {
              kind: sql`excluded.kind`,
              actorId: sql`excluded.actor_id`,
              commentId: sql`excluded.comment_id`,
              link: sql`excluded.link`,
              subject: sql`excluded.subject`,
              createdAt: now,
              updatedAt: now,
              readAt: null,
              deliveredAt: null,
            },
          })
          .returning({ id: notifications.id })
      : await insert.onConflictDoNothing().returning({ id: notifications.id });
    written += result.length;
  }
  return written;
}

const postLink = (postId: string) => `/community/posts/${postId}`;

/**
 * A comment was added: the post's author hears "replied to your post", and everyone else who
 * commented earlier in the thread hears "commented after you". One notice per member per post
 * (collapsed): more activity brings it back unread with the latest commenter.
 */
export async function notifyCommentAdded(
  tx: Transaction,
  event: {
    postId: string;
    commentId: string;
    actorId: string;
    postAuthorId: string | null;
    postTitle: string;
  },
): Promise<void> {
  const earlier = await tx
    .selectDistinct({ userId: forumComments.userId })
    .from(forumComments)
    .where(
      and(
        eq(forumComments.postId, event.postId),
        ne(forumComments.id, event.commentId),
        isNotNull(forumComments.userId),
        ne(forumComments.userId, event.actorId),
        event.postAuthorId ? ne(forumComments.userId, event.postAuthorId) : undefined,
      ),
    )
    .limit(MAX_RECIPIENTS);
  const common = {
    actorId: event.actorId,
    postId: event.postId,
    commentId: event.commentId,
    link: postLink(event.postId),
    subject: event.postTitle,
    collapse: true,
  };
  await notify(tx, [
    ...(event.postAuthorId
      ? [
          {
            ...common,
            userId: event.postAuthorId,
            kind: 'post_reply' as const,
            dedupeKey: `reply:${event.postId}`,
          },
        ]
      : []),
    ...earlier.map((row) => ({
      ...common,
      userId: row.userId!,
      kind: 'thread_reply' as const,
      dedupeKey: `thread:${event.postId}`,
    })),
  ]);
}

/** The mention notices one author may send one member in an hour (issue 32: no paging floods). */
export const MENTION_NOTICES_PER_AUTHOR_PER_HOUR = 3;

/**
 * Members named with @ in a post or comment (the Markdown/mentions feature calls this in its
 * write's transaction). One notice per member per post or comment, however often they are named.
 */
export async function notifyMentions(
  tx: Transaction,
  event: {
    mentionedUserIds: readonly string[];
    actorId: string;
    postId: string;
    commentId?: string;
    postTitle: string;
  },
): Promise<number> {
  const named = [...new Set(event.mentionedUserIds)].filter((userId) => userId !== event.actorId);
  if (named.length === 0) return 0;
  // One author cannot page the same member again and again: past the hourly allowance the mention
  // still shows in the text, but no notice (so no push or e-mail) is written.
  const recent = await tx
    .select({ recipientId: notifications.recipientId, count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, 'mention'),
        eq(notifications.actorId, event.actorId),
        inArray(notifications.recipientId, named),
        sql`${notifications.createdAt} > now() - interval '1 hour'`,
      ),
    )
    .groupBy(notifications.recipientId);
  const throttled = new Set(
    recent.filter((row) => row.count >= MENTION_NOTICES_PER_AUTHOR_PER_HOUR).map((row) => row.recipientId),
  );
  const unique = named.filter((userId) => !throttled.has(userId));
  return notify(
    tx,
    unique.map((userId) => ({
      userId,
      kind: 'mention' as const,
      actorId: event.actorId,
      postId: event.postId,
      commentId: event.commentId ?? null,
      link: postLink(event.postId),
      subject: event.postTitle,
      dedupeKey: `mention:${event.commentId ?? event.postId}`,
    })),
  );
}

/** Everyone who moderates (moderators and admins), longest-standing accounts first, at most `limit`. */
export function moderatorsAndAdmins(db: Database | Transaction, limit: number) {
  return db
    .select({ id: users.id, email: users.email, locale: recipientLocaleSql(users.locale) })
    .from(users)
    .where(or(eq(users.isAdmin, true), eq(users.isModerator, true)))
    .orderBy(asc(users.createdAt))
    .limit(limit);
}

/**
 * A flag saying "someone may be at risk": every admin and moderator gets a notice leading to the
 * moderation queue (besides the e-mail). The flagger is not named; the queue shows who flagged.
 */
export async function notifyAtRiskFlag(
  tx: Transaction,
  event: { kind: 'post' | 'comment'; id: string; postId: string; subject: string | null },
): Promise<number> {
  const moderators = await moderatorsAndAdmins(tx, MAX_RECIPIENTS);
  return notify(
    tx,
    moderators.map((moderator) => ({
      userId: moderator.id,
      kind: 'at_risk_flag' as const,
      postId: event.postId,
      commentId: event.kind === 'comment' ? event.id : null,
      link: '/admin/moderation',
      subject: event.subject,
      dedupeKey: `at-risk:${event.kind}:${event.id}`,
    })),
  );
}

/**
 * The daily job: when this month has a journey (a calendar playlist with published items,
 * scheduled for this month: features/playlists/journeys.service.ts), every member hears once that
 * a new journey month began. The key holds the month, so later runs of the job in the same month
 * add nothing. Returns how many notices were written.
 */
export async function announceJourneyMonth(db: Database, now: Date = new Date()): Promise<number> {
  const month = now.toISOString().slice(0, 7);
  const monthStart = `${month}-01`;
  const [journey] = await db
    .select({ slug: playlists.slug, title: playlists.title })
    .from(playlists)
    .where(
      and(
        eq(playlists.isCalendar, true),
        sql`exists (select 1 from ${playlistItems} join ${contentItems} on ${contentItems.id} = ${playlistItems.videoId}
          where ${playlistItems.playlistId} = ${playlists.id} and ${contentItems.isPublished})`,
        sql`exists (select 1 from ${journeySchedules}
          where ${journeySchedules.playlistId} = ${playlists.id}
            and (${journeySchedules.startMonth} = ${monthStart}::date
              or (${journeySchedules.repeatsMonthly} and ${journeySchedules.startMonth} <= ${monthStart}::date)))`,
      ),
    )
    .orderBy(asc(playlists.createdAt))
    .limit(1);
  if (!journey) return 0;
  const link = `/playlists/${journey.slug}`;
  const result = await db.execute(sql`
    insert into ${notifications} (recipient_id, kind, link, subject, dedupe_key)
    select ${users.id}, 'journey_month', ${link}, ${journey.title}, ${`journey:${month}`}
    from ${users}
    on conflict (recipient_id, dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}

const clipSql = (text: ReturnType<typeof sql>) =>
  sql`case when length(${text}) > ${SUBJECT_LENGTH} then left(${text}, ${SUBJECT_LENGTH - 1}) || '…' else ${text} end`;

/**
 * Items were newly added to a playlist: every follower (but the admin who added them) hears of each
 * published one, "New in <playlist>: <item>", leading to the playlist. Once per member and item
 * (the key), so saving the same list again or re-adding an item tells no one twice. Written with
 * INSERT ... SELECT in batches of MAX_RECIPIENTS followers, so no follower list is loaded here.
 * Returns how many notices were written.
 */
export async function notifyPlaylistItemsAdded(
  tx: Transaction,
  event: {
    playlistId: string;
    slug: string;
    title: string;
    videoIds: readonly string[];
    actorId: string | null;
  },
): Promise<number> {
  if (event.videoIds.length === 0) return 0;
  const [counted] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(playlistFollows)
    .where(
      and(
        eq(playlistFollows.playlistId, event.playlistId),
        event.actorId ? ne(playlistFollows.userId, event.actorId) : undefined,
      ),
    );
  const followers = counted?.count ?? 0;
  const link = `/playlists/${event.slug}`;
  const subject = clipSql(sql`${event.title} || ': ' || ${contentItems.title}`);
  let written = 0;
  for (let offset = 0; offset < followers; offset += MAX_RECIPIENTS) {
    const result = await tx.execute(sql`
      insert into ${notifications} (recipient_id, kind, link, subject, dedupe_key)
      select f.user_id, 'playlist_item', ${link}, ${subject},
        ${`playlist-item:${event.playlistId}:`} || ${contentItems.id}
      from (
        select ${playlistFollows.userId} as user_id from ${playlistFollows}
        where ${playlistFollows.playlistId} = ${event.playlistId}
          ${event.actorId ? sql`and ${playlistFollows.userId} <> ${event.actorId}` : sql``}
        order by ${playlistFollows.userId}
        limit ${MAX_RECIPIENTS} offset ${offset}
      ) f
      cross join ${contentItems}
      where ${inArray(contentItems.id, [...event.videoIds])} and ${contentItems.isPublished}
      on conflict (recipient_id, dedupe_key) do nothing`);
    written += result.rowCount ?? 0;
  }
  return written;
}

const listColumns = {
  id: notifications.id,
  kind: notifications.kind,
  link: notifications.link,
  subject: notifications.subject,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  actorId: users.id,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
};

async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** The member's own notices, newest first, in keyset pages; with the unread count. */
export async function listNotifications(
  db: Database,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<NotificationsPage & { nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const [rows, unreadCount] = await Promise.all([
    db
      .select(listColumns)
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(
        and(
          eq(notifications.recipientId, userId),
          after
            ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit + 1),
    countUnread(db, userId),
  ]);
  const { page, nextCursor } = keysetPage(rows, query.limit, ({ createdAt, id }) => ({ createdAt, id }));
  return {
    notifications: page.map(
      (row): Notification => ({
        id: row.id,
        kind: row.kind,
        actor: row.actorId
          ? { id: row.actorId, firstName: row.actorFirstName, lastName: row.actorLastName }
          : null,
        link: row.link,
        subject: row.subject,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      }),
    ),
    unreadCount,
    nextCursor,
  };
}

/** Marks some of the member's notices (ids of others are ignored), or all of them, as read. */
export async function markNotificationsRead(
  db: Database,
  userId: string,
  input: MarkNotificationsRead,
): Promise<{ unreadCount: number }> {
  const now = new Date();
  await db
    .update(notifications)
    .set({ readAt: now, updatedAt: now })
    .where(
      and(
        eq(notifications.recipientId, userId),
        isNull(notifications.readAt),
        'ids' in input ? inArray(notifications.id, input.ids) : undefined,
      ),
    );
  return { unreadCount: await countUnread(db, userId) };
}
