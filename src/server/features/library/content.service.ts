import { createHash } from 'node:crypto';
import { articleToPlainText } from '@shared/markdown-parser.ts';
import {
  type ContentItem,
  type ContentListQuerySchema,
  type ContentValues,
  durationRange,
  readingTimeMinutes,
  type SignedUrlResponse,
} from '@shared/schemas/content.ts';
import { searchTerms } from '@shared/schemas/search.ts';
import { and, desc, eq, getTableColumns, isNotNull, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { contentItems, contentPlays, favorites } from '../../db/schema/index.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { deleteById } from '../../lib/delete-by-id.ts';
import { noMedia, notFound, premiumRequired } from '../../lib/errors.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { createResponseCache } from '../../lib/response-cache.ts';
import { toPublicationState } from '../../lib/scheduled-publishing.ts';
import type { MemberAccess, ViewerAccess } from '../../lib/viewer.ts';
import { getPlayableLink, getUploadedMediaDuration, type MediaLinkDeps } from '../media/index.ts';
import { isSelectiveSearch } from './search-statistics.ts';

// Everything but the search vector (large, internal) and the demo seed key.
const { searchVector: _searchVector, seedKey: _seedKey, ...columns } = getTableColumns(contentItems);
export const contentColumns = columns;
export type ContentRow = Omit<typeof contentItems.$inferSelect, 'searchVector' | 'seedKey'>;
type ListQuery = z.output<typeof ContentListQuerySchema>;

export const PREMIUM_CONTENT_MESSAGE = 'This content requires a premium subscription.';
export const NO_MEDIA_MESSAGE = 'Video source not available';

/** The longest teaser of a premium text a viewer without premium access receives, in characters. */
export const PREMIUM_TEASER_MAX_LENGTH = 280;

/**
 * The opening of a premium text, as plain words: at most PREMIUM_TEASER_MAX_LENGTH characters and at most half of
 * the text (so a short premium text never arrives whole), cut at a word boundary. A text without
 * spaces in that span (some scripts do not use them) is cut at the character limit.
 * docs/decisions/014-premium-teasers.md.
 */
export function toPremiumTeaser(text: string): string {
  // Cut from the rendered words of the Markdown (issue 36), never from its source: no markup, no
  // link address and no image is ever part of a teaser, and no tag can be cut in half.
  const characters = Array.from(articleToPlainText(text));
  const limit = Math.min(PREMIUM_TEASER_MAX_LENGTH, Math.floor(characters.length / 2));
  const head = characters.slice(0, limit).join('');
  const isAtBoundary = /\s/.test(characters[limit] ?? ' ');
  if (isAtBoundary) return head.trimEnd();
  const lastSpace = head.search(/\s\S*$/);
  return (lastSpace > 0 ? head.slice(0, lastSpace) : head).trimEnd();
}

/**
 * The API shape of an item, and the one place the premium rule shapes it: for a premium item and
 * a viewer without premium access (`ViewerAccess.hasPremiumAccess`) the text is only a teaser,
 * flagged `isTeaser`; the other fields are the card's. Media locations only for admins (members
 * reach media through signed URLs).
 */
export function toContentItem(row: ContentRow, viewer: ViewerAccess): ContentItem {
  const isTeaser = row.isPremium && !viewer.hasPremiumAccess;
  const item: ContentItem = {
    id: row.id,
    title: row.title,
    description: isTeaser ? toPremiumTeaser(row.description) : row.description,
    isTeaser,
    readingMinutes: readingTimeMinutes(row),
    type: row.type,
    thumbnailUrl: row.thumbnailUrl,
    duration: row.duration,
    isPremium: row.isPremium,
    isPublished: row.isPublished,
    tags: row.tags,
    intensity: row.intensity,
    language: row.language,
    calendarDates: row.calendarDates,
    hasMedia: Boolean(row.videoUrl || row.videoFileUrl),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (viewer.role === 'admin') {
    item.videoUrl = row.videoUrl;
    item.videoFileUrl = row.videoFileUrl;
    item.publishAt = row.publishAt?.toISOString() ?? null;
  }
  return item;
}

/** `term1 & term2` from what a person typed (words and numbers only), each term as `toTerm` writes it. */
function termsQuery(search: string, toTerm: (term: string) => string): string | null {
  const terms = searchTerms(search);
  return terms.length === 0 ? null : terms.map(toTerm).join(' & ');
}

/**
 * `term1:* & term2:*`: each typed word a prefix. With `weights` ('AB'), each term matches only
 * those parts of the search vector (A title, B tags, C description: migration 0002).
 */
export function toPrefixQuery(search: string, weights = ''): string | null {
  return termsQuery(search, (term) => `${term}:*${weights}`);
}

/**
 * The longest typed word the library looks up whole. Its search vector holds every prefix of a
 * word up to 32 characters (migration 0020), so `brea` finds "breathing" as one lexeme; a longer
 * word stays a prefix. Two characters short of 32: lowercasing can lengthen a word.
 */
const WHOLE_TERM_MAX = 30;

/** `toPrefixQuery` for the library's search vector: each typed word looked up whole (decision 065). */
export function toLibraryQuery(search: string, weights = ''): string | null {
  return termsQuery(search, (term) =>
    Array.from(term).length > WHOLE_TERM_MAX ? `${term}:*${weights}` : weights ? `${term}:${weights}` : term,
  );
}

/** `publishedOnly`: drafts are left out for admins too (the header search never shows drafts). */
type ListOptions = { publishedOnly?: boolean };

/**
 * Which of the list's conditions a request has, never their values: the newest-first list keeps
 * one prepared statement per shape (`listNewest`).
 */
export type ListShape = {
  publishedOnly: boolean;
  type: boolean;
  access: boolean;
  durationMin: boolean;
  durationMax: boolean;
  language: boolean;
  /** 'none' = no search; 'nothing' = only punctuation typed; 'all' / 'card' = the premium rule. */
  search: 'none' | 'nothing' | 'all' | 'card';
  /** A search whose words PostgreSQL's statistics call rare (`isSelectiveSearch`). */
  selective: boolean;
  month: boolean;
  cursor: boolean;
};

/** The values of a request's conditions, by the names the prepared statements bind them to. */
type ListValues = {
  type: ListQuery['type'];
  premium: boolean;
  durationMin: number | undefined;
  durationMax: number | undefined;
  language: string | undefined;
  tsquery: string | null;
  cardQuery: string | null | undefined;
  month: string | undefined;
  cursorAt: string | undefined;
  cursorId: string | undefined;
  limit: number;
  /** The selective search's `offset 0` (see `newestQuery`). */
  fence: number;
};

/**
 * How a condition receives a value: the value itself, bound as a parameter of this one query
 * (`inlineValues`), or a named placeholder that a prepared statement fills on each run
 * (`placeholders`). The same builder writes both, so every condition exists once.
 */
type ValueSource = <Name extends keyof ListValues>(name: Name) => ListValues[Name] | Placeholder;

const placeholders: ValueSource = (name) => sql.placeholder(name);
const inlineValues =
  (values: ListValues): ValueSource =>
  (name) =>
    values[name];

/** The shape and values of a list request; `selective` is settled by `listNewest` (it reads statistics). */
function toListRequest(query: ListQuery, viewer: ViewerAccess, options: ListOptions) {
  const tsquery = query.search ? toLibraryQuery(query.search) : null;
  const premium = viewer.hasPremiumAccess;
  const duration = query.duration ? durationRange(query.duration) : null;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const shape: ListShape = {
    publishedOnly: viewer.role !== 'admin' || Boolean(options.publishedOnly),
    type: Boolean(query.type),
    access: Boolean(query.access),
    durationMin: duration !== null,
    durationMax: duration !== null && duration.max !== null,
    language: Boolean(query.language),
    search: !query.search ? 'none' : !tsquery ? 'nothing' : premium ? 'all' : 'card',
    selective: false,
    month: Boolean(query.calendarMonth),
    cursor: cursor !== null,
  };
  const values: ListValues = {
    type: query.type,
    premium: query.access === 'premium',
    durationMin: duration?.min,
    durationMax: duration?.max ?? undefined,
    language: query.language,
    tsquery,
    cardQuery: tsquery && !premium ? toLibraryQuery(query.search!, 'AB') : undefined,
    month: query.calendarMonth ? `${query.calendarMonth}-01` : undefined,
    cursorAt: cursor?.createdAt,
    cursorId: cursor?.id,
    limit: query.limit + 1,
    fence: 0,
  };
  return { shape, values };
}

/**
 * The list's conditions, the one place they are written: a new filter is a field of `ListShape`
 * and `ListValues` and a line here, and both the prepared and the per-request queries get it.
 */
function listConditions(shape: ListShape, value: ValueSource): SQL[] {
  // A selective search hands PostgreSQL its words as a subquery's value: unknown while planning,
  // so every run costs the same to the planner and it keeps one generic plan (decision 070).
  const tsquery = (name: 'tsquery' | 'cardQuery') =>
    shape.selective
      ? sql`(select to_tsquery('simple', ${value(name)}))`
      : sql`to_tsquery('simple', ${value(name)})`;
  const conditions: SQL[] = [];
  if (shape.publishedOnly) conditions.push(eq(contentItems.isPublished, true));
  if (shape.type) conditions.push(sql`${contentItems.type} = ${value('type')}`);
  if (shape.access) conditions.push(sql`${contentItems.isPremium} = ${value('premium')}`);
  if (shape.durationMin) conditions.push(sql`${contentItems.duration} >= ${value('durationMin')}`);
  if (shape.durationMax) conditions.push(sql`${contentItems.duration} <= ${value('durationMax')}`);
  if (shape.language) conditions.push(sql`${contentItems.language} = ${value('language')}`);
  // Only punctuation typed: nothing can match.
  if (shape.search === 'nothing') conditions.push(sql`false`);
  if (shape.search === 'all' || shape.search === 'card')
    conditions.push(sql`${contentItems.searchVector} @@ ${tsquery('tsquery')}`);
  // Without premium access a premium item matches on its title and tags only: a match on words
  // of its text would tell, search by search, what the withheld text says.
  if (shape.search === 'card')
    conditions.push(
      sql`(not ${contentItems.isPremium} or ${contentItems.searchVector} @@ ${tsquery('cardQuery')})`,
    );
  if (shape.month)
    conditions.push(
      sql`exists (select 1 from unnest(${contentItems.calendarDates}) as d
        where d >= ${value('month')}::date and d < (${value('month')}::date + interval '1 month'))`,
    );
  if (shape.cursor)
    conditions.push(
      sql`(${contentItems.createdAt} < ${value('cursorAt')}::timestamptz or (${contentItems.createdAt} = ${value('cursorAt')}::timestamptz and ${contentItems.id} < ${value('cursorId')}::uuid))`,
    );
  return conditions;
}

export type ContentPage = { items: ContentItem[]; nextCursor: string | null };

/**
 * The list cache's key for a non-admin: the query and whether the viewer has premium access, the
 * only thing about a non-admin viewer that changes the list (full premium texts or teasers).
 */
export function listCacheKey(query: ListQuery, viewer: ViewerAccess): string {
  return JSON.stringify([viewer.hasPremiumAccess ? 'premium' : 'teaser', query]);
}

/**
 * The header search's library section (features/search) for 3 s, keyed by `listCacheKey` and
 * whether the viewer is an admin (whose items carry media locations); the admin's content writes
 * clear it with the list cache (library.routes.ts; docs/decisions/093-header-search-at-a-million-posts.md).
 * Read again in the background when asked for in its last second, as the forum hits are.
 */
const contentSearches = perDatabase(() =>
  createResponseCache<ContentPage>({ ttlMs: 3_000, refreshAheadMs: 1_000, maxEntries: 500 }),
);
export const contentSearchCache = contentSearches.get;

/**
 * The public list pages (`GET /api/videos`) for 5 s (docs/decisions/007-public-list-cache.md), one
 * per database so that both the routes that serve from it and the `publish-scheduled` job that
 * makes items live can empty it.
 */
const contentLists = perDatabase(() => createResponseCache({ ttlMs: 5_000, maxEntries: 500 }));
export const contentListCache = contentLists.get;

/**
 * Empties this instance's list and header-search caches, as an admin's content write does, so an
 * item the job has just published shows at once rather than when the entries expire. Another
 * instance's caches still run out within their 5 and 3 s.
 */
function clearContentCaches(db: Database): void {
  contentLists.existing(db)?.clear();
  contentSearches.existing(db)?.clear();
}

/** The list cache's key for GET /api/videos/languages (never a `listCacheKey`, which is an array). */
export const LANGUAGES_CACHE_KEY = 'languages';

/** The most languages the library's filter offers. */
const MAX_LIBRARY_LANGUAGES = 50;

/** The languages published items are in, alphabetical by tag: what the library's filter offers. */
export async function listContentLanguages(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ language: contentItems.language })
    .from(contentItems)
    .where(and(eq(contentItems.isPublished, true), isNotNull(contentItems.language)))
    .orderBy(contentItems.language)
    .limit(MAX_LIBRARY_LANGUAGES);
  return rows.map((row) => row.language!);
}

