/**
 * A small in-process cache for hot public reads (the library's first page and common searches,
 * forum pages). Entries live `ttlMs` at most, so other instances' writes show up
 * within that time; this instance's writes clear it at once. Bounded: least recently used out.
 */
export type ResponseCache<T = CachedResponse> = {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  /**
   * The entry, or else `compute()`'s result, stored under `key`. Callers that miss together share
   * one computation (no stampede of identical queries when a busy entry expires). A `clear()`
   * while it runs keeps that result out of the cache (it may predate the write); a failure is
   * not kept. With `refreshAheadMs`, a hit in an entry's last `refreshAheadMs` is answered from
   * the entry and starts its computation again in the background, so a busy entry is replaced
   * before it expires and nobody waits for it; an entry is still never older than `ttlMs`.
   */
  load(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
};
/**
 * A serialised answer. The body is kept as bytes: a string would be measured and UTF-8 encoded
 * again on every hit (bench/README.md, "Open notes": socket writes and GC dominated the profile).
 */
export type CachedResponse = { body: Buffer; headers: Record<string, string> };

export function createResponseCache<T = CachedResponse>(options: {
  ttlMs: number;
  maxEntries: number;
  refreshAheadMs?: number;
  now?: () => number;
}): ResponseCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; expiresAt: number }>();
  const running = new Map<string, Promise<T>>();
  let generation = 0;
  const run = (key: string, compute: () => Promise<T>): Promise<T> => {
    const startedIn = generation;
    const promise = compute().then(
      (value) => {
        if (running.get(key) === promise) running.delete(key);
        if (startedIn === generation) cache.set(key, value);
        return value;
      },
      (error: unknown) => {
        if (running.get(key) === promise) running.delete(key);
        throw error;
      },
    );
    running.set(key, promise);
    return promise;
  };
  const cache: ResponseCache<T> = {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      // Refresh recency: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    load(key, compute) {
      const hit = cache.get(key);
      if (hit === undefined) return running.get(key) ?? run(key, compute);
      const refreshAhead = options.refreshAheadMs;
      const expiresAt = entries.get(key)?.expiresAt ?? 0;
      if (refreshAhead && expiresAt - now() <= refreshAhead && !running.has(key)) {
        // A failed refresh is not kept: the entry lives out its time, and a caller after it computes again.
        run(key, compute).catch(() => {});
      }
      return Promise.resolve(hit);
    },
    clear() {
      generation += 1;
      entries.clear();
      running.clear();
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}
