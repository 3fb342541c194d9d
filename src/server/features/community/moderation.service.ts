import { containsLink } from '@shared/markdown.ts';
import { activeMute, canModerate, isNewAccount } from '@shared/roles.ts';
import { signInLink } from '@shared/schemas/auth.ts';
import {
  AT_RISK_SUPPORT,
  type AuditEntry,
  describeMuteEnd,
  FLAG_REASONS,
  type FlagReason,
  type FlagResult,
  type ModerationItem,
  REMOVAL_REASON_REQUIRED,
  type Revision,
} from '@shared/schemas/moderation.ts';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  contentFlags,
  contentRevisions,
  forumComments,
  forumPosts,
  forums,
  moderationAuditLog,
  users,
} from '../../db/schema/index.ts';
import { decodeCursor, keysetPage, sqlRowKey } from '../../lib/cursor.ts';
import { badRequest, conflict, forbidden, muted, notFound, ownContent } from '../../lib/errors.ts';
import { formatEmailDateTime, recipientLocaleSql, serverI18n } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { moderatorsAndAdmins, notifyAtRiskFlag } from '../notifications/index.ts';
import { memberTimeZoneSql } from '../settings/index.ts';
import { invalidateCommunityPages } from './caches.ts';
import {
  type AuthorSqlColumns,
  assertCanRead,
  authorOfSqlRow,
  communityTransaction,
  countForumPosts,
  countPostComments,
  lockComment,
  lockPost,
  toAuthor,
} from './community.shared.ts';
import { type WeighedFlaggerRow, weighedFlaggers } from './flag-weight.ts';

/**
 * Community moderation (docs/decisions/026-community-moderation.md): flags, hiding pending review,
 * the moderators' actions and their audit log, mutes, and the earlier versions of edited items.
 * Hidden items are left out of the counters members see (`forums.post_count`,
 * `forum_posts.comment_count`): hiding takes one off, restoring puts it back, in the same
 * transaction, under the lock order of community.shared.ts (the post, then its comment, then the
 * forum).
 */

export type ItemKind = 'post' | 'comment';
type Member = NonNullable<Viewer>;

/** Whether this viewer may see a hidden item: its author and the moderators. */
export function canSeeHidden(viewer: Viewer, authorId: string | null): boolean {
  return canModerate(viewer) || (viewer !== null && authorId !== null && authorId === viewer.id);
}

/**
 * A new account's post or comment with a link waits for a moderator: stored hidden and held
 * (visible to its author and moderators, in the moderation queue) until approved or removed.
 * Moderators' own writes never wait.
 */
export function needsReview(
  user: { createdAt: Date; isAdmin?: boolean; isModerator?: boolean },
  texts: string[],
  newAccountHours: number,
): boolean {
  return !canModerate(user) && isNewAccount(user, newAccountHours) && texts.some(containsLink);
}

/** Every community write of a muted member: 403 MUTED with the end date. */
export function assertNotMuted(user: { mutedAt?: Date | null; mutedUntil?: Date | null }): void {
  const mute = activeMute(user);
  if (!mute) return;
  throw muted(
    `You are muted ${describeMuteEnd(mute.until)}. You can still read everything; writing opens again then.`,
    mute.until,
  );
}

/** Whether the item's author (joined as `users`) moderates: their words are never hidden by flags. */
const authorCanModerate = sql<boolean>`coalesce(${users.isAdmin} or ${users.isModerator}, false)`;

