import { plainPreview } from '@shared/markdown.ts';
import { canModerate } from '@shared/roles.ts';
import { type Comment, REPLY_EXCERPT_LENGTH } from '@shared/schemas/community.ts';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { forumComments, forumPosts, forums, users } from '../../db/schema/index.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { notifyCommentAdded } from '../notifications/index.ts';
import {
  type CommentPage,
  commentPageCache,
  invalidateCommentPages,
  invalidateForumPages,
} from './caches.ts';
import {
  type AuthorRow,
  addContribution,
  assertCanRead,
  authorColumns,
  COMMENT_LIKES,
  communityTransaction,
  countPostComments,
  type ForumRow,
  likedByViewer,
  lockPost,
  notYours,
  notYoursToEdit,
  removeContributions,
  toAuthor,
  toggleLike,
  withLikedByMe,
  writingFields,
} from './community.shared.ts';
import { notifyMentions, withMentionNamesIn } from './mentions.ts';
import { canSeeHidden, holdEditedItem, saveRevision } from './moderation.service.ts';

const parent = alias(forumComments, 'parent');
const parentAuthor = alias(users, 'parent_author');

const commentColumns = (viewer: Viewer) => ({
  id: forumComments.id,
  replyToId: forumComments.replyToId,
  parentContent: parent.content,
  parentHiddenAt: parent.hiddenAt,
  parentAuthorId: parentAuthor.id,
  parentFirstName: parentAuthor.firstName,
  parentLastName: parentAuthor.lastName,
  parentImage: parentAuthor.image,
  postId: forumComments.postId,
  content: forumComments.content,
  createdAt: forumComments.createdAt,
  likeCount: forumComments.likeCount,
  hiddenAt: forumComments.hiddenAt,
  heldAt: forumComments.heldAt,
  editedAt: forumComments.editedAt,
  likedByMe: likedByViewer(COMMENT_LIKES, viewer),
});

type CommentRow = {
  id: string;
  replyToId: string | null;
  parentContent: string | null;
  parentHiddenAt: Date | null;
  parentAuthorId: string | null;
  parentFirstName: string | null;
  parentLastName: string | null;
  parentImage: string | null;
  postId: string;
  content: string;
  createdAt: Date;
  likeCount: number;
  hiddenAt: Date | null;
  heldAt: Date | null;
  editedAt: Date | null;
  likedByMe: boolean;
};

function toComment({ comment: row, author }: { comment: CommentRow; author: AuthorRow }): Comment {
  return {
    id: row.id,
    postId: row.postId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    likeCount: row.likeCount,
    ...writingFields(row, author),
    // A quoted comment that is hidden shows no words: hidden text reaches only moderators and its author.
    replyTo:
      row.replyToId && row.parentContent !== null
        ? {
            id: row.replyToId,
            user: toAuthor(
              row.parentAuthorId
                ? {
                    id: row.parentAuthorId,
                    firstName: row.parentFirstName,
                    lastName: row.parentLastName,
                    profileImageUrl: row.parentImage,
                  }
                : null,
            ),
            excerpt: row.parentHiddenAt ? '' : plainPreview(row.parentContent, REPLY_EXCERPT_LENGTH),
          }
        : null,
  };
}

/** The post and its forum, unchecked: every caller checks it for its viewer (below). */
async function postWithForum(db: Database, postId: string) {
  const [row] = await db
    .select({
      postId: forumPosts.id,
      forum: forums,
      userId: forumPosts.userId,
      title: forumPosts.title,
      hiddenAt: forumPosts.hiddenAt,
    })
    .from(forumPosts)
    .innerJoin(forums, eq(forums.id, forumPosts.forumId))
    .where(eq(forumPosts.id, postId));
  if (!row) throw notFound('Post');
  return row;
}

/** Unknown, inactive (non-admin) or hidden from this viewer → 404; premium → 403. */
function assertCanReadPost(
  post: { forum: ForumRow; userId: string | null; hiddenAt: Date | null },
  viewer: Viewer,
) {
  if (!post.forum.isActive && !viewer?.isAdmin) throw notFound('Post');
  if (post.hiddenAt && !canSeeHidden(viewer, post.userId)) throw notFound('Post');
  assertCanRead(post.forum, viewer);
}

/** The post's forum, checked for the viewer: unknown, inactive (non-admin) → 404; premium → 403. */
async function readablePost(db: Database, postId: string, viewer: Viewer) {
  const row = await postWithForum(db, postId);
  assertCanReadPost(row, viewer);
  return row;
}

