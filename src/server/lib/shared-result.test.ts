import { describe, expect, it } from 'vitest';
import { sharedResult } from './shared-result.ts';

describe('sharedResult', () => {
  it('runs the work once for concurrent callers and reuses it until the period ends', async () => {
    let clock = 0;
    let runs = 0;
    const get = sharedResult(
      1000,
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return runs;
      },
      () => clock,
    );
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    clock = 999;
    expect(await get()).toBe(1);
    clock = 1000;
    expect(await get()).toBe(2);
    expect(runs).toBe(2);
  });

  it('does not keep a failure', async () => {
    let fail = true;
    const get = sharedResult(60_000, async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    });
    await expect(get()).rejects.toThrow('database down');
    fail = false;
    expect(await get()).toBe('ok');
  });
});