/** The item, its author, post and forum; 404 unless the viewer may see it. */
async function loadItem(db: Database | Transaction, kind: ItemKind, id: string, viewer: Viewer) {
  const [row] =
    kind === 'post'
      ? await db
          .select({
            id: forumPosts.id,
            postId: forumPosts.id,
            userId: forumPosts.userId,
            title: forumPosts.title,
            content: forumPosts.content,
            hiddenAt: forumPosts.hiddenAt,
            heldAt: forumPosts.heldAt,
            postUserId: forumPosts.userId,
            postHiddenAt: forumPosts.hiddenAt,
            authorCanModerate: authorCanModerate,
            forum: forums,
          })
          .from(forumPosts)
          .innerJoin(forums, eq(forums.id, forumPosts.forumId))
          .leftJoin(users, eq(users.id, forumPosts.userId))
          .where(eq(forumPosts.id, id))
      : await db
          .select({
            id: forumComments.id,
            postId: forumComments.postId,
            userId: forumComments.userId,
            title: sql<string | null>`null`,
            content: forumComments.content,
            hiddenAt: forumComments.hiddenAt,
            heldAt: forumComments.heldAt,
            postUserId: forumPosts.userId,
            postHiddenAt: forumPosts.hiddenAt,
            authorCanModerate: authorCanModerate,
            forum: forums,
          })
          .from(forumComments)
          .innerJoin(forumPosts, eq(forumPosts.id, forumComments.postId))
          .innerJoin(forums, eq(forums.id, forumPosts.forumId))
          .leftJoin(users, eq(users.id, forumComments.userId))
          .where(eq(forumComments.id, id));
  const what = kind === 'post' ? 'Post' : 'Comment';
  if (!row || (!row.forum.isActive && !viewer?.isAdmin)) throw notFound(what);
  if (row.hiddenAt && !canSeeHidden(viewer, row.userId)) throw notFound(what);
  if (row.postHiddenAt && !canSeeHidden(viewer, row.postUserId)) throw notFound(what);
  assertCanRead(row.forum, viewer);
  return row;
}

/** The item locked for a write: its post first, then the comment (community.shared.ts). */
async function lockItem(tx: Transaction, kind: ItemKind, id: string, postId: string) {
  if (!(await lockPost(tx, postId))) return false;
  return kind === 'post' || lockComment(tx, id);
}

/**
 * Hides or shows an item again, once: the counter members see (the forum's posts, the post's
 * comments) drops or regains it in the same transaction. Returns whether anything changed.
 */
async function setHiddenRows(tx: Transaction, kind: ItemKind, id: string, hide: boolean): Promise<boolean> {
  const delta = hide ? -1 : 1;
  const hiddenAt = hide ? new Date() : null;
  if (kind === 'post') {
    const [post] = await tx
      .update(forumPosts)
      // Showing it again also approves a held item.
      .set(hide ? { hiddenAt } : { hiddenAt, heldAt: null })
      .where(and(eq(forumPosts.id, id), hide ? isNull(forumPosts.hiddenAt) : isNotNull(forumPosts.hiddenAt)))
      .returning({ forumId: forumPosts.forumId });
    if (!post) return false;
    await countForumPosts(tx, post.forumId, delta);
    return true;
  }
  const [comment] = await tx
    .update(forumComments)
    .set(hide ? { hiddenAt } : { hiddenAt, heldAt: null })
    .where(
      and(
        eq(forumComments.id, id),
        hide ? isNull(forumComments.hiddenAt) : isNotNull(forumComments.hiddenAt),
      ),
    )
    .returning({ postId: forumComments.postId });
  if (!comment) return false;
  await countPostComments(tx, comment.postId, delta);
  return true;
}

/**
 * Holds an item for review after an edit (a new account added a link): hidden as `setHiddenRows`
 * does, and marked held. An item already hidden (flagged) stays as it is. In the edit's transaction.
 */
export async function holdEditedItem(tx: Transaction, kind: ItemKind, id: string): Promise<void> {
  if (!(await setHiddenRows(tx, kind, id, true))) return;
  const now = new Date();
  if (kind === 'post') await tx.update(forumPosts).set({ heldAt: now }).where(eq(forumPosts.id, id));
  else await tx.update(forumComments).set({ heldAt: now }).where(eq(forumComments.id, id));
}

