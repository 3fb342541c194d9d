import { plainPreview } from '@shared/markdown.ts';
import { canModerate } from '@shared/roles.ts';
import { type CreatePostInputSchema, POST_PREVIEW_LENGTH, type Post } from '@shared/schemas/community.ts';
import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { forumComments, forumPosts, forums, postLikes, users } from '../../db/schema/index.ts';
import { decodePinnedCursor, keysetPage, type PinnedCursor } from '../../lib/cursor.ts';
import { conflict, forumInactive, notFound, unauthorized } from '../../lib/errors.ts';
import { perDatabase } from '../../lib/per-database.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { invalidateCommentPages, invalidateForumPages, postPageCache } from './caches.ts';
import {
  type AuthorRow,
  addContribution,
  assertCanRead,
  authorColumns,
  communityTransaction,
  countForumPosts,
  type ForumRow,
  likedByViewer,
  notYours,
  notYoursToEdit,
  POST_LIKES,
  removeContributions,
  toggleLike,
  withLikedByMe,
  writingFields,
} from './community.shared.ts';
import { getForumForAccess, getForumRowBySlug } from './forums.service.ts';
import { notifyMentions, withCurrentMentionNames } from './mentions.ts';
import { auditPin, canSeeHidden, holdEditedItem, saveRevision } from './moderation.service.ts';

type CreatePostInput = z.output<typeof CreatePostInputSchema>;

const postColumns = (viewer: Viewer) => ({
  id: forumPosts.id,
  title: forumPosts.title,
  content: forumPosts.content,
  createdAt: forumPosts.createdAt,
  updatedAt: forumPosts.updatedAt,
  isPinned: forumPosts.isPinned,
  likeCount: forumPosts.likeCount,
  commentCount: forumPosts.commentCount,
  hiddenAt: forumPosts.hiddenAt,
  heldAt: forumPosts.heldAt,
  editedAt: forumPosts.editedAt,
  userId: forumPosts.userId,
  likedByMe: likedByViewer(POST_LIKES, viewer),
});

type PostRow = {
  id: string;
  title: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  isPinned: boolean;
  likeCount: number;
  commentCount: number;
  hiddenAt: Date | null;
  heldAt: Date | null;
  editedAt: Date | null;
  likedByMe: boolean;
};

/** Posts of one forum, their mentions showing today's names (one query when any mention). */
async function toPosts(
  db: Database,
  rows: { post: PostRow; author: AuthorRow }[],
  forum: ForumRow,
  preview: boolean,
): Promise<Post[]> {
  const contents = await withCurrentMentionNames(
    db,
    rows.map((row) => row.post.content),
  );
  return rows.map((row, index) =>
    toPost({ ...row.post, content: contents[index]! }, row.author, forum, preview),
  );
}

function toPost(row: PostRow, author: AuthorRow, forum: ForumRow, preview: boolean): Post {
  return {
    id: row.id,
    title: row.title,
    content: preview ? plainPreview(row.content, POST_PREVIEW_LENGTH) : row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isPinned: row.isPinned,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    ...writingFields(row, author),
    forum: { id: forum.id, slug: forum.slug, title: forum.title, isPremium: forum.isPremium },
  };
}

const viewerId = sql.placeholder('viewerId');

/**
 * The forum page's query, prepared once per database handle (PostgreSQL plans it once per
 * connection): pinned first, then newest, keyset pages over (is_pinned, created_at, id).
 */
