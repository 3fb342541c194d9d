import { PROFILE_IMAGE_MESSAGE } from '@shared/schemas/account.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  announcements,
  checkoutSessions,
  commentLikes,
  contentItems,
  favorites,
  forumComments,
  forumMembers,
  forumPosts,
  forums,
  outboxEmails,
  playbackProgress,
  postLikes,
  questionnaireResponses,
  questionnaires,
  sessions,
  subscriptions,
  users,
  verifications,
} from '../../db/schema/index.ts';
import { invalidField, paymentProviderError, unauthorized } from '../../lib/errors.ts';
import type { Stripe } from '../../lib/stripe.ts';
import { setAdminFlag } from '../auth/index.ts';
import { invalidateCommentPages, invalidateForumPages } from '../community/index.ts';
import { isOwnProfileImage } from '../media/index.ts';
import { exportPractice } from '../practice/index.ts';

/** The member's own account (issue 8): profile, a copy of their data, and deleting it. */

export async function updateProfile(
  db: Database,
  userId: string,
  input: { firstName: string; lastName: string; profileImageUrl?: string | null | undefined },
) {
  if (!(await isOwnProfileImage(db, userId, input.profileImageUrl))) {
    throw invalidField('profileImageUrl', PROFILE_IMAGE_MESSAGE);
  }
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      ...(input.profileImageUrl !== undefined ? { image: input.profileImageUrl } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw unauthorized();
  return row;
}

/** The member's language for their screens and e-mails (a shipped locale, checked by the route). */
export async function updateLocale(db: Database, userId: string, locale: string) {
  const [row] = await db
    .update(users)
    .set({ locale, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw unauthorized();
  return row;
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

/**
 * Everything the product holds about the member, as one JSON document: the account, billing,
 * library activity, community contributions, questionnaire answers and sign-in sessions. Password
 * hashes and session tokens are never included.
 */
export async function exportAccount(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  const [
    subscription,
    checkouts,
    favoriteRows,
    progressRows,
    posts,
    comments,
    likedPosts,
    likedComments,
    assessments,
    sessionRows,
    authored,
  ] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, userId))
      .orderBy(asc(checkoutSessions.createdAt)),
    db
      .select({ contentId: favorites.videoId, title: contentItems.title, savedAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(contentItems, eq(contentItems.id, favorites.videoId))
      .where(eq(favorites.userId, userId)),
    db
      .select({
        contentId: playbackProgress.videoId,
        title: contentItems.title,
        position: playbackProgress.positionSeconds,
        updatedAt: playbackProgress.updatedAt,
      })
      .from(playbackProgress)
      .innerJoin(contentItems, eq(contentItems.id, playbackProgress.videoId))
      .where(eq(playbackProgress.userId, userId)),
    db
      .select({
        id: forumPosts.id,
        forum: forums.slug,
        title: forumPosts.title,
        content: forumPosts.content,
        createdAt: forumPosts.createdAt,
      })
      .from(forumPosts)
      .innerJoin(forums, eq(forums.id, forumPosts.forumId))
      .where(eq(forumPosts.userId, userId))
      .orderBy(asc(forumPosts.createdAt)),
    db
      .select({
        id: forumComments.id,
        postId: forumComments.postId,
        content: forumComments.content,
        createdAt: forumComments.createdAt,
      })
      .from(forumComments)
      .where(eq(forumComments.userId, userId))
      .orderBy(asc(forumComments.createdAt)),
    db
      .select({ postId: postLikes.postId, at: postLikes.createdAt })
      .from(postLikes)
      .where(eq(postLikes.userId, userId)),
    db
      .select({ commentId: commentLikes.commentId, at: commentLikes.createdAt })
      .from(commentLikes)
      .where(eq(commentLikes.userId, userId)),
    db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.userId, userId))
      .orderBy(asc(questionnaires.startedAt)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({ id: announcements.id, title: announcements.title, createdAt: announcements.createdAt })
      .from(announcements)
      .where(eq(announcements.authorId, userId)),
  ]);
  const answers =
    assessments.length === 0
      ? []
      : await db
          .select({
            questionnaireId: questionnaireResponses.questionnaireId,
            questionId: questionnaireResponses.questionId,
            score: questionnaireResponses.score,
          })
          .from(questionnaireResponses)
          .where(
            inArray(
              questionnaireResponses.questionnaireId,
              assessments.map((assessment) => assessment.id),
            ),
          );
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.image,
      isAdmin: user.isAdmin,
      subscriptionStatus: user.subscriptionStatus,
      stripeCustomerId: user.stripeCustomerId,
      createdAt: iso(user.createdAt),
    },
    subscription: subscription[0]
      ? {
          provider: subscription[0].provider,
          status: subscription[0].status,
          currentPeriodEnd: iso(subscription[0].currentPeriodEnd),
          cancelAtPeriodEnd: subscription[0].cancelAtPeriodEnd,
        }
      : null,
    checkouts: checkouts.map((c) => ({
      provider: c.provider,
      status: c.status,
      createdAt: iso(c.createdAt),
    })),
    favorites: favoriteRows.map((f) => ({ ...f, savedAt: iso(f.savedAt) })),
    progress: progressRows.map((p) => ({ ...p, updatedAt: iso(p.updatedAt) })),
    practice: await exportPractice(db, userId),
    forumPosts: posts.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
    forumComments: comments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    likes: {
      posts: likedPosts.map((l) => ({ postId: l.postId, at: iso(l.at) })),
      comments: likedComments.map((l) => ({ commentId: l.commentId, at: iso(l.at) })),
    },
    assessments: assessments.map((q) => ({
      id: q.id,
      version: q.version,
      status: q.status,
      startedAt: iso(q.startedAt),
      completedAt: iso(q.completedAt),
      answers: answers
        .filter((answer) => answer.questionnaireId === q.id)
        .map(({ questionId, score }) => ({ questionId, score })),
    })),
    sessions: sessionRows.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    announcementsWritten: authored.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
  };
}

