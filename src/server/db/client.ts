import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The `tx` of `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> };

/** `max`: the most connections open at once (the app's is `DATABASE_POOL_SIZE`, config.ts). */
export function connectDatabase(databaseUrl: string, options: { max: number }): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}

const dialect = new PgDialect();

/**
 * Runs a hand-written statement as a named prepared statement, for the few raw queries whose
 * planning costs more than running them (the header search: ~5 ms to plan, ~2–8 ms to run at 1M
 * posts). PostgreSQL keeps the plan per connection; the name carries a hash of the text, so each
 * shape of a query (its optional parts are fixed SQL, its values parameters) is its own statement.
 */
export async function executePrepared<Row>(db: Database, name: string, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const shape = createHash('sha1').update(text).digest('hex').slice(0, 16);
  const result = await db.$client.query<Row & pg.QueryResultRow>({
    name: `${name}_${shape}`,
    text,
    values: params,
  });
  return result.rows;
}

export { schema };
