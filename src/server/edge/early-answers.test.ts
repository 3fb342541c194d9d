import { describe, expect, it } from 'vitest';
import { earlyHeadersFrom } from './early-answers.ts';

describe('earlyHeadersFrom', () => {
  it("keeps the answer's own headers, leaves per-response ones to the server and measures the body in bytes", () => {
    const headers = earlyHeadersFrom(
      {
        'content-type': 'application/json; charset=utf-8',
        'x-next-cursor': 'abc',
        'x-content-type-options': 'nosniff',
        'x-count': 3,
        'content-length': '1',
        date: 'Tue, 24 Nov 2026 10:00:00 GMT',
        connection: 'keep-alive',
        'keep-alive': 'timeout=72',
        'transfer-encoding': 'chunked',
      },
      '"Ruhe — ó"',
    );
    expect(headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'x-next-cursor': 'abc',
      'x-content-type-options': 'nosniff',
      'x-count': '3',
      'content-length': String(Buffer.byteLength('"Ruhe — ó"')),
    });
    expect(headers?.['content-length']).not.toBe(String('"Ruhe — ó"'.length));
  });

  it('never keeps an answer that sets a cookie', () => {
    expect(
      earlyHeadersFrom({ 'set-cookie': ['session=1'], 'content-type': 'text/plain' }, 'x'),
    ).toBeUndefined();
  });
});