const flagTarget = (kind: ItemKind, id: string) =>
  kind === 'post' ? eq(contentFlags.postId, id) : eq(contentFlags.commentId, id);

/**
 * A member flags a post or comment: once per item (409 after), never their own (403). When open
 * flags that count (flag-weight.ts: established members, one per group of accounts made together)
 * reach `threshold`, the item is hidden pending review, unless its author is a moderator or an
 * admin (it waits in the queue instead). The
 * "someone may be at risk" reason alerts every moderator and admin by e-mail and answers the
 * flagger with support resources at once.
 */
export async function flagItem(
  db: Database,
  mailer: Mailer,
  options: {
    kind: ItemKind;
    id: string;
    reason: FlagReason;
    note?: string | undefined;
    threshold: number;
    newAccountHours: number;
    /** PUBLIC_URL: the alert's links to the post and the queue go through sign-in from there. */
    publicUrl: string;
  },
  viewer: Member,
): Promise<FlagResult> {
  const { kind, id } = options;
  const item = await loadItem(db, kind, id, viewer);
  if (item.userId === viewer.id) {
    throw ownContent(kind);
  }
  const what = kind === 'post' ? 'Post' : 'Comment';
  const result = await communityTransaction(db, what, async (tx) => {
    if (!(await lockItem(tx, kind, id, item.postId))) throw notFound(what);
    const inserted = await tx
      .insert(contentFlags)
      .values({
        ...(kind === 'post' ? { postId: id } : { commentId: id }),
        userId: viewer.id,
        reason: options.reason,
        note: options.note ? options.note : null,
      })
      .onConflictDoNothing()
      .returning({ id: contentFlags.id });
    if (inserted.length === 0) throw conflict(`You have already flagged this ${kind}. Thank you.`);
    const target = kind === 'post' ? sql`cf.post_id = ${id}` : sql`cf.comment_id = ${id}`;
    const { rows } = await tx.execute<{ counted: number }>(
      sql`select count(*) filter (where counts)::int as counted
            from (${weighedFlaggers(target, options.newAccountHours)}) flaggers`,
    );
    if (options.reason === 'at_risk') {
      await notifyAtRiskFlag(tx, { kind, id, postId: item.postId, subject: item.title });
    }
    // Moderators' and admins' words are never hidden by flags: they wait in the queue for a look.
    const reached = !item.authorCanModerate && (rows[0]?.counted ?? 0) >= options.threshold;
    const hidNow = reached ? await setHiddenRows(tx, kind, id, true) : false;
    return { isHidden: reached || item.hiddenAt !== null, hidNow };
  });
  if (result.hidNow) invalidateCommunityPages(db);
  if (options.reason === 'at_risk') await alertModerators(db, mailer, item, options.note, options.publicUrl);
  return {
    isHidden: result.isHidden,
    supportResources:
      options.reason === 'at_risk' ? { ...AT_RISK_SUPPORT, links: [...AT_RISK_SUPPORT.links] } : null,
  };
}

const MAX_ALERTED = 50;

/** E-mail (the outbox without SMTP) to every moderator and admin; a failure is logged, not thrown. */
async function alertModerators(
  db: Database,
  mailer: Mailer,
  item: { id: string; postId: string; title: string | null; content: string; forum: { title: string } },
  note: string | undefined,
  publicUrl: string,
) {
  const recipients = await moderatorsAndAdmins(db, MAX_ALERTED);
  const excerpt = item.content.length > 300 ? `${item.content.slice(0, 300)}…` : item.content;
  // Each moderator reads the frame in their own language; the member's words stay as written.
  const textIn = (i18n: ReturnType<typeof serverI18n>) =>
    [
      i18n._('email.atRisk.flagged'),
      '',
      i18n._('email.atRisk.forum', { forum: item.forum.title }),
      item.title ? i18n._('email.atRisk.post', { title: item.title }) : i18n._('email.atRisk.comment'),
      i18n._('email.atRisk.link', { link: signInLink(publicUrl, `/community/posts/${item.postId}`) }),
      note ? i18n._('email.atRisk.note', { note }) : '',
      '',
      excerpt,
      '',
      i18n._('email.atRisk.look', { queue: signInLink(publicUrl, '/admin/moderation') }),
    ].join('\n');
  await Promise.all(
    recipients.map((recipient) => {
      const i18n = serverI18n(recipient.locale);
      return mailer
        .send({ to: recipient.email, subject: i18n._('email.atRisk.subject'), text: textIn(i18n) })
        .catch(() => undefined);
    }),
  );
}

