import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

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
    let runs = 0;
    let finish!: (value: string) => void;
    const compute = () => {
      runs += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const first = cache.load('page', compute);
    const second = cache.load('page', compute);
    finish('body');
    expect(await Promise.all([first, second])).toEqual(['body', 'body']);
    expect(await cache.load('page', compute)).toBe('body');
    expect(runs).toBe(1);
  });

  it('keeps a result computed across a clear out of the cache, and does not keep failures', async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let finish!: (value: string) => void;
    const pending = cache.load(
      'page',
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    cache.clear(); // a write lands while the page is being read
    finish('before the write');
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
    let runs = 0;
    let finish!: (value: string) => void;
    const compute = () => {
      runs += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const first = cache.load('page', compute);
    finish('v1');
    expect(await first).toBe('v1');

    clock = 699; // not yet in the last 300 ms: a plain hit
    expect(await cache.load('page', compute)).toBe('v1');
    expect(runs).toBe(1);

    clock = 700; // in the last 300 ms: answered from the entry, one refresh starts
    expect(await cache.load('page', compute)).toBe('v1');
    expect(await cache.load('page', compute)).toBe('v1');
    expect(runs).toBe(2);
    finish('v2');
    await Promise.resolve();
    await Promise.resolve();
    clock = 1300; // past the first entry's ttl: the refreshed one (stored at 700, until 1700) answers
    expect(await cache.load('page', compute)).toBe('v2');
    expect(runs).toBe(2);

    clock = 1700; // nobody asked in v2's last 300 ms: it expired, and the next caller waits for v3
    const third = cache.load('page', compute);
    expect(runs).toBe(3);
    finish('v3');
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
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.get('page')).toBe('v1');

    let finish!: (value: string) => void;
    const slow = () =>
      new Promise<string>((resolve) => {
        finish = resolve;
      });
    expect(await cache.load('page', slow)).toBe('v1');
    cache.clear(); // a write lands while the refresh reads
    finish('before the write');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.get('page')).toBeUndefined();
  });
});
