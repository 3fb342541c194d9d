import type { Database } from '../db/client.ts';

/**
 * One value per database, made on first use: `get` makes it, `existing` only finds it (clearing a
 * cache nobody made yet has nothing to do). Keyed by database, so test apps on separate databases
 * never share a cache, a prepared statement or a statistic.
 */
export function perDatabase<T>(make: (db: Database) => T) {
  const values = new WeakMap<Database, T>();
  return {
    get(db: Database): T {
      let value = values.get(db);
      if (!value) {
        value = make(db);
        values.set(db, value);
      }
      return value;
    },
    existing: (db: Database): T | undefined => values.get(db),
  };
}
