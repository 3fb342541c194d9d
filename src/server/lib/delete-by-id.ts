import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { notFound } from './errors.ts';

/** Deletes row `id` of `table` (what hangs off it goes by cascade); a 404 naming `what` when none. */
export async function deleteById(db: Database, table: PgTable & { id: PgColumn }, id: string, what: string) {
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (deleted.length === 0) throw notFound(what);
}
