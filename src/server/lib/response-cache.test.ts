import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

describe('response cache', () => {
  it('expires entries after the ttl', () => {
    let clock = 0;
    const cache = createResponseCache({ ttlMs: 100, maxEntries: 10, now: () => clock });
    cache.set('a', { body: '[]', headers: {} });
    clock = 99;
    expect(cache.get('a')?.body).toBe('[]');
    clock = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry past the bound', () => {
    const cache = createResponseCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', { body: 'a', headers: {} });
    cache.set('b', { body: 'b', headers: {} });
    cache.get('a');
    cache.set('c', { body: 'c', headers: {} });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body).toBe('a');
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
