import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts';
import { freePort, type ServerProcess, startServer, stopServer, tempDir, waitForReady } from './harness.ts';

/**
 * Two instances in demo mode starting together on one EMPTY database, each with its own DATA_DIR
 * (issue 31): both migrate, both seed, both serve. Before the seed took a lock one of them died
 * with "Failed to create user"; before push keys lived in the database each made its own pair.
 */

let dir: string;
let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  dir = tempDir('stillpoint-two-demo-');
  cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), password: 'two-demo' });
  const env = {
    DATABASE_URL: cluster.connectionString('postgres'),
    AUTH_SECRET: 'two-demo-secret-two-demo-secret-two-demo',
    SEED_DEMO: 'true',
  };
  a = startServer({ port: await freePort(), dataDir: tempDir('stillpoint-two-demo-a-'), env });
  b = startServer({ port: await freePort(), dataDir: tempDir('stillpoint-two-demo-b-'), env });
  await Promise.all([waitForReady(a), waitForReady(b)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a && stopServer(a), b && stopServer(b)]);
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('two instances in demo mode, one empty database', () => {
  it('both start, the demo exists once, and both serve the same push key', async () => {
    const client = new pg.Client({ connectionString: cluster.connectionString('postgres') });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from users where email like '%@stillpoint.local'",
    );
    await client.end();
    expect(rows[0]!.n).toBe(2);
    const keys = await Promise.all(
      [a, b].map(
        async (server) => (await (await fetch(`${server.url}/api/push/public-key`)).json()).publicKey,
      ),
    );
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