/** `listContent` for the header search: published items only, shared per access for 3 s. */
export function searchContentCached(
  db: Database,
  query: ListQuery,
  viewer: ViewerAccess,
): Promise<ContentPage> {
  const key = `${viewer.role === 'admin' ? 'admin' : 'member'}:${listCacheKey(query, viewer)}`;
  return contentSearchCache(db).load(key, () => listContent(db, query, viewer, { publishedOnly: true }));
}

export async function listContent(
  db: Database,
  query: ListQuery,
  viewer: ViewerAccess,
  options: ListOptions = {},
): Promise<ContentPage> {
  if (query.sort === 'popular') {
    const { shape, values } = toListRequest(query, viewer, options);
    // One page, no cursor: the conditions with their values, built per request.
    const conditions = listConditions({ ...shape, cursor: false }, inlineValues(values));
    // Favourites and plays (distinct members) over the last 30 days; newest breaks ties.
    const since = sql`now() - interval '30 days'`;
    const recentFavorites = db
      .select({ videoId: favorites.videoId, score: sql<number>`count(*)`.as('favorite_score') })
      .from(favorites)
      .where(sql`${favorites.createdAt} > ${since}`)
      .groupBy(favorites.videoId)
      .as('recent_favorites');
    const recentPlays = db
      .select({
        videoId: contentPlays.videoId,
        score: sql<number>`count(distinct ${contentPlays.userId})`.as('play_score'),
      })
      .from(contentPlays)
      .where(sql`${contentPlays.createdAt} > ${since}`)
      .groupBy(contentPlays.videoId)
      .as('recent_plays');
    const rows = await db
      .select({ item: contentColumns })
      .from(contentItems)
      .leftJoin(recentFavorites, eq(recentFavorites.videoId, contentItems.id))
      .leftJoin(recentPlays, eq(recentPlays.videoId, contentItems.id))
      .where(and(...conditions))
      .orderBy(
        desc(sql`coalesce(${recentFavorites.score}, 0) + coalesce(${recentPlays.score}, 0)`),
        desc(contentItems.createdAt),
        desc(contentItems.id),
      )
      .limit(query.limit);
    return { items: rows.map((row) => toContentItem(row.item, viewer)), nextCursor: null };
  }

  return listNewest(db, query, viewer, options);
}

