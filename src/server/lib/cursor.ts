import { badCursor } from './errors.ts';

/**
 * Keyset cursors for every paged list (decision 006): opaque base64url of the last row's sort key,
 * `createdAt|id`, or `pinned|createdAt|id` for lists that put pinned rows first. The one decoder
 * for all of them, and a strict one: a cursor is accepted only if it is exactly what
 * `encodeCursor` writes, so a crafted one is a 400 here rather than a 500 from PostgreSQL (which
 * refuses dates JavaScript's `Date.parse` accepts, such as '2024-02-30' or '+275760-09-13').
 */
export type Cursor = { createdAt: string; id: string };
export type PinnedCursor = Cursor & { isPinned: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `Date.prototype.toISOString()` for years 0000–9999: UTC, milliseconds, a `Z`. */
const ISO_UTC_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Rows are created by this app; nothing sorts before 1970 (PostgreSQL has no year 0). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** Three fields of at most 36 characters each: anything longer was not made here. */
const MAX_CURSOR_LENGTH = 120;

export function encodeCursor(parts: { isPinned?: boolean; createdAt: Date; id: string }): string {
  const key = `${parts.createdAt.toISOString()}|${parts.id}`;
  const text = parts.isPinned === undefined ? key : `${parts.isPinned ? '1' : '0'}|${key}`;
  return Buffer.from(text).toString('base64url');
}

/**
 * One page of a keyset list: the query asks for `limit + 1` rows, so a row past the limit means
 * there is more, and the cursor is the last shown row's key (`keyOf`); `null` on the last page.
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  keyOf: (last: Row) => Parameters<typeof encodeCursor>[0],
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** The sort key of a raw SQL row (`created_at` as PostgreSQL's driver hands it back, `id`). */
export const sqlRowKey = (row: { created_at: string | Date; id: string }) => ({
  createdAt: new Date(row.created_at),
  id: row.id,
});

/** The fields of a cursor, or a 400: canonical base64url, a real instant in range, a uuid. */
function decodeFields(cursor: string, count: 2 | 3): string[] {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) throw badCursor();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  // Buffer skips characters that are not base64url; the round trip refuses them.
  if (Buffer.from(text).toString('base64url') !== cursor) throw badCursor();
  const fields = text.split('|');
  if (fields.length !== count) throw badCursor();
  const [createdAt, id] = fields.slice(-2) as [string, string];
  if (!ISO_UTC_MILLISECONDS.test(createdAt) || !UUID.test(id)) throw badCursor();
  const time = Date.parse(createdAt);
  // The round trip refuses dates that do not exist (February 30th, hour 24) and overflow.
  if (Number.isNaN(time) || time < EARLIEST || time > LATEST || new Date(time).toISOString() !== createdAt) {
    throw badCursor();
  }
  return fields;
}

export function decodeCursor(cursor: string): Cursor {
  const [createdAt, id] = decodeFields(cursor, 2) as [string, string];
  return { createdAt, id };
}

export function decodePinnedCursor(cursor: string): PinnedCursor {
  const [pinned, createdAt, id] = decodeFields(cursor, 3) as [string, string, string];
  if (pinned !== '0' && pinned !== '1') throw badCursor();
  return { isPinned: pinned === '1', createdAt, id };
}
