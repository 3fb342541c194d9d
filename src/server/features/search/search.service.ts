import { type SearchQuerySchema, type SearchResult, searchTerms } from '@shared/schemas/search.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, executePrepared } from '../../db/client.ts';
import { forumComments, forumPosts, forums, users } from '../../db/schema/index.ts';
import { decodeCursor, keysetPage, sqlRowKey } from '../../lib/cursor.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { sharedResult } from '../../lib/shared-result.ts';
import type { MemberAccess } from '../../lib/viewer.ts';
import {
  type AuthorSqlColumns,
  authorOfSqlRow,
  type ForumSearchPage,
  forumSearchCache,
  ownHiddenItemsCache,
} from '../community/index.ts';
import {
  readSearchStatistics,
  type SearchStatistics,
  searchContentCached,
  toPrefixQuery,
} from '../library/index.ts';

/**
 * The header search (docs/decisions/035-search.md). The library section is the library's own
 * search (`listContent` with `search`: drafts never, premium texts as teasers, premium items
 * matched on title and tags only without access). The forum section searches posts and comments
 * through their generated `search_vector` columns and GIN indexes, with the rules of the forum
 * pages: inactive forums for admins only, premium forums for premium access only, hidden and held
 * items for their author and moderators only (a comment also needs its post visible), removed
 * items are deleted rows. Both sections are newest first, in keyset pages. Each section's answers
 * are shared for 3 s by members who may see the same rows; every community write clears the
 * forum ones, every admin content write the library ones
 * (docs/decisions/093-header-search-at-a-million-posts.md).
 */

type SearchQuery = z.output<typeof SearchQuerySchema>;

/** The passage shown for a hit: ts_headline picks it; the client marks the terms. */
const HEADLINE_OPTIONS = 'MaxFragments=1, MaxWords=28, MinWords=12, ShortWord=2, FragmentDelimiter=" … "';
/** A text this short is shown whole (ts_headline would trim its edges and punctuation). */
const SHORT_TEXT = 240;
/** ts_headline wraps matches in these; removed again here, as the client does the marking. */
const START = '\u0002';
const STOP = '\u0003';

