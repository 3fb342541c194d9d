import { AppError } from './errors.ts';

/**
 * Keyset cursors for lists ordered by (pinned?, time, id), newest first (decision 006): opaque
 * base64url of the last row's sort key. A cursor that does not decode is a 400, never a 500.
 */
export type PostCursor = { isPinned: boolean; createdAt: string; id: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(parts: { isPinned?: boolean; createdAt: Date; id: string }): string {
  const pinned = parts.isPinned === undefined ? '' : parts.isPinned ? '1' : '0';
  return Buffer.from(`${pinned}|${parts.createdAt.toISOString()}|${parts.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): PostCursor {
  const [pinned, createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (pinned === undefined || !createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !UUID.test(id)) {
    throw new AppError(400, 'cursor is not valid; start again from the first page', 'BAD_CURSOR');
  }
  return { isPinned: pinned === '1', createdAt, id };
}
