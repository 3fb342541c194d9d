import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from './migrate.ts';

/**
 * Which migration a database has reached, named by its tag (`0020_library_search_prefixes`).
 * drizzle records each applied migration with the `when` of its journal entry as `created_at`, so
 * the last applied one is found by matching that number against this release's journal.
 */
type JournalEntry = { tag: string; when: number };

export function readMigrationJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The newest migration this release ships. */
export function latestMigrationTag(folder = MIGRATIONS_FOLDER): string {
  return readMigrationJournal(folder).at(-1)?.tag ?? 'none';
}

type Queryable = Pick<pg.ClientBase, 'query'> | Pick<pg.Pool, 'query'>;

/**
 * The newest migration applied to the database: its tag, `none` on an empty database, or
 * `unknown (<created_at>)` when a newer release applied one this release does not know.
 */
export async function readAppliedMigrationTag(
  database: Queryable,
  folder = MIGRATIONS_FOLDER,
): Promise<string> {
  // Two statements: a query naming a missing table fails at parse time, whatever its CASE says.
  const exists = await database.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists.rows[0]?.found) return 'none';
  const { rows } = await database.query<{ last: string | null }>(
    'select max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last;
  if (!last) return 'none';
  return (
    readMigrationJournal(folder).find((entry) => String(entry.when) === last)?.tag ?? `unknown (${last})`
  );
}

/** The same, over a connection of its own. */
export async function readAppliedMigrationTagAt(databaseUrl: string, folder = MIGRATIONS_FOLDER) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await readAppliedMigrationTag(client, folder);
  } finally {
    await client.end();
  }
}
