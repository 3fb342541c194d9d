/**
 * The first error of class `type` in `error`'s chain: itself or one of its `cause`s (a wrapper such
 * as Drizzle's failed query, or an AppError that keeps the error it stands for). Five levels at most.
 */
export function causeOfType<T>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
