import pg from 'pg';
import { causeOfType } from './error-chain.ts';

/** PostgreSQL error codes, as pg reports them (directly or as Drizzle's `cause`). */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

/**
 * PostgreSQL's own error behind `error` (pg's DatabaseError, directly or as Drizzle's `cause`):
 * its SQLSTATE `code`, the `constraint` it names, and its English `message` without the query
 * Drizzle's wrapper adds.
 */
export function databaseErrorIn(error: unknown): pg.DatabaseError | undefined {
  return causeOfType(error, pg.DatabaseError);
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
export const isDeadlock = (error: unknown) => pgCode(error) === '40P01';

/**
 * Input PostgreSQL cannot store or compare, such as a NUL character in text (22021, 22P05) or a
 * value out of range for its type (22003, 22008): the caller's mistake, not ours.
 */
export const isUnstorableInput = (error: unknown) =>
  ['22021', '22P05', '22003', '22008'].includes(pgCode(error) ?? '');

/**
 * Runs `work` again when PostgreSQL picked it as a deadlock's victim (its transaction was rolled
 * back, so running it again is safe). Requests retry once (the default): writes take their locks
 * in one order (features/community/community.shared.ts), so a second deadlock means something is
 * wrong, not unlucky. A short random pause first, so the two sides do not meet again.
 */
export async function retryOnDeadlock<T>(
  work: () => Promise<T>,
  options: { attempts?: number; pauseMs?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 2;
  const pauseMs = options.pauseMs ?? 20;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * (1 + Math.random() * attempt)));
    }
  }
}