/** Who may see which forum rows, as SQL over `f` (forum), `p` (post) and optionally `c` (comment). */
function visibility(viewer: MemberAccess, withComment: boolean): SQL {
  const parts: SQL[] = [];
  if (viewer.role !== 'admin') parts.push(sql`f.is_active`);
  if (!viewer.hasPremiumAccess) parts.push(sql`not f.is_premium`);
  if (!viewer.canModerate) {
    // Held items are hidden too (hidden_at is set with held_at), so this covers both.
    parts.push(sql`(p.hidden_at is null or p.user_id = ${viewer.id})`);
    if (withComment) parts.push(sql`(c.hidden_at is null or c.user_id = ${viewer.id})`);
  }
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * How a forum section finds its newest matches whatever the word (docs/decisions/047-search-newest-window.md): first the
 * newest `RECENT_WINDOW` rows after the cursor are read through the `created_at` index and
 * filtered, which is enough for any word that is common lately; only when that finds less than a
 * page does the GIN index list every match, and just the ones older than the window are sorted.
 * PostgreSQL runs a `union all` branch under a `limit` only when the rows before it fall short,
 * and a materialized CTE only when something reads it, so a common word never reaches the GIN
 * scan and a rare word reads a short posting list. Without this the planner guessed a word's
 * frequency and either sorted every match of a common word or walked every row for a missing
 * one: 9.3 s at 1M posts (bench/README.md).
 *
 * A word that PostgreSQL's statistics expect in too few rows to fill a page from the window skips
 * the window (`'index'`): walking a thousand rows to find nothing was most of the header search's
 * time at 1M posts (docs/decisions/093-header-search-at-a-million-posts.md).
 */
export const RECENT_WINDOW = 1000;

/** How a table's matches are found: the newest rows first, or the GIN index alone. */
export type MatchRoute = 'window' | 'index';

/** Statistics are read at most once a minute per table (ANALYZE runs far less often). */
const STATISTICS_TTL_MS = 60_000;
type SearchedTable = 'forum_posts' | 'forum_comments';
const forumStatistics = perDatabase((db) => ({
  forum_posts: sharedResult(STATISTICS_TTL_MS, () =>
    readSearchStatistics(db, 'forum_posts').catch(() => null),
  ),
  forum_comments: sharedResult(STATISTICS_TTL_MS, () =>
    readSearchStatistics(db, 'forum_comments').catch(() => null),
  ),
}));

/**
 * The share of rows expected to match every term as a word opening (`term:*`): per term, the
 * shares of the commonest lexemes it opens (summed, at most 1) plus PostgreSQL's share for any
 * other lexeme; the terms' shares multiplied, as PostgreSQL does for `a & b`.
 */
export function expectedMatchShare(statistics: SearchStatistics, terms: readonly string[]): number {
  let share = 1;
  for (const term of terms) {
    let termShare = statistics.otherFrequency;
    for (const [lexeme, frequency] of statistics.frequencies) {
      if (lexeme.startsWith(term)) termShare += frequency;
    }
    share *= Math.min(1, termShare);
  }
  return share;
}

/**
 * `'index'` when the newest `window` rows are expected to hold fewer matches than a page needs:
 * the window would then be walked for little and the index read anyway. Without statistics
 * (never analysed) the window, as before.
 */
export async function chooseMatchRoute(
  db: Database,
  table: SearchedTable,
  terms: readonly string[],
  take: number,
  window: number,
): Promise<MatchRoute> {
  const statistics = await forumStatistics.get(db)[table]();
  if (!statistics || terms.length === 0) return 'window';
  return expectedMatchShare(statistics, terms) * window < take ? 'index' : 'window';
}

const POST_COLUMNS = sql.raw(`'post' as kind, p.id, p.id as post_id, p.title as post_title, p.content as body,
  p.created_at, p.hidden_at, p.held_at, p.user_id, f.slug as forum_slug, f.title as forum_title,
  f.is_premium as forum_is_premium`);
const COMMENT_COLUMNS =
  sql.raw(`'comment' as kind, c.id, p.id as post_id, p.title as post_title, c.content as body,
  c.created_at, c.hidden_at, c.held_at, c.user_id, f.slug as forum_slug, f.title as forum_title,
  f.is_premium as forum_is_premium`);

type HitRow = AuthorSqlColumns & {
  kind: 'post' | 'comment';
  id: string;
  post_id: string;
  post_title: string;
  excerpt: string;
  created_at: string;
  hidden_at: string | null;
  held_at: string | null;
  forum_slug: string;
  forum_title: string;
  forum_is_premium: boolean;
};

type ForumSearchPageOptions = {
  limit: number;
  cursor?: string | undefined;
  window?: number;
  /** Forces a route for both tables (tests, bench/search-explain.ts); otherwise statistics choose. */
  route?: MatchRoute;
};

export async function searchForums(
  db: Database,
  search: string,
  page: ForumSearchPageOptions,
  viewer: MemberAccess,
): Promise<ForumSearchPage> {
  const statement = await forumSearchStatement(db, search, page, viewer);
  if (!statement) return { hits: [], nextCursor: null };
  const rows = await executePrepared<HitRow>(db, 'search_forums', statement);
  const shown = keysetPage(rows, page.limit, sqlRowKey);
  return {
    hits: shown.page.map((row) => ({
      kind: row.kind,
      id: row.id,
      postId: row.post_id,
      postTitle: row.post_title,
      excerpt: row.excerpt.replaceAll(START, '').replaceAll(STOP, ''),
      createdAt: new Date(row.created_at).toISOString(),
      // A deleted author leaves user_id (and the joined names) null: the author is all-null.
      user: authorOfSqlRow(row),
      forum: { slug: row.forum_slug, title: row.forum_title, isPremium: row.forum_is_premium },
      isHidden: row.hidden_at !== null,
      isHeld: row.held_at !== null,
    })),
    nextCursor: shown.nextCursor,
  };
}

/** The forum search's statement (null when the search has no words), for `searchForums` and EXPLAIN. */
export async function forumSearchStatement(
  db: Database,
  search: string,
  page: ForumSearchPageOptions,
  viewer: MemberAccess,
): Promise<SQL | null> {
  const tsquery = toPrefixQuery(search);
  if (!tsquery) return null;
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const keyset = (alias: string) =>
    after
      ? sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`true`;
  const take = page.limit + 1;
  const window = page.window ?? RECENT_WINDOW;
  const terms = searchTerms(search);
  const [postRoute, commentRoute] = await Promise.all([
    page.route ?? chooseMatchRoute(db, 'forum_posts', terms, take, window),
    page.route ?? chooseMatchRoute(db, 'forum_comments', terms, take, window),
  ]);

  // The matches older than the window (or all of them, on the index route), newest first.
  const olderPosts = (bound: SQL) => sql`
    (select ${POST_COLUMNS} from (
        select p.id from post_matches p
          ${bound}
          join ${forums} f on f.id = p.forum_id
         where ${keyset('p')} and ${visibility(viewer, false)}
         order by p.created_at desc, p.id desc limit ${take}) older
       join ${forumPosts} p on p.id = older.id
       join ${forums} f on f.id = p.forum_id
      order by p.created_at desc, p.id desc)`;
  const olderComments = (bound: SQL) => sql`
    (select ${COMMENT_COLUMNS} from (
        select c.id from comment_matches c
          ${bound}
          join ${forumPosts} p on p.id = c.post_id
          join ${forums} f on f.id = p.forum_id
         where ${keyset('c')} and ${visibility(viewer, true)}
         order by c.created_at desc, c.id desc limit ${take}) older
       join ${forumComments} c on c.id = older.id
       join ${forumPosts} p on p.id = c.post_id
       join ${forums} f on f.id = p.forum_id
      order by c.created_at desc, c.id desc)`;
  const postHits =
    postRoute === 'index'
      ? olderPosts(sql``)
      : sql`(select * from (
          (select ${POST_COLUMNS} from (
              select * from ${forumPosts} p where ${keyset('p')}
               order by p.created_at desc, p.id desc limit ${window}) p
             join ${forums} f on f.id = p.forum_id
            where p.search_vector @@ ${query} and ${visibility(viewer, false)}
            order by p.created_at desc, p.id desc limit ${take})
          union all
          ${olderPosts(sql`join post_bound b on (p.created_at, p.id) < (b.created_at, b.id)`)}
        ) posts limit ${take})`;
  const commentHits =
    commentRoute === 'index'
      ? olderComments(sql``)
      : sql`(select * from (
          (select ${COMMENT_COLUMNS} from (
              select * from ${forumComments} c where ${keyset('c')}
               order by c.created_at desc, c.id desc limit ${window}) c
             join ${forumPosts} p on p.id = c.post_id
             join ${forums} f on f.id = p.forum_id
            where c.search_vector @@ ${query} and ${visibility(viewer, true)}
            order by c.created_at desc, c.id desc limit ${take})
          union all
          ${olderComments(sql`join comment_bound b on (c.created_at, c.id) < (b.created_at, b.id)`)}
        ) comments limit ${take})`;
  return sql`
    with post_bound as (
      select p.created_at, p.id from ${forumPosts} p where ${keyset('p')}
       order by p.created_at desc, p.id desc offset ${window - 1} limit 1
    ), comment_bound as (
      select c.created_at, c.id from ${forumComments} c where ${keyset('c')}
       order by c.created_at desc, c.id desc offset ${window - 1} limit 1
    ), post_matches as materialized (
      select p.id, p.created_at, p.forum_id, p.hidden_at, p.user_id
        from ${forumPosts} p where p.search_vector @@ ${query}
    ), comment_matches as materialized (
      select c.id, c.created_at, c.post_id, c.hidden_at, c.user_id
        from ${forumComments} c where c.search_vector @@ ${query}
    ), hits as (
      select * from (
        ${postHits}
        union all
        ${commentHits}
      ) merged
      order by created_at desc, id desc
      limit ${take}
    )
    select h.kind, h.id, h.post_id, h.post_title, h.created_at, h.hidden_at, h.held_at, h.user_id,
           h.forum_slug, h.forum_title, h.forum_is_premium,
           case when char_length(h.body) <= ${SHORT_TEXT}
                then h.body
                else '… ' || ts_headline('simple', h.body, ${query},
                  ${`${HEADLINE_OPTIONS}, StartSel=${START}, StopSel=${STOP}`}) || ' …'
           end as excerpt,
           u.first_name, u.last_name, u.image
      from hits h
      left join ${users} u on u.id = h.user_id
     order by h.created_at desc, h.id desc`;
}

/**
 * Whose forum hits a member shares (docs/decisions/093-header-search-at-a-million-posts.md):
 * what a member may see depends on the admin role (inactive forums), premium access, moderation
 * (every hidden item) and, for anyone else, their own hidden or held items. Members without such
 * items share one entry per premium access; a member with some gets entries of their own.
 */
async function forumAudience(db: Database, viewer: MemberAccess): Promise<string> {
  const access = viewer.hasPremiumAccess ? 'premium' : 'free';
  if (viewer.role === 'admin') return `admin:${access}`;
  if (viewer.canModerate) return `moderator:${access}`;
  const hasOwn = await ownHiddenItemsCache(db).load(viewer.id, async () => {
    const result = await db.execute<{ has_own: boolean }>(sql`
      select exists (select 1 from ${forumPosts} where user_id = ${viewer.id} and hidden_at is not null)
          or exists (select 1 from ${forumComments} where user_id = ${viewer.id} and hidden_at is not null)
          as has_own`);
    return result.rows[0]?.has_own === true;
  });
  return hasOwn ? `member:${viewer.id}:${access}` : `member:${access}`;
}

/** `searchForums`, its answer shared for a few seconds by everyone in the same audience. */
export async function searchForumsCached(
  db: Database,
  search: string,
  page: { limit: number; cursor?: string | undefined },
  viewer: MemberAccess,
): Promise<ForumSearchPage> {
  const tsquery = toPrefixQuery(search);
  if (!tsquery) return { hits: [], nextCursor: null };
  // Keyed by the query PostgreSQL runs: "Calm" and "calm " share an entry.
  const key = JSON.stringify([await forumAudience(db, viewer), tsquery, page.limit, page.cursor ?? null]);
  return forumSearchCache(db).load(key, () => searchForums(db, search, page, viewer));
}

/** Both sections (first pages), or one section's next page (`section` and `cursor`). */
export async function search(db: Database, query: SearchQuery, viewer: MemberAccess) {
  const wantsContent = query.section !== 'posts';
  const wantsPosts = query.section !== 'content';
  // A cursor belongs to one section: without `section` it would be ambiguous, so it is ignored.
  const cursor = query.section ? query.cursor : undefined;
  const [content, posts] = await Promise.all([
    wantsContent
      ? searchContentCached(
          db,
          {
            search: query.q,
            type: undefined,
            access: undefined,
            duration: undefined,
            language: undefined,
            sort: 'newest',
            limit: query.limit,
            cursor,
          },
          viewer,
        )
      : undefined,
    wantsPosts ? searchForumsCached(db, query.q, { limit: query.limit, cursor }, viewer) : undefined,
  ]);
  return {
    content: content?.items ?? [],
    posts: posts?.hits ?? [],
    nextCursors: { content: content?.nextCursor ?? null, posts: posts?.nextCursor ?? null },
  } satisfies SearchResult;
}
