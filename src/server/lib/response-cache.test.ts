import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

/** A computation the test finishes by hand (`finish`), counting how often the cache started it. */
function heldComputation() {
  let finishLatest: (value: string) => void = () => {};
  const held = {
    runs: 0,
    compute: () => {
      held.runs += 1;
      return new Promise<string>((resolve) => {
        finishLatest = resolve;
      });
    },
    /** Finishes the computation started last. */
    finish: (value: string) => finishLatest(value),
  };
  return held;
}

/** Lets a finished computation's result reach the cache. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('response cache', () => {
  it('expires entries after the ttl', () => {
    let clock = 0;
    const cache = createResponseCache({ ttlMs: 100, maxEntries: 10, now: () => clock });
    cache.set('a', { body: Buffer.from('[]'), headers: {} });
    clock = 99;
    expect(cache.get('a')?.body.toString()).toBe('[]');
    clock = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry past the bound', () => {
    const cache = createResponseCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', { body: Buffer.from('a'), headers: {} });
    cache.set('b', { body: Buffer.from('b'), headers: {} });
    cache.get('a');
    cache.set('c', { body: Buffer.from('c'), headers: {} });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.toString()).toBe('a');
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('shares one computation between callers that miss together, then serves the entry', async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const page = heldComputation();
    const first = cache.load('page', page.compute);
    const second = cache.load('page', page.compute);
    page.finish('body');
    expect(await Promise.all([first, second])).toEqual(['body', 'body']);
    expect(await cache.load('page', page.compute)).toBe('body');
    expect(page.runs).toBe(1);
  });

  it('keeps a result computed across a clear out of the cache, and does not keep failures', async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const page = heldComputation();
    const pending = cache.load('page', page.compute);
    cache.clear(); // a write lands while the page is being read
    page.finish('before the write');
    expect(await pending).toBe('before the write');
    expect(cache.get('page')).toBeUndefined();
    // A caller after the clear computes afresh instead of joining the older computation.
    expect(await cache.load('page', async () => 'after the write')).toBe('after the write');

    await expect(cache.load('broken', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.load('broken', async () => 'back')).toBe('back');
  });

  it('refreshes a busy entry in its last moments without making anyone wait, never serving it past the ttl', async () => {
    let clock = 0;
    const cache = createResponseCache<string>({
      ttlMs: 1000,
      maxEntries: 10,
      refreshAheadMs: 300,
      now: () => clock,
    });
    const page = heldComputation();
    const first = cache.load('page', page.compute);
    page.finish('v1');
    expect(await first).toBe('v1');

    clock = 699; // not yet in the last 300 ms: a plain hit
    expect(await cache.load('page', page.compute)).toBe('v1');
    expect(page.runs).toBe(1);

    clock = 700; // in the last 300 ms: answered from the entry, one refresh starts
    expect(await cache.load('page', page.compute)).toBe('v1');
    expect(await cache.load('page', page.compute)).toBe('v1');
    expect(page.runs).toBe(2);
    page.finish('v2');
    await settle();
    clock = 1300; // past the first entry's ttl: the refreshed one (stored at 700, until 1700) answers
    expect(await cache.load('page', page.compute)).toBe('v2');
    expect(page.runs).toBe(2);

    clock = 1700; // nobody asked in v2's last 300 ms: it expired, and the next caller waits for v3
    const third = cache.load('page', page.compute);
    expect(page.runs).toBe(3);
    page.finish('v3');
    expect(await third).toBe('v3');
  });

  it('keeps a refresh that fails or meets a clear out of the cache', async () => {
    let clock = 0;
    const cache = createResponseCache<string>({
      ttlMs: 1000,
      maxEntries: 10,
      refreshAheadMs: 300,
      now: () => clock,
    });
    await cache.load('page', async () => 'v1');
    clock = 800;
    expect(await cache.load('page', () => Promise.reject(new Error('down')))).toBe('v1');
    await settle();
    expect(cache.get('page')).toBe('v1');

    const slow = heldComputation();
    expect(await cache.load('page', slow.compute)).toBe('v1');
    expect(slow.runs).toBe(1);
    cache.clear(); // a write lands while the refresh reads
    slow.finish('before the write');
    await settle();
    expect(cache.get('page')).toBeUndefined();
  });
});