function preparePostPages(db: Database) {
  const page = (withViewer: boolean, withCursor: boolean, name: string) =>
    db
      .select({
        post: {
          ...postColumns(null),
          likedByMe: withViewer
            ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${forumPosts.id} and ${postLikes.userId} = ${viewerId})`
            : sql<boolean>`false`,
        },
        author: authorColumns,
      })
      .from(forumPosts)
      .leftJoin(users, eq(users.id, forumPosts.userId))
      .where(
        and(
          eq(forumPosts.forumId, sql.placeholder('forumId')),
          isNull(forumPosts.hiddenAt),
          withCursor
            ? sql`(${forumPosts.isPinned}, ${forumPosts.createdAt}, ${forumPosts.id}) < (${sql.placeholder('pinned')}::boolean, ${sql.placeholder('createdAt')}::timestamptz, ${sql.placeholder('id')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(forumPosts.isPinned), desc(forumPosts.createdAt), desc(forumPosts.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  return {
    visitor: page(false, false, 'forum_posts_page_visitor'),
    visitorAfter: page(false, true, 'forum_posts_page_visitor_after'),
    member: page(true, false, 'forum_posts_page_member'),
    memberAfter: page(true, true, 'forum_posts_page_member_after'),
  };
}
const preparedPages = perDatabase(preparePostPages);

async function hasHiddenPosts(db: Database, forumId: string, userId: string) {
  const rows = await db
    .select({ id: forumPosts.id })
    .from(forumPosts)
    .where(
      and(eq(forumPosts.userId, userId), eq(forumPosts.forumId, forumId), isNotNull(forumPosts.hiddenAt)),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The page as a moderator (every hidden post, marked) or an author with hidden posts (theirs)
 * sees it: not shared, so not cached.
 */
async function listPostsWithHidden(
  db: Database,
  forum: ForumRow,
  limit: number,
  after: PinnedCursor | undefined,
  viewer: NonNullable<Viewer>,
) {
  const visible: SQL | undefined = canModerate(viewer)
    ? undefined
    : or(isNull(forumPosts.hiddenAt), eq(forumPosts.userId, viewer.id));
  const rows = await db
    .select({ post: postColumns(viewer), author: authorColumns })
    .from(forumPosts)
    .leftJoin(users, eq(users.id, forumPosts.userId))
    .where(
      and(
        eq(forumPosts.forumId, forum.id),
        visible,
        after
          ? sql`(${forumPosts.isPinned}, ${forumPosts.createdAt}, ${forumPosts.id}) < (${after.isPinned}::boolean, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(forumPosts.isPinned), desc(forumPosts.createdAt), desc(forumPosts.id))
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, ({ post }) => post);
  return { posts: await toPosts(db, page, forum, true), nextCursor };
}

/** Pinned first, then newest; keyset pages over (is_pinned, created_at, id). */
export async function listPosts(
  db: Database,
  slug: string,
  page: { limit: number; cursor?: string | undefined },
  viewer: Viewer,
): Promise<{ posts: Post[]; nextCursor: string | null }> {
  const forum = await getForumForAccess(db, slug, viewer);
  assertCanRead(forum, viewer);
  const after = page.cursor ? decodePinnedCursor(page.cursor) : undefined;
  if (viewer && (canModerate(viewer) || (await hasHiddenPosts(db, forum.id, viewer.id)))) {
    return listPostsWithHidden(db, forum, page.limit, after, viewer);
  }
  const cache = postPageCache(db);
  const key = `${forum.id}|${page.cursor ?? ''}|${page.limit}`;
  // Readers that miss together (the entry just expired) share one read of the page.
  const shared = await cache.load(key, async () => {
    const queries = preparedPages.get(db);
    const params = {
      forumId: forum.id,
      limit: page.limit + 1,
      ...(after ? { pinned: after.isPinned, createdAt: after.createdAt, id: after.id } : {}),
    };
    const rows = await (after ? queries.visitorAfter : queries.visitor).execute(params);
    const shown = keysetPage(rows, page.limit, ({ post }) => post);
    return { posts: await toPosts(db, shown.page, forum, true), nextCursor: shown.nextCursor };
  });
  if (!viewer || shared.posts.length === 0) return shared;
  return { ...shared, posts: await withLikedByMe(db, POST_LIKES, shared.posts, viewer.id) };
}

async function loadPostWithForum(db: Database, id: string, viewer: Viewer) {
  const [row] = await db
    .select({ post: postColumns(viewer), author: authorColumns, forum: forums })
    .from(forumPosts)
    .innerJoin(forums, eq(forums.id, forumPosts.forumId))
    .leftJoin(users, eq(users.id, forumPosts.userId))
    .where(eq(forumPosts.id, id));
  if (!row) throw notFound('Post');
  return row;
}

export async function getPost(db: Database, id: string, viewer: Viewer): Promise<Post> {
  const { post, author, forum } = await loadPostWithForum(db, id, viewer);
  if (!forum.isActive && !viewer?.isAdmin) throw notFound('Post');
  if (post.hiddenAt && !canSeeHidden(viewer, post.userId)) throw notFound('Post');
  assertCanRead(forum, viewer);
  const [content] = await withCurrentMentionNames(db, [post.content]);
  return toPost({ ...post, content: content! }, author, forum, false);
}

export async function createPost(
  db: Database,
  slug: string,
  input: CreatePostInput,
  viewer: NonNullable<Viewer>,
  options: { holdForReview?: boolean } = {},
) {
  const heldAt = options.holdForReview ? new Date() : null;
  const forum = await getForumRowBySlug(db, slug, viewer);
  assertCanRead(forum, viewer);
  if (!forum.isActive) {
    throw forumInactive();
  }
  const id = await communityTransaction(db, 'Forum', async (tx) => {
    const [post] = await tx
      .insert(forumPosts)
      .values({
        ...(input.id ? { id: input.id } : {}),
        forumId: forum.id,
        userId: viewer.id,
        title: input.title,
        content: input.content,
        // Held for review is hidden too: out of the forum's count until a moderator approves it.
        hiddenAt: heldAt,
        heldAt,
      })
      .onConflictDoNothing({ target: forumPosts.id })
      .returning({ id: forumPosts.id });
    if (!post) {
      // A retry of a post already made (same client-chosen id): answer it, change nothing.
      const [existing] = await tx
        .select({ userId: forumPosts.userId, forumId: forumPosts.forumId })
        .from(forumPosts)
        .where(eq(forumPosts.id, input.id!));
      if (existing?.userId !== viewer.id || existing.forumId !== forum.id) {
        throw conflict('A post with this id already exists.');
      }
      return { id: input.id!, created: false };
    }
    if (!heldAt) await countForumPosts(tx, forum.id, 1);
    await addContribution(tx, forum.id, viewer.id);
    // A post held for review tells no one: nobody else can read it yet.
    if (!heldAt) {
      await notifyMentions(tx, {
        kind: 'post',
        id: post.id,
        postId: post.id,
        postTitle: input.title,
        forum,
        authorId: viewer.id,
        content: input.content,
      });
    }
    return { id: post.id, created: true };
  });
  if (id.created) invalidateForumPages(db);
  return { post: await getPost(db, id.id, viewer), created: id.created };
}

/** Authors delete their own posts, admins any; comments and likes go with the post. */
export async function deletePost(db: Database, id: string, viewer: NonNullable<Viewer>): Promise<void> {
  await deletePostRows(db, id, viewer);
  invalidateForumPages(db);
  invalidateCommentPages(db);
}

/**
 * The post a write changes, locked: `update` to delete it, `no key update` to edit it (the lock
 * order is in community.shared.ts). 404 when it is gone.
 */
async function lockedPost(tx: Transaction, id: string, strength: 'update' | 'no key update') {
  const [post] = await tx
    .select({
      forumId: forumPosts.forumId,
      userId: forumPosts.userId,
      hiddenAt: forumPosts.hiddenAt,
      title: forumPosts.title,
      content: forumPosts.content,
    })
    .from(forumPosts)
    .where(eq(forumPosts.id, id))
    .for(strength);
  if (!post) throw notFound('Post');
  return post;
}

async function deletePostRows(db: Database, id: string, viewer: NonNullable<Viewer>): Promise<void> {
  await communityTransaction(db, 'Post', async (tx) => {
    const post = await lockedPost(tx, id, 'update');
    if (!canModerate(viewer) && post.userId !== viewer.id) throw notYours('posts');
    const commenters = await tx
      .select({ userId: forumComments.userId, count: sql<number>`count(*)::int` })
      .from(forumComments)
      .where(and(eq(forumComments.postId, id), isNotNull(forumComments.userId)))
      .groupBy(forumComments.userId);
    await tx.delete(forumPosts).where(eq(forumPosts.id, id));
    // A hidden post is already out of the count (moderation.service.ts).
    if (!post.hiddenAt) await countForumPosts(tx, post.forumId, -1);
    if (post.userId) await removeContributions(tx, post.forumId, post.userId, 1);
    for (const commenter of commenters) {
      await removeContributions(tx, post.forumId, commenter.userId!, commenter.count);
    }
  });
}

/** The same call likes and unlikes; the count changes in the same transaction as the like row. */
export async function togglePostLike(db: Database, id: string, viewer: NonNullable<Viewer>) {
  const result = await togglePostLikeRows(db, id, viewer);
  invalidateForumPages(db);
  return result;
}

async function togglePostLikeRows(db: Database, id: string, viewer: NonNullable<Viewer>) {
  const { forum, post } = await loadPostWithForum(db, id, viewer);
  if (!forum.isActive && !viewer.isAdmin) throw notFound('Post');
  if (post.hiddenAt && !canSeeHidden(viewer, post.userId)) throw notFound('Post');
  assertCanRead(forum, viewer);
  return toggleLike(db, POST_LIKES, id, viewer.id);
}

export async function setPostPinned(
  db: Database,
  id: string,
  isPinned: boolean,
  viewer: NonNullable<Viewer>,
) {
  if (!viewer) throw unauthorized();
  const updated = await db
    .update(forumPosts)
    .set({ isPinned, updatedAt: new Date() })
    .where(eq(forumPosts.id, id))
    .returning({ id: forumPosts.id });
  if (updated.length === 0) throw notFound('Post');
  invalidateForumPages(db);
  await auditPin(db, id, isPinned, viewer);
  return getPost(db, id, viewer);
}

/**
 * The author edits their post (no one else: 403), with the limits of a new post. The version it
 * replaces is kept for moderators (content_revisions).
 */
export async function updatePost(
  db: Database,
  id: string,
  input: { title: string; content: string },
  viewer: NonNullable<Viewer>,
  options: { holdForReview?: boolean } = {},
): Promise<Post> {
  await getPost(db, id, viewer);
  await communityTransaction(db, 'Post', async (tx) => {
    const post = await lockedPost(tx, id, 'no key update');
    if (post.userId !== viewer.id) throw notYoursToEdit('posts');
    if (post.title === input.title && post.content === input.content) return;
    await saveRevision(tx, 'post', id, { title: post.title, content: post.content });
    const now = new Date();
    await tx
      .update(forumPosts)
      .set({ title: input.title, content: input.content, editedAt: now, updatedAt: now })
      .where(eq(forumPosts.id, id));
    const [forum] = await tx.select().from(forums).where(eq(forums.id, post.forumId));
    await notifyMentions(tx, {
      kind: 'post',
      id,
      postId: id,
      postTitle: input.title,
      forum: forum!,
      authorId: viewer.id,
      content: input.content,
    });
    if (options.holdForReview) await holdEditedItem(tx, 'post', id);
  });
  invalidateForumPages(db);
  // Comment pages carry their post's hidden state: a post held now must not be read from them.
  if (options.holdForReview) invalidateCommentPages(db);
  return getPost(db, id, viewer);
}