// --- The moderators' actions -----------------------------------------------------------------

export async function writeAudit(
  tx: Database | Transaction,
  entry: {
    /** Null when the admin CLI acted (no signed-in person). */
    actorId: string | null;
    action: string;
    targetType: 'post' | 'comment' | 'user' | 'playlist';
    targetId: string;
    subjectUserId: string | null;
    reason?: string | null | undefined;
    summary?: string | null | undefined;
  },
) {
  await tx.insert(moderationAuditLog).values({
    ...entry,
    reason: entry.reason ? entry.reason : null,
    summary: entry.summary ? entry.summary.slice(0, 300) : null,
  });
}

const summaryOf = (item: { title: string | null; content: string }) =>
  item.title ? `${item.title}: ${item.content}` : item.content;

/** Hide (pending review) or restore an item; restoring dismisses its open flags. */
export async function setItemHidden(
  db: Database,
  kind: ItemKind,
  id: string,
  isHidden: boolean,
  reason: string | undefined,
  moderator: Member,
) {
  const item = await loadItem(db, kind, id, moderator);
  const what = kind === 'post' ? 'Post' : 'Comment';
  await communityTransaction(db, what, async (tx) => {
    if (!(await lockItem(tx, kind, id, item.postId))) throw notFound(what);
    if (isHidden) {
      await setHiddenRows(tx, kind, id, true);
    } else {
      await setHiddenRows(tx, kind, id, false);
      await tx
        .update(contentFlags)
        .set({ dismissedAt: new Date(), updatedAt: new Date() })
        .where(and(flagTarget(kind, id), isNull(contentFlags.dismissedAt)));
    }
    await writeAudit(tx, {
      actorId: moderator.id,
      // Restoring a held item approves it.
      action: isHidden ? 'hide' : item.heldAt ? 'approve' : 'restore',
      targetType: kind,
      targetId: id,
      subjectUserId: item.userId,
      reason,
      summary: summaryOf(item),
    });
  });
  invalidateCommunityPages(db);
}

/**
 * Removes an item for good (the deletion of posts.service.ts / comments.service.ts keeps the
 * counters), writes the audit entry and tells the author why by e-mail.
 */
export async function removeItem(
  db: Database,
  mailer: Mailer,
  kind: ItemKind,
  id: string,
  reason: string,
  moderator: Member,
  remove: (id: string, viewer: Member) => Promise<void>,
) {
  const item = await loadItem(db, kind, id, moderator);
  await remove(id, moderator);
  await writeAudit(db, {
    actorId: moderator.id,
    action: 'remove',
    targetType: kind,
    targetId: id,
    subjectUserId: item.userId,
    reason,
    summary: summaryOf(item),
  });
  if (!item.userId) return;
  const [author] = await db
    .select({ email: users.email, locale: recipientLocaleSql(users.locale) })
    .from(users)
    .where(eq(users.id, item.userId));
  if (!author) return;
  // In the author's language; the forum's name, the title and the reason stay as written.
  const i18n = serverI18n(author.locale);
  const words = { kind, forum: item.forum.title, title: item.title ?? '' };
  await mailer
    .send({
      to: author.email,
      subject: i18n._('email.removed.subject', words),
      text: [
        i18n._('email.removed.body', words),
        '',
        i18n._('email.sanction.reason', { reason }),
        '',
        i18n._('email.removed.closing'),
      ].join('\n'),
    })
    .catch(() => undefined);
}

