import { describe, expect, it } from 'vitest';
import { formatLogLine } from './pretty-log.ts';

const at = new Date(2026, 10, 23, 14, 2, 7).getTime();

describe('formatLogLine', () => {
  it('turns a request line into one short line: time, method, url, status, duration', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/library?limit=20', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 3.62,
      msg: 'request completed',
    });
    expect(formatLogLine(`${line}\n`)).toBe('14:02:07 GET /api/library?limit=20 200 4 ms\n');
  });

  it('keeps other lines to their level and message, with an error stack indented below', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, msg: 'Server listening' }))).toBe(
      '14:02:07 Server listening\n',
    );
    const error = JSON.stringify({
      level: 50,
      time: at,
      msg: 'failed',
      err: { stack: 'Error: x\n    at y' },
    });
    expect(formatLogLine(error)).toBe('14:02:07 ERROR failed\n  Error: x\n      at y\n');
  });

  it('passes through a line that is not JSON', () => {
    expect(formatLogLine('plain text')).toBe('plain text\n');
  });
});
