/** PostgreSQL error codes, as pg reports them (directly or as Drizzle's `cause`). */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';

/**
 * Input PostgreSQL cannot store or compare, such as a NUL character in text (22021, 22P05) or a
 * value out of range for its type (22003, 22008): the caller's mistake, not ours.
 */
export const isUnstorableInput = (error: unknown) =>
  ['22021', '22P05', '22003', '22008'].includes(pgCode(error) ?? '');
