import type { ForumHit, SearchResult } from '@shared/schemas/search.ts';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import type { Database } from '../../db/client.ts';
import { forumComments, forumPosts, forums, users } from '../../db/schema/index.ts';
import { decodeCursor, keysetPage, sqlRowKey } from '../../lib/cursor.ts';
import { type MemberAccess, toViewerAccess } from '../../lib/viewer.ts';
import { type AuthorSqlColumns, authorOfSqlRow } from '../community/index.ts';
import { listContent, toPrefixQuery } from '../library/index.ts';
import { chooseMatchRoute, searchForums } from './search.service.ts';

/**
 * The header search must answer exactly what it answered before it was made fast (issue 38):
 * `referenceSearchForums` below is the forum search as it was at ad9afcd, its SQL copied whole,
 * and every role's answer from `GET /api/search` (cache and all) is compared with it on a seeded
 * set of queries. The library section is `listContent`, unchanged, and compared the same way.
 * Edit the reference only if the product's rules change, never to follow the new search.
 */

const t = setUpTestApp({ RATE_LIMIT_SCALE: '1000', NEW_ACCOUNT_HOURS: '0' });
const [member, hiddenAuthor, muted, other, premium, moderator, admin, visitor] = setUpActors(
  t,
  'member',
  'member',
  'member',
  'member',
  'premium',
  'moderator',
  'admin',
  'visitor',
);

// --- The reference: today's forum search, copied (do not edit to follow the new code) -----------

const REFERENCE_WINDOW = 1000;
const HEADLINE_OPTIONS = 'MaxFragments=1, MaxWords=28, MinWords=12, ShortWord=2, FragmentDelimiter=" … "';
const SHORT_TEXT = 240;
const START = '\u0002';
const STOP = '\u0003';