/**
 * Deletes the account: ends Stripe billing first (nothing is deleted if Stripe cannot be reached),
 * then in one transaction keeps every counter true (likes, forum members), removes the account
 * and everything personal (sessions, answers, favourites, progress, mail), and keeps forum posts
 * and comments under 'Deleted member'. The last admin cannot delete their account.
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  options: { stripe: Stripe | null; log: { error: (obj: object, msg: string) => void } },
): Promise<void> {
  const [billing] = await db
    .select({
      provider: subscriptions.provider,
      status: subscriptions.status,
      id: subscriptions.stripeSubscriptionId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (options.stripe && billing?.provider === 'stripe' && billing.id && billing.status !== 'canceled') {
    try {
      await options.stripe.subscriptions.cancel(billing.id);
    } catch (error) {
      options.log.error({ err: error }, 'could not cancel the Stripe subscription of a deleted account');
      throw paymentProviderError(
        'Your subscription could not be cancelled with the payment provider, so nothing was deleted. Please try again in a moment.',
      );
    }
  }
  const touched = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw unauthorized();
    if (user.isAdmin) await setAdminFlag(tx, userId, false, { actorId: userId, reason: 'account deleted' });
    const likedPosts = await tx
      .update(forumPosts)
      .set({ likeCount: sql`${forumPosts.likeCount} - 1` })
      .where(
        inArray(
          forumPosts.id,
          tx.select({ id: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId)),
        ),
      )
      .returning({ id: forumPosts.id, forumId: forumPosts.forumId });
    const likedComments = await tx
      .update(forumComments)
      .set({ likeCount: sql`${forumComments.likeCount} - 1` })
      .where(
        inArray(
          forumComments.id,
          tx.select({ id: commentLikes.commentId }).from(commentLikes).where(eq(commentLikes.userId, userId)),
        ),
      )
      .returning({ postId: forumComments.postId });
    const memberOf = await tx
      .update(forums)
      .set({ memberCount: sql`${forums.memberCount} - 1` })
      .where(
        inArray(
          forums.id,
          tx.select({ id: forumMembers.forumId }).from(forumMembers).where(eq(forumMembers.userId, userId)),
        ),
      )
      .returning({ id: forums.id });
    await tx.delete(outboxEmails).where(eq(outboxEmails.to, user.email));
    await tx.delete(verifications).where(eq(verifications.value, userId));
    // Cascades remove sessions, accounts, subscriptions, checkouts, favourites, progress, plays,
    // questionnaires and their answers, likes and forum memberships; posts and comments stay.
    await tx.delete(users).where(and(eq(users.id, userId)));
    return {
      forums: new Set([...likedPosts.map((p) => p.forumId), ...memberOf.map((f) => f.id)]),
      posts: new Set(likedComments.map((c) => c.postId)),
    };
  });
  // Cached forum and comment pages carry the counts just changed.
  if (touched.forums.size > 0) invalidateForumPages(db);
  if (touched.posts.size > 0) invalidateCommentPages(db);
}
