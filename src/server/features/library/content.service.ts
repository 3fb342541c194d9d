import { hasPremiumAccess } from '@shared/entitlements.ts';
import {
  type ContentItem,
  type ContentListQuerySchema,
  type ContentValues,
  durationRange,
} from '@shared/schemas/content.ts';
import { and, desc, eq, getTableColumns, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { contentItems, contentPlays, favorites } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError, notFound, premiumRequired } from '../../lib/errors.ts';
import type { MediaSigner } from '../../lib/storage/media-signing.ts';
import { objectKeyFromPath, type Storage } from '../../lib/storage/storage.ts';

export type Viewer = { id: string; isAdmin: boolean; subscriptionStatus: string | null } | null;
// Everything but the search vector (large, internal) and the demo seed key.
const { searchVector: _searchVector, seedKey: _seedKey, ...columns } = getTableColumns(contentItems);
export const contentColumns = columns;
export type ContentRow = Omit<typeof contentItems.$inferSelect, 'searchVector' | 'seedKey'>;
type ListQuery = z.output<typeof ContentListQuerySchema>;

export const PREMIUM_CONTENT_MESSAGE = 'This content requires a premium subscription.';
export const NO_MEDIA_MESSAGE = 'Video source not available';

/** The API shape; media locations only for admins (members reach media through signed URLs). */
export function toContentItem(row: ContentRow, viewer: Viewer): ContentItem {
  const item: ContentItem = {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    thumbnailUrl: row.thumbnailUrl,
    duration: row.duration,
    isPremium: row.isPremium,
    isPublished: row.isPublished,
    tags: row.tags,
    intensity: row.intensity,
    calendarDates: row.calendarDates,
    hasMedia: Boolean(row.videoUrl || row.videoFileUrl),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (viewer?.isAdmin) {
    item.videoUrl = row.videoUrl;
    item.videoFileUrl = row.videoFileUrl;
  }
  return item;
}

/** `term1:* & term2:*` from what a person typed: words and numbers only, each a prefix. */
export function toPrefixQuery(search: string): string | null {
  const terms = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (terms.length === 0) return null;
  return terms
    .slice(0, 8)
    .map((term) => `${term}:*`)
    .join(' & ');
}

function filters(query: ListQuery, viewer: Viewer): SQL[] {
  const conditions: SQL[] = [];
  if (!viewer?.isAdmin) conditions.push(eq(contentItems.isPublished, true));
  if (query.type) conditions.push(eq(contentItems.type, query.type));
  if (query.access) conditions.push(eq(contentItems.isPremium, query.access === 'premium'));
  if (query.duration) {
    const { min, max } = durationRange(query.duration);
    conditions.push(gte(contentItems.duration, min));
    if (max !== null) conditions.push(lte(contentItems.duration, max));
  }
  if (query.search) {
    const tsquery = toPrefixQuery(query.search);
    // Only punctuation typed: nothing can match.
    conditions.push(
      tsquery ? sql`${contentItems.searchVector} @@ to_tsquery('simple', ${tsquery})` : sql`false`,
    );
  }
  if (query.calendarMonth) {
    const first = `${query.calendarMonth}-01`;
    conditions.push(
      sql`exists (select 1 from unnest(${contentItems.calendarDates}) as d
        where d >= ${first}::date and d < (${first}::date + interval '1 month'))`,
    );
  }
  return conditions;
}

export type ContentPage = { items: ContentItem[]; nextCursor: string | null };

export async function listContent(db: Database, query: ListQuery, viewer: Viewer): Promise<ContentPage> {
  const conditions = filters(query, viewer);

  if (query.sort === 'popular') {
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

  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(
      or(
        sql`${contentItems.createdAt} < ${cursor.createdAt}::timestamptz`,
        and(
          sql`${contentItems.createdAt} = ${cursor.createdAt}::timestamptz`,
          sql`${contentItems.id} < ${cursor.id}::uuid`,
        ),
      )!,
    );
  }
  const rows = await db
    .select(contentColumns)
    .from(contentItems)
    .where(and(...conditions))
    .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toContentItem(row, viewer)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** One item; drafts exist only for admins. */
export async function getContentRow(db: Database, id: string, viewer: Viewer): Promise<ContentRow> {
  const [row] = await db.select(contentColumns).from(contentItems).where(eq(contentItems.id, id));
  if (!row || (!row.isPublished && !viewer?.isAdmin)) throw notFound('Content');
  return row;
}

export async function getContent(db: Database, id: string, viewer: Viewer): Promise<ContentItem> {
  return toContentItem(await getContentRow(db, id, viewer), viewer);
}

export async function createContent(
  db: Database,
  values: ContentValues,
  admin: Viewer,
): Promise<ContentItem> {
  const [row] = await db.insert(contentItems).values(values).returning(contentColumns);
  return toContentItem(row!, admin);
}

export async function updateContent(db: Database, id: string, values: ContentValues, admin: Viewer) {
  const [row] = await db
    .update(contentItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contentItems.id, id))
    .returning(contentColumns);
  if (!row) throw notFound('Content');
  return toContentItem(row, admin);
}

export async function deleteContent(db: Database, id: string): Promise<void> {
  const deleted = await db
    .delete(contentItems)
    .where(eq(contentItems.id, id))
    .returning({ id: contentItems.id });
  if (deleted.length === 0) throw notFound('Content');
}

export function assertCanOpen(row: ContentRow, viewer: Viewer): void {
  if (row.isPremium && !hasPremiumAccess(viewer)) throw premiumRequired(PREMIUM_CONTENT_MESSAGE);
}

/**
 * The playable URL of an item for a member: the streaming URL when set (it wins), else a signed,
 * expiring link to the uploaded file. Records a play for "Popular".
 */
export async function getSignedMediaUrl(
  db: Database,
  deps: { storage: Storage; signer: MediaSigner },
  id: string,
  viewer: NonNullable<Viewer>,
): Promise<string> {
  const row = await getContentRow(db, id, viewer);
  assertCanOpen(row, viewer);
  let url: string | null = row.videoUrl;
  if (!url && row.videoFileUrl) {
    const key = objectKeyFromPath(row.videoFileUrl);
    if (key && (await deps.storage.stat(key))) url = deps.signer.sign(key);
  }
  if (!url) throw new AppError(404, NO_MEDIA_MESSAGE, 'NO_MEDIA');
  await db.insert(contentPlays).values({ userId: viewer.id, videoId: row.id });
  return url;
}
