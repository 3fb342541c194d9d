import type { Comment, Post } from '@shared/schemas/community.ts';
import type { ForumHit } from '@shared/schemas/search.ts';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { createResponseCache } from '../../lib/response-cache.ts';
import type { ForumRow } from './community.shared.ts';

// The community's per-process caches and their invalidation, in one place (see README.md here).
// Each is keyed by database, so test apps on separate databases never share entries. Shared
// pages hold only what every reader may see (visible items, no caller's likes); writes on this
// process clear them at once, other instances' writes show when the entry expires.

/**
 * Forum rows by slug for 5 s: the forum page asks for its forum on every request and forums
 * change rarely. Counts in a cached row may be stale: use it for identity and access only.
 */
export const FORUM_CACHE_MS = 5_000;
const forumRows = perDatabase(() => new Map<string, { row: ForumRow; expiresAt: number }>());
export const forumRowCache = forumRows.get;

/** Forum pages (posts without the caller's likes) for 3 s: the busiest read in the forums. */
export type PostPage = { posts: Post[]; nextCursor: string | null };
const postPages = perDatabase(() => createResponseCache<PostPage>({ ttlMs: 3_000, maxEntries: 500 }));
export const postPageCache = postPages.get;

/** Comment pages (and their post's forum, for the access check) shared for 3 s, like forum pages. */
export type CommentPage = {
  forum: ForumRow;
  post: { userId: string | null; hiddenAt: Date | null };
  comments: Comment[];
  nextCursor: string | null;
};
const commentPages = perDatabase(() => createResponseCache<CommentPage>({ ttlMs: 3_000, maxEntries: 500 }));
export const commentPageCache = commentPages.get;

/**
 * The header search's forum hits (features/search) for 3 s, one entry per search, page and
 * audience (docs/decisions/093-header-search-at-a-million-posts.md); and, for as long, whether a
 * member has hidden or held items of their own (such a member gets entries of their own, as they
 * see what others do not). Every community write clears both, as it clears the pages above. A
 * search asked for in its entry's last second is read again in the background, so members of a
 * busy search never wait for it.
 */
export type ForumSearchPage = { hits: ForumHit[]; nextCursor: string | null };
const forumSearchPages = perDatabase(() =>
  createResponseCache<ForumSearchPage>({ ttlMs: 3_000, refreshAheadMs: 1_000, maxEntries: 500 }),
);
export const forumSearchCache = forumSearchPages.get;
const ownHiddenItems = perDatabase(() => createResponseCache<boolean>({ ttlMs: 3_000, maxEntries: 2_000 }));
export const ownHiddenItemsCache = ownHiddenItems.get;

function invalidateForumSearch(db: Database) {
  forumSearchPages.existing(db)?.clear();
  ownHiddenItems.existing(db)?.clear();
}

/** A post was written, moved, pinned, hidden or removed: forum pages (and forum search hits) change. */
export function invalidateForumPages(db: Database) {
  postPages.existing(db)?.clear();
  invalidateForumSearch(db);
}

/** A comment was written, hidden or removed (or its post went): comment pages (and search hits) change. */
export function invalidateCommentPages(db: Database) {
  commentPages.existing(db)?.clear();
  invalidateForumSearch(db);
}

/** Something visible on both kinds of page changed (a hide, a restore, a removal). */
export function invalidateCommunityPages(db: Database) {
  invalidateForumPages(db);
  invalidateCommentPages(db);
}

/** A forum changed: its cached row goes, and every page, which carries its forum's access rules. */
export function invalidateForums(db: Database) {
  forumRows.existing(db)?.clear();
  invalidateCommunityPages(db);
}