/**
 * The newest-first list through a prepared statement per shape (which conditions are present,
 * never their values): Drizzle builds the SQL once and PostgreSQL parses it once per connection,
 * instead of both on every request (docs/decisions/042). A search is planned per request unless
 * its words are rare (`newestStatementName`, decision 070).
 */
const preparedLists = perDatabase(() => new Map<string, ReturnType<typeof prepareNewest>>());

/**
 * The statement's name in PostgreSQL. A search of common words is unnamed, so PostgreSQL plans it
 * for the words given: a named statement switches to a generic plan after five runs, which walks
 * the newest-first index testing every row when few items match (17–25 ms for a rare word on
 * 10,000 items against about 1 ms through the search index; bench/README.md, decision 046).
 * A selective search is named: its statement always goes through the search index, so one
 * generic plan fits every rare word and PostgreSQL need not plan it again (decision 070).
 * Drizzle builds every statement's SQL only once.
 */
export function newestStatementName(shape: ListShape, key: string): string {
  if ((shape.search === 'all' || shape.search === 'card') && !shape.selective) return '';
  const name = `content_newest.${key || 'all'}`;
  // PostgreSQL cuts names at 63 bytes, and two shapes cut alike would collide on a connection.
  return name.length <= 63
    ? name
    : `content_newest.${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
}

/** The newest-first query of a shape, its values inline or as placeholders (`ValueSource`). */
function newestQuery(db: Database, shape: ListShape, value: ValueSource) {
  const matching = db
    .select(contentColumns)
    .from(contentItems)
    .where(and(...listConditions(shape, value)));
  if (shape.selective) {
    // The matches first, then the newest of them: an OFFSET keeps PostgreSQL from merging the
    // two, so the plan cannot walk the newest-first index testing every row.
    const matches = matching.offset(value('fence')).as('matches');
    return db.select().from(matches).orderBy(desc(matches.createdAt), desc(matches.id)).limit(value('limit'));
  }
  return matching.orderBy(desc(contentItems.createdAt), desc(contentItems.id)).limit(value('limit'));
}

function prepareNewest(db: Database, shape: ListShape, name: string) {
  return newestQuery(db, shape, placeholders).prepare(name);
}

/**
 * The newest-first list. `mode` 'inline' builds the same query with its values for this one
 * request instead of running the shape's prepared statement: the tests compare the two.
 */
export async function listNewest(
  db: Database,
  query: ListQuery,
  viewer: ViewerAccess,
  options: ListOptions = {},
  mode: 'prepared' | 'inline' = 'prepared',
): Promise<ContentPage> {
  const { shape, values } = toListRequest(query, viewer, options);
  shape.selective = values.tsquery !== null && (await isSelectiveSearch(db, searchTerms(query.search!)));
  if (mode === 'inline') {
    const rows: ContentRow[] = await newestQuery(db, shape, inlineValues(values));
    return toContentPage(rows, query.limit, viewer);
  }
  const key = Object.entries(shape)
    .map(([field, value]) => (value === true ? field : value === false ? '' : `${field}-${value}`))
    .filter(Boolean)
    .join('.');
  const statements = preparedLists.get(db);
  let statement = statements.get(key);
  if (!statement) {
    statement = prepareNewest(db, shape, newestStatementName(shape, key));
    statements.set(key, statement);
  }
  const rows: ContentRow[] = await statement.execute(values);
  return toContentPage(rows, query.limit, viewer);
}

/** A page of the list from its rows (one more than `limit` when there is a next page). */
function toContentPage(rows: ContentRow[], limit: number, viewer: ViewerAccess): ContentPage {
  const { page, nextCursor } = keysetPage(rows, limit, ({ createdAt, id }) => ({ createdAt, id }));
  return { items: page.map((row) => toContentItem(row, viewer)), nextCursor };
}

/** One item; drafts exist only for admins. */
export async function getContentRow(db: Database, id: string, viewer: ViewerAccess): Promise<ContentRow> {
  const [row] = await db.select(contentColumns).from(contentItems).where(eq(contentItems.id, id));
  if (!row || (!row.isPublished && viewer.role !== 'admin')) throw notFound('Content');
  return row;
}

export async function getContent(db: Database, id: string, viewer: ViewerAccess): Promise<ContentItem> {
  return toContentItem(await getContentRow(db, id, viewer), viewer);
}

/**
 * An audio or video item saved with an uploaded file and no duration typed (0, the form's
 * default) takes the length read from the file at upload (issue 36). A typed duration always wins.
 */
async function withUploadedDuration(db: Database, values: ContentValues) {
  if (values.duration > 0 || !values.videoFileUrl || (values.type !== 'video' && values.type !== 'audio')) {
    return values;
  }
  const duration = await getUploadedMediaDuration(db, values.videoFileUrl);
  return duration === null ? values : { ...values, duration };
}

/** The row a save writes: the uploaded file's length when none was typed, and the publication state. */
async function toContentRowValues(db: Database, values: ContentValues) {
  return { ...(await withUploadedDuration(db, values)), ...toPublicationState(values) };
}

/**
 * One run of the `publish-scheduled` job (every minute, decision 092): the drafts whose time has
 * come go live. One UPDATE, so two instances running it at once publish each item once.
 */
export async function publishScheduledContent(db: Database, now = new Date()): Promise<string[]> {
  const published = await db
    .update(contentItems)
    .set({ isPublished: true, publishAt: null, updatedAt: now })
    .where(and(eq(contentItems.isPublished, false), lte(contentItems.publishAt, now)))
    .returning({ id: contentItems.id });
  if (published.length > 0) clearContentCaches(db);
  return published.map((row) => row.id);
}

export async function createContent(
  db: Database,
  values: ContentValues,
  admin: ViewerAccess,
): Promise<ContentItem> {
  const [row] = await db
    .insert(contentItems)
    .values(await toContentRowValues(db, values))
    .returning(contentColumns);
  return toContentItem(row!, admin);
}

export async function updateContent(db: Database, id: string, values: ContentValues, admin: ViewerAccess) {
  const [row] = await db
    .update(contentItems)
    .set({ ...(await toContentRowValues(db, values)), updatedAt: new Date() })
    .where(eq(contentItems.id, id))
    .returning(contentColumns);
  if (!row) throw notFound('Content');
  return toContentItem(row, admin);
}

export async function deleteContent(db: Database, id: string): Promise<void> {
  await deleteById(db, contentItems, id, 'Content');
}

export function assertCanOpen(row: ContentRow, viewer: ViewerAccess): void {
  if (row.isPremium && !viewer.hasPremiumAccess) throw premiumRequired(PREMIUM_CONTENT_MESSAGE);
}

/**
 * The playable URL of an item for a member who may open it: the streaming URL when set (it wins;
 * it does not expire), else a signed, expiring link to the uploaded file (both from the media
 * feature). Records a play for "Popular".
 */
export async function getSignedMediaUrl(
  db: Database,
  deps: MediaLinkDeps,
  id: string,
  viewer: MemberAccess,
): Promise<SignedUrlResponse> {
  const row = await getContentRow(db, id, viewer);
  assertCanOpen(row, viewer);
  // Access is decided above; the media feature only signs the link.
  const link = await getPlayableLink(deps, row);
  if (!link) throw noMedia(NO_MEDIA_MESSAGE);
  await db.insert(contentPlays).values({ userId: viewer.id, videoId: row.id });
  return link;
}