/**
 * `DELETE /api/posts/{id}` and `/api/comments/{id}`: an author deletes their own item as before; a
 * moderator deleting someone else's goes the way of the queue's Remove (`removeItem`: the forum's
 * reading rule, a reason, the audit log, the author told), so no removal goes unrecorded.
 */
export async function deleteOrRemoveItem(
  db: Database,
  mailer: Mailer,
  kind: ItemKind,
  id: string,
  reason: string | undefined,
  viewer: Member,
  remove: (id: string, viewer: Member) => Promise<void>,
) {
  if (!canModerate(viewer)) return remove(id, viewer);
  const [item] =
    kind === 'post'
      ? await db.select({ userId: forumPosts.userId }).from(forumPosts).where(eq(forumPosts.id, id))
      : await db.select({ userId: forumComments.userId }).from(forumComments).where(eq(forumComments.id, id));
  if (!item) throw notFound(kind === 'post' ? 'Post' : 'Comment');
  if (item.userId === viewer.id) return remove(id, viewer);
  if (!reason) throw badRequest(REMOVAL_REASON_REQUIRED);
  return removeItem(db, mailer, kind, id, reason, viewer, remove);
}

/** Writes the audit entry of a pin or unpin (posts.service.ts changes the post). */
export async function auditPin(db: Database, postId: string, isPinned: boolean, moderator: Member) {
  const [post] = await db
    .select({ userId: forumPosts.userId, title: forumPosts.title })
    .from(forumPosts)
    .where(eq(forumPosts.id, postId));
  await writeAudit(db, {
    actorId: moderator.id,
    action: isPinned ? 'pin' : 'unpin',
    targetType: 'post',
    targetId: postId,
    subjectUserId: post?.userId ?? null,
    summary: post?.title ?? null,
  });
}

// --- Mutes ---------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** When a mute or suspension of `days` ends (null: until lifted). */
export function sanctionEnd(days: number | null, now = Date.now()): Date | null {
  return days === null ? null : new Date(now + days * DAY_MS);
}

/** The audit log's summary of a sanction's length. */
function sanctionSummary(days: number | null): string {
  return days === null ? 'until lifted' : `${days} day${days === 1 ? '' : 's'}`;
}

/**
 * A sanction's e-mail: what happened, the reason the moderator or admin gave (as they wrote it),
 * what is still open; in the member's language (`i18n`, from `sanctionRecipient`).
 */
export function sanctionNotice(
  i18n: ReturnType<typeof serverI18n>,
  what: string,
  reason: string,
  closing: string,
): string {
  return [what, '', i18n._('email.sanction.reason', { reason }), '', closing].join('\n');
}

/** The columns a sanction's e-mail needs of its member: their language and time zone. */
export const sanctionRecipientColumns = {
  locale: recipientLocaleSql(users.locale),
  timeZone: memberTimeZoneSql(users.id),
};

/**
 * When a sanction ends, for its e-mail: in English exactly as `formatEnglish` writes it (the words
 * members and tests have read until now), in another language through Intl, in the member's zone.
 */
export function sanctionEndForEmail(
  i18n: ReturnType<typeof serverI18n>,
  end: Date,
  timeZone: string | null,
  formatEnglish: (end: Date) => string,
): string {
  return i18n.locale === 'en' ? formatEnglish(end) : formatEmailDateTime(end, i18n.locale, timeZone);
}

/** The audit log's entry for a sanction (a mute or a suspension) of a member, with its length. */
export function auditSanction(
  tx: Database | Transaction,
  action: 'mute' | 'suspend',
  actorId: string | null,
  userId: string,
  input: { days: number | null; reason: string },
) {
  return writeAudit(tx, {
    actorId,
    action,
    targetType: 'user',
    targetId: userId,
    subjectUserId: userId,
    reason: input.reason,
    summary: sanctionSummary(input.days),
  });
}

