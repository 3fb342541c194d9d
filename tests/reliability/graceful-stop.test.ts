import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  isAlive,
  postmasterPid,
  type ServerProcess,
  sleep,
  startServer,
  tempDir,
  waitForReady,
} from './harness.ts';

/**
 * Graceful stop (issue 9): SIGTERM while 50 clients are loading the server. Every request that
 * was in flight or arrived during the drain is answered (200, or 503 with Connection: close once
 * draining) and no such connection is reset; the process exits within 10 seconds. Only requests
 * that race the listener's final close may be refused or reset by the kernel — counted, not hidden.
 */
const DRAIN_MS = 1500;

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = tempDir('stillpoint-sigterm-');
  server = startServer({ port: await freePort(), dataDir, env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) } });
  await waitForReady(server);
});
afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  const pid = postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  await sleep(300);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Outcome = { status?: number; error?: string; startedAt: number; path?: string };

/** One request on its own connection (no keep-alive), so only in-flight requests are at stake. */
function request(port: number, path: string): Promise<Outcome> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, startedAt, path }));
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, startedAt }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, startedAt }),
    );
  });
}

describe('SIGTERM under load', () => {
  it('answers every accepted request, resets no connection, and exits within 10 s', async () => {
    const outcomes: Outcome[] = [];
    let stopping = false;
    const paths = [
      '/api/videos',
      '/api/health',
      '/api/forums',
      '/api/announcements',
      '/api/questionnaire/domains',
    ];
    const worker = async (index: number) => {
      let n = index;
      while (true) {
        const outcome = await request(server.port, paths[n++ % paths.length]!);
        outcomes.push(outcome);
        if (stopping && outcome.error === 'ECONNREFUSED') return;
      }
    };
    const workers = Array.from({ length: 50 }, (_, index) => worker(index));
    await sleep(3000);
    const before = outcomes.length;
    stopping = true;
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const exitMs = Date.now() - signalledAt;
    await Promise.all(workers);

    // Everything that started before the listener began to close must have a real answer.
    const closingStarts = signalledAt + DRAIN_MS - 200;
    const protectedOutcomes = outcomes.filter((o) => o.startedAt < closingStarts);
    const failures = protectedOutcomes.filter((o) => o.error).map((o) => o.error!);
    const afterClose = outcomes.filter((o) => o.startedAt >= closingStarts);
    const statuses = outcomes.filter((o) => o.status).map((o) => o.status!);
    const drained = outcomes.filter((o) => o.status === 503 && o.startedAt >= signalledAt).length;
    console.info(
      `graceful stop: ${before} requests before SIGTERM, ${protectedOutcomes.length - before} during the drain ` +
        `(${drained} answered 503), exit ${code} after ${exitMs} ms; racing the final close: ` +
        `${afterClose.filter((o) => o.error === 'ECONNREFUSED').length} refused, ` +
        `${afterClose.filter((o) => o.error && o.error !== 'ECONNREFUSED').length} reset`,
    );
    expect(before).toBeGreaterThan(100);
    expect(failures, 'requests in flight or during the drain that got no answer').toEqual([]);
    expect(drained).toBeGreaterThan(0);
    expect([...new Set(statuses)].sort()).toEqual(expect.arrayContaining([200, 503]));
    const odd = outcomes.filter((o) => o.status && o.status !== 200 && o.status !== 503);
    if (odd.length > 0) {
      console.info(
        'unexpected answers:',
        odd.slice(0, 5).map((o) => `${o.status} ${o.path} at ${o.startedAt - signalledAt} ms`),
        server.output().slice(-3000),
      );
    }
    expect(
      [...new Set(statuses.filter((status) => status !== 200 && status !== 503))],
      'other answers',
    ).toEqual([]);
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
  }, 120_000);
});
