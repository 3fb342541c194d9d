/**
 * A small in-process cache for hot public reads (the library's first page and common searches,
 * forum pages). Entries live `ttlMs` at most, so other instances' writes show up
 * within that time; this instance's writes clear it at once. Bounded: least recently used out.
 */
export type ResponseCache<T = CachedResponse> = {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  clear(): void;
  readonly size: number;
};
export type CachedResponse = { body: string; headers: Record<string, string> };

export function createResponseCache<T = CachedResponse>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): ResponseCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
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
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