export async function muteMember(
  db: Database,
  mailer: Mailer,
  userId: string,
  input: { days: 1 | 7 | 30 | null; reason: string },
  moderator: Member,
) {
  if (userId === moderator.id) throw forbidden('You cannot mute yourself.');
  const mutedUntil = sanctionEnd(input.days);
  const until = mutedUntil?.toISOString() ?? null;
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        id: users.id,
        email: users.email,
        isAdmin: users.isAdmin,
        isModerator: users.isModerator,
        ...sanctionRecipientColumns,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw notFound('User');
    if (target.isAdmin || target.isModerator) {
      throw forbidden('Admins and moderators cannot be muted; revoke their role first.');
    }
    await tx
      .update(users)
      .set({ mutedAt: new Date(), mutedUntil, muteReason: input.reason, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await auditSanction(tx, 'mute', moderator.id, userId, input);
    // Written with the sanction: a rolled-back write tells the member nothing. In their language.
    const i18n = serverI18n(target.locale);
    await mailer.send(
      {
        to: target.email,
        subject: i18n._('email.mute.subject'),
        text: sanctionNotice(
          i18n,
          mutedUntil
            ? i18n._('email.mute.until', {
                // English: "5 December, 14:00 UTC", as describeMuteEnd has always written it.
                until: sanctionEndForEmail(i18n, mutedUntil, target.timeZone, (end) =>
                  describeMuteEnd(end.toISOString()).replace(/^until /, ''),
                ),
              })
            : i18n._('email.mute.untilLifted'),
          input.reason,
          i18n._('email.mute.closing'),
        ),
      },
      tx,
    );
  });
  return { userId, isMuted: true, mutedUntil: until, reason: input.reason };
}

export async function unmuteMember(db: Database, userId: string, moderator: Member) {
  await liftSanction(db, userId, moderator.id, 'mute');
  return { userId, isMuted: false, mutedUntil: null, reason: null };
}

const LIFTED = {
  mute: { columns: { mutedAt: null, mutedUntil: null, muteReason: null }, action: 'unmute' },
  suspension: {
    columns: { suspendedAt: null, suspendedUntil: null, suspendReason: null },
    action: 'unsuspend',
  },
} as const;

/** Ends a mute or a suspension now: its columns cleared and the audit row written together. */
export async function liftSanction(
  db: Database,
  userId: string,
  actorId: string | null,
  sanction: keyof typeof LIFTED,
): Promise<void> {
  const { columns, action } = LIFTED[sanction];
  await db.transaction(async (tx) => {
    const [target] = await tx
      .update(users)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!target) throw notFound('User');
    await writeAudit(tx, { actorId, action, targetType: 'user', targetId: userId, subjectUserId: userId });
  });
}

/** Grants or revokes the moderator role; written to the audit log (actor null: the admin CLI). */
export async function setModeratorFlag(
  db: Database | Transaction,
  userId: string,
  isModerator: boolean,
  actorId: string | null,
): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ isModerator, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.isModerator, !isModerator)))
    .returning({ id: users.id });
  if (changed.length > 0) {
    await writeAudit(db, {
      actorId,
      action: isModerator ? 'grant_moderator' : 'revoke_moderator',
      targetType: 'user',
      targetId: userId,
      subjectUserId: userId,
      reason: actorId ? null : 'admin CLI',
    });
  }
  return changed.length > 0;
}

/** The admin CLI: `npm run admin -- moderator EMAIL` / `unmoderator EMAIL`. */
export async function setModeratorByEmail(db: Database, email: string, isModerator: boolean) {
  const normalized = email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized));
  if (!user) throw notFound(`No account with the e-mail ${normalized} was`);
  const changed = await setModeratorFlag(db, user.id, isModerator, null);
  return { email: normalized, isModerator, changed };
}

// --- Reading: the queue, the audit log, revisions -------------------------------------------------

