import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * `created_at`/`updated_at` on every table (docs/architecture.md, "Contracts", data), in milliseconds: the
 * precision a JavaScript Date keeps. Keyset cursors carry a Date, so a microsecond timestamp would
 * round-trip shorter than the row's own value and a neighbour in the same millisecond could be
 * skipped between pages.
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

/** The primary key of every table: a random UUID the database makes. */
export const primaryId = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);

/** A required link to the row that owns this one; deleting the owner deletes this row with it. */
export const ownerRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/**
 * The database's last line behind the shared zod limits: a text column of at most `max`
 * characters (`char_length` counts code points, zod counts UTF-16 units, so the zod limit is never
 * looser). Named `<table>_<column>_length`.
 */
export function maxLength(name: string, column: AnyPgColumn, max: number) {
  return check(`${name}_length`, sql`char_length(${column}) <= ${sql.raw(String(max))}`);
}

/** PostgreSQL's full-text document type (searched through GIN indexes). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
