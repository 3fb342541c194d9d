import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The counters of our write limits (src/server/edge/write-limits.ts), in the shape
 * rate-limiter-flexible's PostgreSQL store reads and writes, so every instance on this database
 * shares them. The library inserts positionally (key, points, expire) and owns these rows: they are
 * counters that expire, not records, hence no created/updated timestamps. better-auth's own
 * counters live in `rate_limits`.
 */
export const requestLimits = pgTable('request_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  /** Unix milliseconds when the window ends. */
  expire: bigint('expire', { mode: 'number' }),
});
