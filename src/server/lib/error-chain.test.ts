import { describe, expect, it } from 'vitest';
import { causeOfType } from './error-chain.ts';

describe('causeOfType', () => {
  class Wanted extends Error {}
  it('finds the error itself or one in its cause chain, and nothing else', () => {
    const wanted = new Wanted('inside');
    expect(causeOfType(wanted, Wanted)).toBe(wanted);
    expect(causeOfType(new Error('outer', { cause: new Error('middle', { cause: wanted }) }), Wanted)).toBe(
      wanted,
    );
    expect(causeOfType(new Error('alone'), Wanted)).toBeUndefined();
    expect(causeOfType('not an error', Wanted)).toBeUndefined();
  });
});
