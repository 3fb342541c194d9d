import { describe, expect, it } from 'vitest';
import {
  missingServerEnv,
  missingServerFlags,
  SERVER_ENV,
  SERVER_V8_FLAGS,
} from '../../scripts/lib/server-flags.mjs';

describe('missingServerFlags', () => {
  it('asks for every flag of a process started without them', () => {
    expect(missingServerFlags([], undefined)).toEqual([...SERVER_V8_FLAGS]);
    expect(missingServerFlags(['--enable-source-maps'], '')).toEqual([...SERVER_V8_FLAGS]);
  });

  it('asks for none once the process has them (no second replacement)', () => {
    expect(missingServerFlags([...SERVER_V8_FLAGS])).toEqual([]);
  });

  it("leaves a flag to the operator's own value, on the command line or in NODE_OPTIONS", () => {
    expect(missingServerFlags(['--max-semi-space-size=32'])).toEqual(['--heap-growing-percent=30']);
    expect(missingServerFlags([], '--max-old-space-size=512 --heap_growing_percent=50')).toEqual([
      '--max-semi-space-size=8',
    ]);
  });
});

describe('missingServerEnv', () => {
  it('asks for the allocator variables a process was started without', () => {
    expect(missingServerEnv({ PATH: '/usr/bin' })).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(missingServerEnv({ ...SERVER_ENV })).toEqual({});
  });

  it("leaves a variable to the operator's own value, an empty one too", () => {
    expect(missingServerEnv({ MALLOC_ARENA_MAX: '8' })).toEqual({});
    expect(missingServerEnv({ MALLOC_ARENA_MAX: '' })).toEqual({});
  });
});
