import { hasPremiumAccess } from '@shared/entitlements.ts';
import { mentionedUserIds, rewriteMentions } from '@shared/markdown.ts';
import { authorName, type Mentionable } from '@shared/schemas/community.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentRevisions, forumComments, forumPosts, forums, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { notifyMentions as notifyMentioned } from '../notifications/index.ts';
import { assertCanRead, type ForumRow, type Transaction } from './community.shared.ts';
import { canSeeHidden } from './moderation.service.ts';

/**
 * Mentions (`@[Name](user:<id>)`, src/shared/markdown.ts; decision 033): stored by user id,
 * shown with the person's name as it is now, and each mentioned member is told once per post or
 * comment.
 */

const hasMention = (text: string) => text.includes('](user:');

/** The current names of everyone mentioned in these texts (one query, none without mentions). */
async function currentNames(db: Database, texts: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(texts.filter(hasMention).flatMap(mentionedUserIds))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, authorName(row)]));
}

/**
 * The texts with every mention showing its member's current name; a mention of someone who does
 * not exist becomes plain text (rewriteMentions).
 */
export async function withCurrentMentionNames(db: Database, texts: string[]): Promise<string[]> {
  if (!texts.some(hasMention)) return texts;
  const names = await currentNames(db, texts);
  return texts.map((text) => (hasMention(text) ? rewriteMentions(text, names) : text));
}

/** The same for a list of items with a `content` (posts, comments, revisions). */
export async function withMentionNamesIn<T extends { content: string }>(
  db: Database,
  items: T[],
): Promise<T[]> {
  if (!items.some((item) => hasMention(item.content))) return items;
  const contents = await withCurrentMentionNames(
    db,
    items.map((item) => item.content),
  );
  return items.map((item, index) => ({ ...item, content: contents[index]! }));
}

/** What telling a mentioned member needs from the app (routes pass it). */
export type MentionedItem = {
  kind: 'post' | 'comment';
  id: string;
  /** The post itself, or the comment's post: where the link in the message goes. */
  postId: string;
  postTitle: string;
  forum: Pick<ForumRow, 'title' | 'isActive' | 'isPremium'>;
  authorId: string;
  content: string;
};

/**
 * Tells each member newly mentioned in an item, once per item: not its author, not someone
 * already mentioned in an earlier version (a re-saved edit tells no one again), not someone who
 * cannot read the forum (a premium forum's mention of a member without premium access, a closed
 * forum). Runs in the item's transaction and leaves a notice in the notification centre, which
 * delivers it by push or e-mail as each member's Settings ask (features/notifications).
 */
export async function notifyMentions(tx: Transaction, item: MentionedItem): Promise<string[]> {
  const mentioned = mentionedUserIds(item.content).filter((id) => id !== item.authorId);
  if (mentioned.length === 0) return [];
  const earlier = await tx
    .select({ content: contentRevisions.content })
    .from(contentRevisions)
    .where(
      item.kind === 'post' ? eq(contentRevisions.postId, item.id) : eq(contentRevisions.commentId, item.id),
    );
  const alreadyMentioned = new Set(earlier.flatMap((revision) => mentionedUserIds(revision.content)));
  const fresh = mentioned.filter((id) => !alreadyMentioned.has(id));
  if (fresh.length === 0) return [];
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      subscriptionStatus: users.subscriptionStatus,
      premiumAccessEndsAt: users.premiumAccessEndsAt,
    })
    .from(users)
    .where(inArray(users.id, fresh));
  const told = people.filter(
    (person) =>
      (item.forum.isActive || person.isAdmin) && (!item.forum.isPremium || hasPremiumAccess(person)),
  );
  await notifyMentioned(tx, {
    mentionedUserIds: told.map((person) => person.id),
    actorId: item.authorId,
    postId: item.postId,
    commentId: item.kind === 'comment' ? item.id : undefined,
    postTitle: item.postTitle,
  });
  return told.map((person) => person.id);
}

const MENTIONABLE_LIMIT = 8;
/** The recent posts (and the thread's recent comments) whose authors are offered. */
const RECENT_WINDOW = 50;

/**
 * Whom a member may mention while writing in a forum: the people in the thread (the post's author
 * and commenters) first, then the forum's recent posters; never the writer, never a deleted
 * account; filtered by name. The forum's reading rules apply first: a member who cannot read a
 * premium forum learns no names from it (403), a closed forum is 404 to non-admins.
 */
export async function listMentionable(
  db: Database,
  forumId: string,
  query: { q: string; postId?: string | undefined },
  viewer: NonNullable<Viewer>,
): Promise<Mentionable[]> {
  const [forum] = await db.select().from(forums).where(eq(forums.id, forumId));
  if (!forum) throw notFound('Forum');
  assertCanRead(forum, viewer);
  if (query.postId) {
    const [post] = await db
      .select({ forumId: forumPosts.forumId, userId: forumPosts.userId, hiddenAt: forumPosts.hiddenAt })
      .from(forumPosts)
      .where(eq(forumPosts.id, query.postId));
    if (!post || post.forumId !== forum.id || (post.hiddenAt && !canSeeHidden(viewer, post.userId))) {
      throw notFound('Post');
    }
  }
  const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const thread = query.postId
    ? sql`select ${forumPosts.userId} as user_id, ${forumPosts.createdAt} as at, true as in_thread
          from ${forumPosts} where ${forumPosts.id} = ${query.postId}
        union all
        (select ${forumComments.userId}, ${forumComments.createdAt}, true from ${forumComments}
          where ${forumComments.postId} = ${query.postId} and ${forumComments.hiddenAt} is null
          order by ${forumComments.createdAt} desc limit ${RECENT_WINDOW})
        union all`
    : sql``;
  const { rows } = await db.execute<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    image: string | null;
  }>(sql`
    select u.id, u.first_name, u.last_name, u.image
    from (
      ${thread}
      (select ${forumPosts.userId} as user_id, ${forumPosts.createdAt} as at, false as in_thread
        from ${forumPosts} where ${forumPosts.forumId} = ${forum.id} and ${forumPosts.hiddenAt} is null
        order by ${forumPosts.createdAt} desc limit ${RECENT_WINDOW})
    ) people
    join ${users} u on u.id = people.user_id
    where u.id <> ${viewer.id}
      and (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ${pattern}
    group by u.id
    order by bool_or(people.in_thread) desc, max(people.at) desc
    limit ${MENTIONABLE_LIMIT}`);
  return rows.map((row) => ({
    id: row.id,
    name: authorName({ id: row.id, firstName: row.first_name, lastName: row.last_name }),
    profileImageUrl: row.image,
  }));
}