/** The flaggers an item in the queue lists by name (the count covers them all). */
const MAX_FLAGGERS_SHOWN = 20;

/**
 * Items with open flags, most recently flagged first, a page at a time (keyset over the last
 * flag's time and the item's id). Open flags are the ones no moderator has dealt with yet.
 */
export async function listModerationQueue(
  db: Database,
  page: { limit: number; cursor?: string | undefined },
  newAccountHours: number,
): Promise<{ items: ModerationItem[]; nextCursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const { rows } = await db.execute<
    AuthorSqlColumns & {
      kind: ItemKind;
      id: string;
      post_id: string;
      title: string | null;
      content: string;
      hidden_at: string | null;
      held_at: string | null;
      muted_at: string | null;
      muted_until: string | null;
      forum_slug: string;
      forum_title: string;
      flaggers: number;
      reasons: FlagReason[];
      notes: (string | null)[];
      last_at: string;
      counted_flaggers: number;
      flagger_list: WeighedFlaggerRow[];
    }
  >(sql`
    with open_flags as (
      select * from (
      select coalesce(post_id, comment_id) as target_id,
             (post_id is not null) as is_post,
             count(distinct user_id)::int as flaggers,
             array_agg(reason order by created_at) as reasons,
             (array_agg(note order by created_at desc) filter (where note is not null))[1:5] as notes,
             max(created_at) as last_at
        from content_flags
       where dismissed_at is null
       group by 1, 2
      -- Held for review (new accounts' links): in the queue without flags, by when they were held.
      union all
      select id, true, 0, '{}'::text[], null::text[], held_at from forum_posts where held_at is not null
      union all
      select id, false, 0, '{}'::text[], null::text[], held_at from forum_comments where held_at is not null
      ) queued
      where ${
        after ? sql`(last_at, target_id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`
      }
       order by last_at desc, target_id desc
       limit ${page.limit + 1}
    )
    select case when f.is_post then 'post' else 'comment' end as kind,
           f.target_id as id,
           coalesce(p.id, cp.id) as post_id,
           p.title,
           coalesce(p.content, c.content) as content,
           coalesce(p.hidden_at, c.hidden_at) as hidden_at,
           coalesce(p.held_at, c.held_at) as held_at,
           u.id as user_id, u.first_name, u.last_name, u.image, u.muted_at, u.muted_until,
           fo.slug as forum_slug, fo.title as forum_title,
           f.flaggers, f.reasons, f.notes, f.last_at,
           weight.counted_flaggers, weight.flagger_list
      from open_flags f
      -- Who flagged, how old their accounts are and whose flags count (flag-weight.ts).
      cross join lateral (
        select count(*) filter (where w.counts)::int as counted_flaggers,
               coalesce(json_agg(to_json(w) order by w.flagged_at) filter (where w.position <= ${MAX_FLAGGERS_SHOWN}),
                        '[]'::json) as flagger_list
          from (select weighed.*, row_number() over (order by weighed.flagged_at) as position
                  from (${weighedFlaggers(sql`coalesce(cf.post_id, cf.comment_id) = f.target_id`, newAccountHours)}) weighed) w
      ) weight
      left join forum_posts p on f.is_post and p.id = f.target_id
      left join forum_comments c on not f.is_post and c.id = f.target_id
      left join forum_posts cp on cp.id = c.post_id
      join forums fo on fo.id = coalesce(p.forum_id, cp.forum_id)
      left join users u on u.id = coalesce(p.user_id, c.user_id)
     order by f.last_at desc, f.target_id desc`);
  const shown = keysetPage(rows, page.limit, (last) => ({ createdAt: new Date(last.last_at), id: last.id }));
  return {
    items: shown.page.map((row) => {
      const counts = new Map<FlagReason, number>();
      for (const reason of row.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
      return {
        kind: row.kind,
        id: row.id,
        postId: row.post_id,
        title: row.title,
        content: row.content,
        isHidden: row.hidden_at !== null,
        isHeld: row.held_at !== null,
        author: authorOfSqlRow(row),
        authorIsMuted: activeMute({ mutedAt: row.muted_at, mutedUntil: row.muted_until }) !== null,
        forum: { slug: row.forum_slug, title: row.forum_title },
        flaggerCount: Number(row.flaggers),
        reasons: FLAG_REASONS.filter((reason) => counts.has(reason)).map((reason) => ({
          reason,
          count: counts.get(reason)!,
        })),
        notes: (row.notes ?? []).filter((note): note is string => Boolean(note)),
        lastFlaggedAt: new Date(row.last_at).toISOString(),
        countedFlaggerCount: Number(row.counted_flaggers),
        flaggers: row.flagger_list.map((flagger) => ({
          member: authorOfSqlRow(flagger),
          reason: flagger.reason as FlagReason,
          flaggedAt: new Date(flagger.flagged_at).toISOString(),
          accountCreatedAt: new Date(flagger.joined_at).toISOString(),
          isEstablished: flagger.is_established,
          counts: flagger.counts,
        })),
      };
    }),
    nextCursor: shown.nextCursor,
  };
}

/** Admins read every moderation action, newest first. */
export async function listAuditLog(
  db: Database,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const { rows } = await db.execute<{
    id: string;
    action: string;
    target_type: AuditEntry['targetType'];
    target_id: string;
    reason: string | null;
    summary: string | null;
    created_at: string;
    actor_id: string | null;
    actor_first: string | null;
    actor_last: string | null;
    actor_image: string | null;
    subject_id: string | null;
    subject_first: string | null;
    subject_last: string | null;
    subject_image: string | null;
  }>(sql`
    select l.id, l.action, l.target_type, l.target_id, l.reason, l.summary, l.created_at,
           actor.id as actor_id, actor.first_name as actor_first, actor.last_name as actor_last,
           actor.image as actor_image,
           subject.id as subject_id, subject.first_name as subject_first, subject.last_name as subject_last,
           subject.image as subject_image
      from ${moderationAuditLog} l
      left join users actor on actor.id = l.actor_id
      left join users subject on subject.id = l.subject_user_id
     where ${after ? sql`(l.created_at, l.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
     order by l.created_at desc, l.id desc
     limit ${page.limit + 1}`);
  const shown = keysetPage(rows, page.limit, sqlRowKey);
  return {
    entries: shown.page.map((row) => ({
      id: row.id,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      actor: toAuthor({
        id: row.actor_id,
        firstName: row.actor_first,
        lastName: row.actor_last,
        profileImageUrl: row.actor_image,
      }),
      subject: row.subject_id
        ? toAuthor({
            id: row.subject_id,
            firstName: row.subject_first,
            lastName: row.subject_last,
            profileImageUrl: row.subject_image,
          })
        : null,
      reason: row.reason,
      summary: row.summary,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    nextCursor: shown.nextCursor,
  };
}

const MAX_REVISIONS = 50;

/** The earlier versions of an edited item, newest first (moderators). */
export async function listRevisions(db: Database, kind: ItemKind, id: string, moderator: Member) {
  await loadItem(db, kind, id, moderator);
  const rows = await db
    .select()
    .from(contentRevisions)
    .where(kind === 'post' ? eq(contentRevisions.postId, id) : eq(contentRevisions.commentId, id))
    .orderBy(desc(contentRevisions.createdAt))
    .limit(MAX_REVISIONS);
  return rows.map(
    (row): Revision => ({
      id: row.id,
      title: row.title,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

/** Keeps the version an edit replaces (in the edit's transaction). */
export async function saveRevision(
  tx: Transaction,
  kind: ItemKind,
  id: string,
  previous: { title: string | null; content: string },
) {
  await tx.insert(contentRevisions).values({
    ...(kind === 'post' ? { postId: id } : { commentId: id }),
    title: previous.title,
    content: previous.content,
  });
}