async function hasHiddenComments(db: Database, postId: string, userId: string) {
  const rows = await db
    .select({ id: forumComments.id })
    .from(forumComments)
    .where(
      and(
        eq(forumComments.userId, userId),
        eq(forumComments.postId, postId),
        isNotNull(forumComments.hiddenAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Oldest first, as a conversation reads; keyset pages over (created_at, id). */
export async function listComments(
  db: Database,
  postId: string,
  page: { limit: number; cursor?: string | undefined },
  viewer: Viewer,
): Promise<{ comments: Comment[]; nextCursor: string | null }> {
  const cache = commentPageCache(db);
  const withHidden = viewer && (canModerate(viewer) || (await hasHiddenComments(db, postId, viewer.id)));
  const key = `${postId}|${page.cursor ?? ''}|${page.limit}`;
  const read = async (): Promise<CommentPage> => {
    const { forum, userId, hiddenAt } = await postWithForum(db, postId);
    const after = page.cursor ? decodeCursor(page.cursor) : undefined;
    // Hidden comments: for moderators all, for their authors their own, for others none.
    const visible = !viewer
      ? isNull(forumComments.hiddenAt)
      : canModerate(viewer)
        ? undefined
        : or(isNull(forumComments.hiddenAt), eq(forumComments.userId, viewer.id));
    const rows = await db
      .select({ comment: commentColumns(null), author: authorColumns })
      .from(forumComments)
      .leftJoin(users, eq(users.id, forumComments.userId))
      .leftJoin(parent, eq(parent.id, forumComments.replyToId))
      .leftJoin(parentAuthor, eq(parentAuthor.id, parent.userId))
      .where(
        and(
          eq(forumComments.postId, postId),
          withHidden ? visible : isNull(forumComments.hiddenAt),
          after
            ? sql`(${forumComments.createdAt}, ${forumComments.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(forumComments.createdAt), asc(forumComments.id))
      .limit(page.limit + 1);
    const shown = keysetPage(rows, page.limit, ({ comment }) => comment);
    return {
      forum,
      post: { userId, hiddenAt },
      // Mentions carry the members' current names as of this read (shared like the rest, 3 s).
      comments: await withMentionNamesIn(db, shown.page.map(toComment)),
      nextCursor: shown.nextCursor,
    };
  };
  // The page is read without the caller's access (shared with whoever misses at the same time,
  // or later from the cache); every caller's access is checked on the result.
  const shared = withHidden ? await read() : await cache.load(key, read);
  assertCanReadPost({ forum: shared.forum, ...shared.post }, viewer);
  const result = { comments: shared.comments, nextCursor: shared.nextCursor };
  if (!viewer || result.comments.length === 0) return result;
  return { ...result, comments: await withLikedByMe(db, COMMENT_LIKES, result.comments, viewer.id) };
}

export async function createComment(
  db: Database,
  postId: string,
  input: { content: string; replyToId?: string | undefined },
  viewer: NonNullable<Viewer>,
  options: { holdForReview?: boolean } = {},
) {
  const { content, replyToId } = input;
  const heldAt = options.holdForReview ? new Date() : null;
  const post = await readablePost(db, postId, viewer);
  const { forum, title } = post;
  // The post first (community.shared.ts, lock order): if it is being deleted, wait and find it gone.
  const id = await communityTransaction(db, 'Post', async (tx) => {
    if (!(await lockPost(tx, postId))) throw notFound('Post');
    if (replyToId) {
      // The quoted comment: on this post and visible to the one replying, else 400.
      const [quoted] = await tx
        .select({ userId: forumComments.userId, hiddenAt: forumComments.hiddenAt })
        .from(forumComments)
        .where(and(eq(forumComments.id, replyToId), eq(forumComments.postId, postId)));
      if (!quoted || (quoted.hiddenAt && !canSeeHidden(viewer, quoted.userId))) {
        throw badRequest('replyToId: that comment is not on this post');
      }
    }
    const [comment] = await tx
      .insert(forumComments)
      // Held for review is hidden too: out of the post's count until a moderator approves it.
      .values({
        postId,
        userId: viewer.id,
        content,
        replyToId: replyToId ?? null,
        hiddenAt: heldAt,
        heldAt,
      })
      .returning({ id: forumComments.id });
    if (!heldAt) await countPostComments(tx, postId, 1);
    await addContribution(tx, forum.id, viewer.id);
    // A comment held for review tells no one: nobody else can read it yet.
    if (!heldAt) {
      await notifyCommentAdded(tx, {
        postId,
        commentId: comment!.id,
        actorId: viewer.id,
        postAuthorId: post.userId,
        postTitle: title,
      });
      await notifyMentions(tx, {
        kind: 'comment',
        id: comment!.id,
        postId,
        postTitle: title,
        forum,
        authorId: viewer.id,
        content,
      });
    }
    return comment!.id;
  });
  invalidateForumPages(db);
  invalidateCommentPages(db);
  const [row] = await db
    .select({ comment: commentColumns(viewer), author: authorColumns })
    .from(forumComments)
    .leftJoin(users, eq(users.id, forumComments.userId))
    .leftJoin(parent, eq(parent.id, forumComments.replyToId))
    .leftJoin(parentAuthor, eq(parentAuthor.id, parent.userId))
    .where(eq(forumComments.id, id));
  // Deleted with its post in the moment since: gone, like the post.
  if (!row) throw notFound('Post');
  const [comment] = await withMentionNamesIn(db, [toComment(row)]);
  return comment!;
}

export async function deleteComment(db: Database, id: string, viewer: NonNullable<Viewer>): Promise<void> {
  await deleteCommentRows(db, id, viewer);
  invalidateForumPages(db);
  invalidateCommentPages(db);
}

async function deleteCommentRows(db: Database, id: string, viewer: NonNullable<Viewer>): Promise<void> {
  const [found] = await db
    .select({ postId: forumComments.postId })
    .from(forumComments)
    .where(eq(forumComments.id, id));
  if (!found) throw notFound('Comment');
  await communityTransaction(db, 'Comment', async (tx) => {
    // Its post first (community.shared.ts, lock order), then the comment itself.
    if (!(await lockPost(tx, found.postId))) throw notFound('Comment');
    const [comment] = await tx
      .select({
        id: forumComments.id,
        postId: forumComments.postId,
        userId: forumComments.userId,
        hiddenAt: forumComments.hiddenAt,
        forumId: forumPosts.forumId,
      })
      .from(forumComments)
      .innerJoin(forumPosts, eq(forumPosts.id, forumComments.postId))
      .where(eq(forumComments.id, id))
      .for('update', { of: forumComments });
    if (!comment) throw notFound('Comment');
    if (!canModerate(viewer) && comment.userId !== viewer.id) throw notYours('comments');
    await tx.delete(forumComments).where(eq(forumComments.id, id));
    // A hidden comment is already out of the count (moderation.service.ts).
    if (!comment.hiddenAt) await countPostComments(tx, comment.postId, -1);
    if (comment.userId) await removeContributions(tx, comment.forumId, comment.userId, 1);
  });
}

export async function toggleCommentLike(db: Database, id: string, viewer: NonNullable<Viewer>) {
  const result = await toggleCommentLikeRows(db, id, viewer);
  invalidateCommentPages(db);
  return result;
}

async function toggleCommentLikeRows(db: Database, id: string, viewer: NonNullable<Viewer>) {
  const [found] = await db
    .select({ postId: forumComments.postId, userId: forumComments.userId, hiddenAt: forumComments.hiddenAt })
    .from(forumComments)
    .where(eq(forumComments.id, id));
  if (!found || (found.hiddenAt && !canSeeHidden(viewer, found.userId))) throw notFound('Comment');
  await readablePost(db, found.postId, viewer);
  return toggleLike(db, COMMENT_LIKES, id, viewer.id);
}

async function getComment(db: Database, id: string, viewer: Viewer): Promise<Comment> {
  const [row] = await db
    .select({ comment: commentColumns(viewer), author: authorColumns, userId: forumComments.userId })
    .from(forumComments)
    .leftJoin(users, eq(users.id, forumComments.userId))
    .leftJoin(parent, eq(parent.id, forumComments.replyToId))
    .leftJoin(parentAuthor, eq(parentAuthor.id, parent.userId))
    .where(eq(forumComments.id, id));
  if (!row || (row.comment.hiddenAt && !canSeeHidden(viewer, row.userId))) throw notFound('Comment');
  await readablePost(db, row.comment.postId, viewer);
  const [comment] = await withMentionNamesIn(db, [toComment(row)]);
  return comment!;
}

/** The author edits their comment (no one else: 403); the replaced version is kept for moderators. */
export async function updateComment(
  db: Database,
  id: string,
  content: string,
  viewer: NonNullable<Viewer>,
  options: { holdForReview?: boolean } = {},
): Promise<Comment> {
  const current = await getComment(db, id, viewer);
  const { forum, title } = await readablePost(db, current.postId, viewer);
  await communityTransaction(db, 'Comment', async (tx) => {
    // Its post first (community.shared.ts, lock order), then the comment.
    if (!(await lockPost(tx, current.postId))) throw notFound('Comment');
    const [comment] = await tx
      .select({ userId: forumComments.userId, content: forumComments.content })
      .from(forumComments)
      .where(eq(forumComments.id, id))
      .for('no key update');
    if (!comment) throw notFound('Comment');
    if (comment.userId !== viewer.id) throw notYoursToEdit('comments');
    if (comment.content === content) return;
    await saveRevision(tx, 'comment', id, { title: null, content: comment.content });
    const now = new Date();
    await tx
      .update(forumComments)
      .set({ content, editedAt: now, updatedAt: now })
      .where(eq(forumComments.id, id));
    await notifyMentions(tx, {
      kind: 'comment',
      id,
      postId: current.postId,
      postTitle: title,
      forum,
      authorId: viewer.id,
      content,
    });
    if (options.holdForReview) await holdEditedItem(tx, 'comment', id);
  });
  invalidateCommentPages(db);
  // A comment held now leaves its post's comment count, shown on the forum pages.
  if (options.holdForReview) invalidateForumPages(db);
  return getComment(db, id, viewer);
}
