/**
 * An in-memory Cache Storage for tests (jsdom has none): enough of `caches` for the downloads
 * store — open, keys, delete, and a cache's put, match and delete by path.
 */
type Stored = { body: Uint8Array; headers: [string, string][] };

export class FakeCacheStorage {
  readonly stores = new Map<string, Map<string, Stored>>();

  async open(name: string): Promise<Cache> {
    let store = this.stores.get(name);
    if (!store) {
      store = new Map();
      this.stores.set(name, store);
    }
    const entries = store;
    const keyOf = (request: RequestInfo | URL) =>
      typeof request === 'string'
        ? request
        : request instanceof URL
          ? request.pathname
          : new URL(request.url).pathname;
    const cache = {
      async put(request: RequestInfo | URL, response: Response) {
        entries.set(keyOf(request), {
          body: new Uint8Array(await response.arrayBuffer()),
          headers: [...response.headers.entries()],
        });
      },
      async match(request: RequestInfo | URL) {
        const stored = entries.get(keyOf(request));
        return stored ? new Response(stored.body.slice(), { headers: stored.headers }) : undefined;
      },
      async delete(request: RequestInfo | URL) {
        return entries.delete(keyOf(request));
      },
    };
    return cache as unknown as Cache;
  }

  async keys(): Promise<string[]> {
    return [...this.stores.keys()];
  }

  async delete(name: string): Promise<boolean> {
    return this.stores.delete(name);
  }

  async has(name: string): Promise<boolean> {
    return this.stores.has(name);
  }

  /** The paths stored in one cache (for assertions). */
  paths(name: string): string[] {
    return [...(this.stores.get(name)?.keys() ?? [])];
  }
}
