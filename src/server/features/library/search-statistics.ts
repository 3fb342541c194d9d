import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { sharedResult } from '../../lib/shared-result.ts';

/**
 * What PostgreSQL's own statistics (`pg_stats`, written by ANALYZE) say about the library's search
 * vector: the number of items and how often its commonest lexemes occur. With these the library
 * tells, before it asks, whether a search's words are rare enough for the search index alone to
 * find few items: such a search runs a statement planned once per connection instead of once per
 * request (docs/decisions/070-selective-searches-skip-planning.md).
 */
export type SearchStatistics = {
  /** Items in the table, as of the last ANALYZE (`pg_class.reltuples`). */
  rows: number;
  /** Share of items holding each of the commonest lexemes (`most_common_elems`). */
  frequencies: ReadonlyMap<string, number>;
  /** The share PostgreSQL assumes for any other lexeme: half the least common one listed, at most 0.5%. */
  otherFrequency: number;
};

/** PostgreSQL's own figure for a lexeme outside the list (`DEFAULT_TS_MATCH_SEL` in ts_selfuncs.c). */
const DEFAULT_MATCH_SHARE = 0.005;

/** How long one reading of the statistics is used: ANALYZE runs far less often than this. */
export const SEARCH_STATISTICS_TTL_MS = 60_000;

/**
 * A search expected to match at most this many items is selective: the search index finds them
 * and the newest 21 are picked from these few (a bitmap scan and a small sort, under a millisecond
 * at this size). Above it, PostgreSQL plans the search for its words, and may walk the newest
 * items instead.
 */
export const SELECTIVE_MAX_MATCHES = 500;

type StatisticsRow = { rows: number; elems: string[] | null; freqs: number[] | null };

/**
 * Reads the statistics of a table's `search_vector` (the library's, or the forums' for the header
 * search, decision 093); null when it has none yet (never analysed).
 */
export async function readSearchStatistics(
  db: Database,
  table: 'content_items' | 'forum_posts' | 'forum_comments' = 'content_items',
): Promise<SearchStatistics | null> {
  const result = await db.execute<StatisticsRow>(sql`
    select greatest(c.reltuples, 0)::float8 as rows,
           s.most_common_elems::text::text[] as elems,
           s.most_common_elem_freqs::float8[] as freqs
      from pg_class c
      join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname
     where c.oid = to_regclass(${table}) and s.attname = 'search_vector'`);
  const row = result.rows[0];
  if (!row?.elems || !row.freqs || row.rows <= 0) return null;
  const frequencies = new Map(row.elems.map((lexeme, index) => [lexeme, row.freqs![index]!]));
  // After the per-lexeme shares PostgreSQL stores the least and the greatest of them.
  const least = row.freqs[row.elems.length] ?? Math.min(...row.freqs);
  return { rows: row.rows, frequencies, otherFrequency: Math.min(DEFAULT_MATCH_SHARE, least / 2) };
}

/**
 * How many items PostgreSQL expects to hold every one of `terms` (its estimate for
 * `vector @@ 'a & b'`: the product of each lexeme's share, times the items).
 */
export function expectedMatches(statistics: SearchStatistics, terms: readonly string[]): number {
  let share = 1;
  for (const term of terms) share *= statistics.frequencies.get(term) ?? statistics.otherFrequency;
  return statistics.rows * share;
}

// A failed read counts as no statistics, kept for the same minute: the searches are then planned
// per request, and a broken read is not retried on every search.
const cachedStatistics = perDatabase((db) =>
  sharedResult(SEARCH_STATISTICS_TTL_MS, () => readSearchStatistics(db).catch(() => null)),
);

/**
 * Whether a search for `terms` (each one lexeme of the search vector) is selective, by the
 * statistics read at most a minute ago. Without statistics, or if they cannot be read, it is not:
 * PostgreSQL then plans the search for its words, as it always did.
 */
export async function isSelectiveSearch(db: Database, terms: readonly string[]): Promise<boolean> {
  if (terms.length === 0) return false;
  const statistics = await cachedStatistics.get(db)();
  return statistics !== null && expectedMatches(statistics, terms) <= SELECTIVE_MAX_MATCHES;
}
