import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  freePort,
  isAlive,
  postmasterPid,
  randomAddress,
  runtimeDatabaseUrl,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  tempDir,
  waitForReady,
} from './harness.ts';

/**
 * Crash test (issue 9): 20 writers post forum posts with client-chosen ids while the server — and
 * in half the cycles the embedded PostgreSQL — is killed with SIGKILL at a random moment. After
 * each restart, writers retry what was not acknowledged, with the same id. In the end every
 * acknowledged post exists exactly once, the forum's count matches its rows, and the server
 * always came back. 10 cycles in CI; RELIABILITY_CYCLES=50 on demand.
 */

const CYCLES = Number(process.env.RELIABILITY_CYCLES ?? 10);
const WRITERS = 20;
const PASSWORD = 'crash-test-password-91';

let dataDir: string;
let port: number;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = tempDir('stillpoint-crash-');
  port = await freePort();
});
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  const pid = postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  await sleep(300);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  startServer({ port, dataDir, env: { ADMIN_EMAILS: 'crash-admin@example.test', TRUST_PROXY: '1' } });

describe('crash and restart', () => {
  it(`keeps every acknowledged post through ${CYCLES} SIGKILLs`, async () => {
    server = start();
    await waitForReady(server);
    const base = server.url;
    const publicUrl = `http://localhost:${port}`;
    const admin = await signUp(base, publicUrl, 'crash-admin@example.test', PASSWORD);
    const forum = await admin.request('/api/forums', {
      method: 'POST',
      body: {
        title: 'Crash test',
        description: 'Posts that must survive.',
        category: 'general',
        slug: 'crash-test',
      },
    });
    expect(forum.status, await forum.clone().text()).toBe(201);
    const writers: Client[] = [];
    for (let index = 0; index < WRITERS; index += 1) {
      writers.push(
        await signUp(base, publicUrl, `crash-writer-${index}@example.test`, PASSWORD, randomAddress()),
      );
    }

    const acknowledged = new Set<string>();
    const sent = new Set<string>();
    let running = true;
    let answered5xx = 0;

    /** Each writer: one post at a time; an unanswered post is retried with the same id until acknowledged. */
    const writerLoop = async (writer: Client) => {
      let pending: string | undefined;
      while (running) {
        const id = pending ?? randomUUID();
        sent.add(id);
        try {
          const response = await writer.request('/api/forums/crash-test/posts', {
            method: 'POST',
            body: { id, title: `Post ${id.slice(0, 8)}`, content: 'Still here after the crash.' },
          });
          await response.arrayBuffer();
          if (response.status === 201 || response.status === 200) {
            acknowledged.add(id);
            pending = undefined;
          } else {
            if (response.status >= 500) answered5xx += 1;
            pending = id;
            await sleep(50);
          }
        } catch {
          // The server is down: keep the id and try again.
          pending = id;
          await sleep(100);
        }
      }
      // Drain: the last unacknowledged post must land too.
      while (pending) {
        try {
          const response = await writer.request('/api/forums/crash-test/posts', {
            method: 'POST',
            body: {
              id: pending,
              title: `Post ${pending.slice(0, 8)}`,
              content: 'Still here after the crash.',
            },
          });
          if (response.status === 201 || response.status === 200) {
            acknowledged.add(pending);
            pending = undefined;
          } else await sleep(100);
        } catch {
          await sleep(100);
        }
      }
    };
    const loops = writers.map(writerLoop);

    const restartTimes: number[] = [];
    const recoveries = { stopped: 0, unreaped: 0 };
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      await sleep(300 + Math.floor(Math.random() * 1200));
      const killDatabase = cycle % 2 === 1;
      const postmaster = postmasterPid(dataDir);
      server.child.kill('SIGKILL');
      if (killDatabase && postmaster && isAlive(postmaster)) process.kill(postmaster, 'SIGKILL');
      await server.exited;
      server = start();
      restartTimes.push(await waitForReady(server));
      const output = server.output();
      if (output.includes('left running by an earlier run')) recoveries.stopped += 1;
      if (output.includes('never reaped')) recoveries.unreaped += 1;
    }
    await sleep(1000);
    running = false;
    await Promise.all(loops);

    // Every acknowledged post exists exactly once; nothing that was never sent exists.
    const db = new pg.Client({ connectionString: runtimeDatabaseUrl(dataDir) });
    await db.connect();
    try {
      const ids = [...acknowledged];
      const { rows } = await db.query<{ id: string; copies: string }>(
        `select id, count(*) as copies from forum_posts where id = any($1::uuid[]) group by id`,
        [ids],
      );
      expect(rows).toHaveLength(ids.length);
      expect(rows.every((row) => Number(row.copies) === 1)).toBe(true);
      const { rows: all } = await db.query<{ id: string }>(
        `select p.id from forum_posts p join forums f on f.id = p.forum_id where f.slug = 'crash-test'`,
      );
      expect(all.every((row) => sent.has(row.id))).toBe(true);
      const { rows: counts } = await db.query<{ post_count: number; actual: string }>(
        `select post_count, (select count(*) from forum_posts p where p.forum_id = f.id) as actual
           from forums f where slug = 'crash-test'`,
      );
      expect(counts[0]!.post_count).toBe(Number(counts[0]!.actual));
      expect(all.length).toBe(acknowledged.size);
    } finally {
      await db.end();
    }
    console.info(
      `crash test: ${CYCLES} cycles, ${acknowledged.size} acknowledged posts, restarts ${Math.min(...restartTimes)}–${Math.max(...restartTimes)} ms, ${answered5xx} 5xx answers while the database was down; ` +
        `orphaned PostgreSQL stopped ${recoveries.stopped}×, unreaped lock files cleared ${recoveries.unreaped}×`,
    );
    expect(acknowledged.size).toBeGreaterThan(CYCLES * 10);
  }, 600_000);
});
