/**
 * One computation shared by every caller for `ttlMs`: concurrent callers wait for the same
 * promise instead of each running the work (an admin dashboard opened by several people, or
 * refreshed in a loop, costs one set of aggregate queries per period). A failure is not kept.
 */
export function sharedResult<T>(ttlMs: number, compute: () => Promise<T>, now: () => number = Date.now) {
  let cached: { value: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;
  return (): Promise<T> => {
    if (cached && now() - cached.at < ttlMs) return Promise.resolve(cached.value);
    inFlight ??= compute().then(
      (value) => {
        cached = { value, at: now() };
        inFlight = undefined;
        return value;
      },
      (error: unknown) => {
        inFlight = undefined;
        throw error;
      },
    );
    return inFlight;
  };
}
