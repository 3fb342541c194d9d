import type {
  AdminContentListQuerySchema,
  AdminContentSort,
  BulkContentInputSchema,
  BulkContentResult,
} from '@shared/schemas/admin-content.ts';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { contentItems } from '../../db/schema/index.ts';
import { badCursor, itemsGone } from '../../lib/errors.ts';
import type { ViewerAccess } from '../../lib/viewer.ts';
import {
  type ContentPage,
  type ContentRow,
  contentColumns,
  toContentItem,
  toLibraryQuery,
} from './content.service.ts';

type AdminListQuery = z.output<typeof AdminContentListQuerySchema>;
type BulkInput = z.output<typeof BulkContentInputSchema>;

/**
 * The admin content table's list (issue 36): every item, drafts included, sorted by one column
 * and paged by keyset like every list (decision 006). The cursor holds the last row's sort value
 * and id, so a page never repeats or skips a row when items are added between pages.
 */

/** Each sort's key: a column or expression, and how its value travels in a cursor. */
const SORT_KEYS: Record<AdminContentSort, { key: SQL; value: (row: ContentRow) => string | number }> = {
  // Case-insensitive, as a person reads a list of titles.
  title: { key: sql`lower(${contentItems.title})`, value: (row) => row.title.toLowerCase() },
  type: { key: sql`${contentItems.type}`, value: (row) => row.type },
  updated: { key: sql`${contentItems.updatedAt}`, value: (row) => row.updatedAt.toISOString() },
  // Drafts (0), then scheduled drafts (1), then live items (2).
  published: {
    key: sql`(case when ${contentItems.isPublished} then 2 when ${contentItems.publishAt} is not null then 1 else 0 end)`,
    value: (row) => (row.isPublished ? 2 : row.publishAt ? 1 : 0),
  },
};

const CursorSchema = z.tuple([z.union([z.string().max(400), z.number().int()]), z.uuid()]);

function encodeAdminCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** The cursor's value and id, or a 400 when it was not written by `encodeAdminCursor` for this sort. */
/** What `toISOString` writes for an instant this app could have stored (PostgreSQL refuses year 0). */
function isStoredInstant(value: string | number): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return false;
  const time = Date.parse(value);
  return time >= Date.UTC(1970, 0, 1) && new Date(time).toISOString() === value;
}

function decodeAdminCursor(cursor: string, sort: AdminContentSort): [string | number, string] {
  let parsed: unknown;
  try {
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    // Buffer skips characters that are not base64url; the round trip refuses them.
    if (Buffer.from(text).toString('base64url') !== cursor) throw badCursor();
    parsed = JSON.parse(text);
  } catch {
    throw badCursor();
  }
  const result = CursorSchema.safeParse(parsed);
  if (!result.success) throw badCursor();
  const [value, id] = result.data;
  if ((sort === 'published') !== (typeof value === 'number')) throw badCursor();
  if (sort === 'updated' && !isStoredInstant(value)) throw badCursor();
  return [value, id];
}

function adminListConditions(query: AdminListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(contentItems.type, query.type));
  if (query.access) conditions.push(eq(contentItems.isPremium, query.access === 'premium'));
  if (query.status === 'published') conditions.push(eq(contentItems.isPublished, true));
  if (query.status === 'scheduled')
    conditions.push(and(eq(contentItems.isPublished, false), isNotNull(contentItems.publishAt))!);
  if (query.status === 'draft')
    conditions.push(and(eq(contentItems.isPublished, false), isNull(contentItems.publishAt))!);
  if (query.search) {
    const tsquery = toLibraryQuery(query.search);
    conditions.push(
      tsquery ? sql`${contentItems.searchVector} @@ to_tsquery('simple', ${tsquery})` : sql`false`,
    );
  }
  return conditions;
}

export async function listAdminContent(
  db: Database,
  query: AdminListQuery,
  admin: ViewerAccess,
): Promise<ContentPage> {
  const { key, value } = SORT_KEYS[query.sort];
  const isAscending = query.direction === 'asc';
  const conditions = adminListConditions(query);
  if (query.cursor) {
    const [after, afterId] = decodeAdminCursor(query.cursor, query.sort);
    const typedAfter = query.sort === 'updated' ? sql`${after}::timestamptz` : sql`${after}`;
    conditions.push(
      isAscending
        ? sql`(${key}, ${contentItems.id}) > (${typedAfter}, ${afterId}::uuid)`
        : sql`(${key}, ${contentItems.id}) < (${typedAfter}, ${afterId}::uuid)`,
    );
  }
  const order = isAscending ? sql`asc` : sql`desc`;
  const rows: ContentRow[] = await db
    .select(contentColumns)
    .from(contentItems)
    .where(and(...conditions))
    .orderBy(sql`${key} ${order}`, sql`${contentItems.id} ${order}`)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toContentItem(row, admin)),
    nextCursor: rows.length > query.limit && last ? encodeAdminCursor(value(last), last.id) : null,
  };
}

/**
 * One bulk action on up to MAX_BULK_IDS items, all or nothing in one transaction: when any id is
 * not an item (deleted meanwhile by another admin), nothing changes and the answer is a 404 that
 * says how many, so the table can reload and the admin choose again.
 * Publishing clears a scheduled time (the item is live now); unpublishing makes a plain draft.
 */
export async function applyBulkContentAction(db: Database, input: BulkInput): Promise<BulkContentResult> {
  const { ids, action } = input;
  return db.transaction(async (tx) => {
    // Locked, so a concurrent single delete cannot slip between the check and the change.
    const found = await tx
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(inArray(contentItems.id, ids))
      .for('update');
    const missing = ids.length - found.length;
    if (missing > 0) {
      throw itemsGone(missing, ids.length);
    }
    if (action === 'delete') {
      await tx.delete(contentItems).where(inArray(contentItems.id, ids));
      return { action, ids };
    }
    const now = new Date();
    const changes =
      action === 'publish'
        ? { isPublished: true, publishAt: null }
        : action === 'unpublish'
          ? { isPublished: false, publishAt: null }
          : { isPremium: action === 'premium' };
    await tx
      .update(contentItems)
      .set({ ...changes, updatedAt: now })
      .where(inArray(contentItems.id, ids));
    return { action, ids };
  });
}