function referenceVisibility(viewer: MemberAccess, withComment: boolean): SQL {
  const parts: SQL[] = [];
  if (viewer.role !== 'admin') parts.push(sql`f.is_active`);
  if (!viewer.hasPremiumAccess) parts.push(sql`not f.is_premium`);
  if (!viewer.canModerate) {
    parts.push(sql`(p.hidden_at is null or p.user_id = ${viewer.id})`);
    if (withComment) parts.push(sql`(c.hidden_at is null or c.user_id = ${viewer.id})`);
  }
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
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

async function referenceSearchForums(
  db: Database,
  search: string,
  page: { limit: number; cursor?: string | undefined },
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
  const window = REFERENCE_WINDOW;
  const result = await db.execute<HitRow>(sql`
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
            where p.search_vector @@ ${query} and ${referenceVisibility(viewer, false)}
            order by p.created_at desc, p.id desc limit ${take})
          union all
          (select ${POST_COLUMNS} from (
              select p.id from post_matches p
                join post_bound b on (p.created_at, p.id) < (b.created_at, b.id)
                join ${forums} f on f.id = p.forum_id
               where ${referenceVisibility(viewer, false)}
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
            where c.search_vector @@ ${query} and ${referenceVisibility(viewer, true)}
            order by c.created_at desc, c.id desc limit ${take})
          union all
          (select ${COMMENT_COLUMNS} from (
              select c.id from comment_matches c
                join comment_bound b on (c.created_at, c.id) < (b.created_at, b.id)
                join ${forumPosts} p on p.id = c.post_id
                join ${forums} f on f.id = p.forum_id
               where ${referenceVisibility(viewer, true)}
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
     order by h.created_at desc, h.id desc`);
  const shown = keysetPage(result.rows, page.limit, sqlRowKey);
  return {
    hits: shown.page.map((row) => ({
      kind: row.kind,
      id: row.id,
      postId: row.post_id,
      postTitle: row.post_title,
      excerpt: row.excerpt.replaceAll(START, '').replaceAll(STOP, ''),
      createdAt: new Date(row.created_at).toISOString(),
      user: authorOfSqlRow(row),
      forum: { slug: row.forum_slug, title: row.forum_title, isPremium: row.forum_is_premium },
      isHidden: row.hidden_at !== null,
      isHeld: row.held_at !== null,
    })),
    nextCursor: shown.nextCursor,
  };
}

/** Today's `search()`: the library's own search and the forum search above, side by side. */
async function referenceSearch(
  db: Database,
  query: { q: string; section?: 'content' | 'posts'; cursor?: string; limit: number },
  viewer: MemberAccess,
): Promise<SearchResult> {
  const cursor = query.section ? query.cursor : undefined;
  const [content, posts] = await Promise.all([
    query.section !== 'posts'
      ? listContent(
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
          { publishedOnly: true },
        )
      : undefined,
    query.section !== 'content'
      ? referenceSearchForums(db, query.q, { limit: query.limit, cursor }, viewer)
      : undefined,
  ]);
  return {
    content: content?.items ?? [],
    posts: posts?.hits ?? [],
    nextCursors: { content: content?.nextCursor ?? null, posts: posts?.nextCursor ?? null },
  };
}

// --- The seeded set ------------------------------------------------------------------------------

/**
 * 1,500 posts and 3,000 comments (more than the reference's newest-rows window, so both of its
 * branches answer) in an open, a premium and an inactive forum, by five authors (one muted, whose
 * items stay searchable), with hidden and held items of several authors, created_at ties (two
 * rows a second), and 60 library items (premium ones with a withheld word past the teaser, drafts).
 */
async function seed() {
  const db = t.app.database.db;
  const authors = [member, hiddenAuthor, muted, premium, moderator].map((actor) => actor.userId!);
  await db.execute(sql`update users set muted_at = now() where id = ${muted.userId!}`);
  await db.execute(sql`
    insert into forums (slug, title, description, category, is_active, is_premium)
    values ('eq-open', 'Open', 'Open forum', 'practice', true, false),
           ('eq-open-2', 'Open two', 'Open forum', 'support', true, false),
           ('eq-premium', 'Premium', 'Premium forum', 'advanced', true, true),
           ('eq-closed', 'Closed', 'Inactive forum', 'general', false, false)`);
  await db.execute(sql`
    with f as (select array_agg(id order by slug) as ids from forums where slug like 'eq-%'),
         a as (select ${sql.raw(`array['${authors.join("','")}']::uuid[]`)} as ids)
    insert into forum_posts (forum_id, user_id, title, content, hidden_at, held_at, created_at)
    select f.ids[1 + i % 4], a.ids[1 + i % 5],
           'Post ' || i || (case when i % 300 = 7 then ' lantern' else '' end),
           repeat('Some calm words about ' ||
             (array['breathing', 'breath', 'stillness', 'walking', 'rest'])[1 + i % 5] || ' today. ',
             1 + i % 9) ||
             (case when i % 97 = 3 or i % 290 = 0 or i % 130 = 1 then 'A lantern by the door.' else '' end),
           case when i % 13 = 0 or i % 29 = 0 or i % 130 = 1 then now() end,
           case when i % 29 = 0 then now() end,
           timestamptz '2026-01-01' + ((i / 2) || ' seconds')::interval
      from generate_series(1, 1500) i, f, a`);
  await db.execute(sql`
    with a as (select ${sql.raw(`array['${authors.join("','")}']::uuid[]`)} as ids),
         p as (select id, created_at, row_number() over (order by created_at, id) as n from forum_posts)
    insert into forum_comments (post_id, user_id, content, hidden_at, held_at, created_at)
    select p.id, a.ids[1 + (p.n + g) % 5],
           (case when (p.n + g) % 7 = 0 then 'Calm reply on the stillness of ' else 'Thank you for sharing ' end) ||
           (case when (p.n * g) % 211 = 5 then 'the lantern ' else '' end) || p.n ||
           repeat(' and the evening settles', (p.n % 3)::int * 5),
           case when (p.n + g) % 11 = 0 or (p.n + g) % 31 = 0 then now() end,
           case when (p.n + g) % 31 = 0 then now() end,
           p.created_at + (g || ' minutes')::interval
      from p, generate_series(1, 2) g, a`);
  await db.execute(sql`
    insert into content_items (title, description, type, is_premium, is_published, tags, created_at)
    select (array['Calm', 'Stillness', 'Lantern', 'Breathing'])[1 + i % 4] || ' practice ' || i,
           'A guided practice, number ' || i || '. ' || repeat('Follow the breath gently. ', 20) ||
             (case when i % 3 = 0 then 'withheld secret' else 'open ending' end),
           (array['video', 'audio', 'post', 'event'])[1 + i % 4],
           i % 3 = 0, i % 10 <> 0,
           array[(array['calm', 'sleep', 'focus'])[1 + i % 3]],
           timestamptz '2026-01-01' + (i || ' minutes')::interval
      from generate_series(1, 60) i`);
  await db.execute(sql`analyze forum_posts; analyze forum_comments; analyze content_items`);
}

const viewerOf = (actor: Actor) =>
  toViewerAccess({
    id: actor.userId!,
    isAdmin: actor.role === 'admin',
    isModerator: actor.role === 'moderator',
    subscriptionStatus: actor.role === 'premium' ? 'active' : null,
  });

async function searchAs(actor: Actor, params: Record<string, string>) {
  const response = await actor.request({ method: 'GET', url: `/api/search?${new URLSearchParams(params)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResult;
}

const QUERIES = [
  'calm', // in every post and in some comments
  'stillness',
  'lantern', // rare: a handful of posts and comments, most older than the newest 1,000 rows
  'brea', // a word opening: breath and breathing
  'calm stillness',
  'Post 42',
  '1499',
  'secret', // the library's withheld text: premium access only
  'nothingmatchesthis',
];
const ROLES = () => [member, hiddenAuthor, muted, other, premium, moderator, admin];

describe('GET /api/search answers what the search before issue 38 answered', () => {
  beforeAll(seed);

  it('visitors are still refused', async () => {
    expect((await visitor.request({ method: 'GET', url: '/api/search?q=calm' })).statusCode).toBe(401);
  });

  it('both sections, first pages, for every role and query (asked twice: the cached answer too)', async () => {
    const db = t.app.database.db;
    for (const q of QUERIES) {
      for (const limit of [10, 3]) {
        for (const actor of ROLES()) {
          const expected = await referenceSearch(db, { q, limit }, viewerOf(actor));
          const label = `${q}, limit ${limit}, ${actor.role} ${actor.email}`;
          expect(await searchAs(actor, { q, limit: String(limit) }), label).toEqual(expected);
          expect(await searchAs(actor, { q, limit: String(limit) }), `${label} (again)`).toEqual(expected);
        }
      }
    }
  });

  it('each section page by page through its cursors, for every role', async () => {
    const db = t.app.database.db;
    for (const q of ['lantern', 'stillness', 'calm']) {
      for (const section of ['posts', 'content'] as const) {
        for (const actor of ROLES()) {
          let cursor: string | undefined;
          // Every page of a rare word; the first pages of common ones.
          for (let pageNumber = 0; pageNumber < 6; pageNumber += 1) {
            const params: Record<string, string> = { q, section, limit: '7' };
            if (cursor) params.cursor = cursor;
            const expected = await referenceSearch(db, { q, section, cursor, limit: 7 }, viewerOf(actor));
            const label = `${q}, ${section} page ${pageNumber}, ${actor.role} ${actor.email}`;
            expect(await searchAs(actor, params), label).toEqual(expected);
            cursor = expected.nextCursors[section] ?? undefined;
            if (!cursor) break;
          }
        }
      }
    }
  });

  it('both ways of finding matches (newest rows first, or the index alone) answer the same', async () => {
    const db = t.app.database.db;
    for (const q of ['calm', 'lantern', 'stillness', 'brea', '1499']) {
      for (const actor of ROLES()) {
        for (const route of ['window', 'index'] as const) {
          let cursor: string | undefined;
          for (let pageNumber = 0; pageNumber < 3; pageNumber += 1) {
            const expected = await referenceSearchForums(db, q, { limit: 9, cursor }, viewerOf(actor));
            const label = `${q}, ${route} page ${pageNumber}, ${actor.role} ${actor.email}`;
            expect(await searchForums(db, q, { limit: 9, cursor, route }, viewerOf(actor)), label).toEqual(
              expected,
            );
            cursor = expected.nextCursor ?? undefined;
            if (!cursor) break;
          }
        }
      }
    }
  });

  it('the seeded set exercises every rule (so the comparison above means something)', async () => {
    const db = t.app.database.db;
    const lantern = async (actor: Actor) => {
      const hits: ForumHit[] = [];
      let cursor: string | undefined;
      do {
        const page = await referenceSearchForums(db, 'lantern', { limit: 24, cursor }, viewerOf(actor));
        hits.push(...page.hits);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return hits;
    };
    const asModerator = await lantern(moderator);
    const asOther = await lantern(other);
    const asAuthor = await lantern(hiddenAuthor);
    expect(asModerator.some((hit) => hit.isHeld)).toBe(true);
    expect(asModerator.some((hit) => hit.isHidden && !hit.isHeld)).toBe(true);
    expect(asOther.some((hit) => hit.isHidden)).toBe(false);
    expect(asAuthor.some((hit) => hit.isHidden)).toBe(true);
    expect(asModerator.some((hit) => hit.user.id === muted.userId)).toBe(true);
    expect((await lantern(premium)).some((hit) => hit.forum.isPremium)).toBe(true);
    expect(asOther.some((hit) => hit.forum.isPremium)).toBe(false);
    expect((await lantern(admin)).some((hit) => hit.forum.slug === 'eq-closed')).toBe(true);
    expect(asModerator.some((hit) => hit.forum.slug === 'eq-closed')).toBe(false);
    // The routes the statistics choose: the comparisons through GET /api/search took both.
    expect(await chooseMatchRoute(db, 'forum_posts', ['calm'], 11, 1000)).toBe('window');
    expect(await chooseMatchRoute(db, 'forum_posts', ['1499'], 11, 1000)).toBe('index');
    expect(await chooseMatchRoute(db, 'forum_comments', ['lantern'], 11, 1000)).toBe('index');
    const secretForMember = await referenceSearch(db, { q: 'secret', limit: 10 }, viewerOf(member));
    const secretForPremium = await referenceSearch(db, { q: 'secret', limit: 10 }, viewerOf(premium));
    expect(secretForMember.content).toEqual([]);
    expect(secretForPremium.content.length).toBeGreaterThan(0);
  });
});
