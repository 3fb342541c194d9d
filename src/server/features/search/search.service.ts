import type { ForumHit, SearchQuerySchema, SearchResult } from '@shared/schemas/search.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, executePrepared } from '../../db/client.ts';
import { forumComments, forumPosts, forums, users } from '../../db/schema/index.ts';
import { decodeCursor, keysetPage, sqlRowKey } from '../../lib/cursor.ts';
import type { MemberAccess } from '../../lib/viewer.ts';
import { type AuthorSqlColumns, authorOfSqlRow } from '../community/index.ts';
import { listContent, toPrefixQuery } from '../library/index.ts';

/**
 * The header search (docs/decisions/035-search.md). The library section is the library's own
 * search (`listContent` with `search`: drafts never, premium texts as teasers, premium items
 * matched on title and tags only without access). The forum section searches posts and comments
 * through their generated `search_vector` columns and GIN indexes, with the rules of the forum
 * pages: inactive forums for admins only, premium forums for premium access only, hidden and held
 * items for their author and moderators only (a comment also needs its post visible), removed
 * items are deleted rows. Both sections are newest first, in keyset pages.
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
 */
export const RECENT_WINDOW = 1000;

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

export async function searchForums(
  db: Database,
  search: string,
  page: { limit: number; cursor?: string | undefined; window?: number },
  viewer: MemberAccess,
): Promise<{ hits: ForumHit[]; nextCursor: string | null }> {
  const tsquery = toPrefixQuery(search);
  if (!tsquery) return { hits: [], nextCursor: null };
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const keyset = (alias: string) =>
    after
      ? sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`true`;
  const take = page.limit + 1;
  const window = page.window ?? RECENT_WINDOW;
  const rows = await executePrepared<HitRow>(
    db,
    'search_forums',
    sql`
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
        (select * from (
          (select ${POST_COLUMNS} from (
              select * from ${forumPosts} p where ${keyset('p')}
               order by p.created_at desc, p.id desc limit ${window}) p
             join ${forums} f on f.id = p.forum_id
            where p.search_vector @@ ${query} and ${visibility(viewer, false)}
            order by p.created_at desc, p.id desc limit ${take})
          union all
          (select ${POST_COLUMNS} from (
              select p.id from post_matches p
                join post_bound b on (p.created_at, p.id) < (b.created_at, b.id)
                join ${forums} f on f.id = p.forum_id
               where ${visibility(viewer, false)}
               order by p.created_at desc, p.id desc limit ${take}) older
             join ${forumPosts} p on p.id = older.id
             join ${forums} f on f.id = p.forum_id
            order by p.created_at desc, p.id desc)
        ) posts limit ${take})
        union all
        (select * from (
          (select ${COMMENT_COLUMNS} from (
              select * from ${forumComments} c where ${keyset('c')}
               order by c.created_at desc, c.id desc limit ${window}) c
             join ${forumPosts} p on p.id = c.post_id
             join ${forums} f on f.id = p.forum_id
            where c.search_vector @@ ${query} and ${visibility(viewer, true)}
            order by c.created_at desc, c.id desc limit ${take})
          union all
          (select ${COMMENT_COLUMNS} from (
              select c.id from comment_matches c
                join comment_bound b on (c.created_at, c.id) < (b.created_at, b.id)
                join ${forumPosts} p on p.id = c.post_id
                join ${forums} f on f.id = p.forum_id
               where ${visibility(viewer, true)}
               order by c.created_at desc, c.id desc limit ${take}) older
             join ${forumComments} c on c.id = older.id
             join ${forumPosts} p on p.id = c.post_id
             join ${forums} f on f.id = p.forum_id
            order by c.created_at desc, c.id desc)
        ) comments limit ${take})
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
     order by h.created_at desc, h.id desc`,
  );
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

/** Both sections (first pages), or one section's next page (`section` and `cursor`). */
export async function search(db: Database, query: SearchQuery, viewer: MemberAccess) {
  const wantsContent = query.section !== 'posts';
  const wantsPosts = query.section !== 'content';
  // A cursor belongs to one section: without `section` it would be ambiguous, so it is ignored.
  const cursor = query.section ? query.cursor : undefined;
  const [content, posts] = await Promise.all([
    wantsContent
      ? listContent(
          db,
          {
            search: query.q,
            type: undefined,
            access: undefined,
            duration: undefined,
            sort: 'newest',
            limit: query.limit,
            cursor,
          },
          viewer,
          { publishedOnly: true },
        )
      : undefined,
    wantsPosts ? searchForums(db, query.q, { limit: query.limit, cursor }, viewer) : undefined,
  ]);
  return {
    content: content?.items ?? [],
    posts: posts?.hits ?? [],
    nextCursors: { content: content?.nextCursor ?? null, posts: posts?.nextCursor ?? null },
  } satisfies SearchResult;
}
