import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  freePort,
  grantAdmin,
  isAlive,
  postmasterPid,
  randomAddress,
  rssBytes,
  runtimeDatabaseUrl,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  stopServer,
  tempDir,
  waitForReady,
} from './harness.ts';

/**
 * Sustained load (issue 9): 60 s (RELIABILITY_LOAD_SECONDS) of mixed reads and writes from 50
 * concurrent clients against the production build of the server. Zero 5xx, zero lost writes,
 * and memory stable: resident memory grows at most 40% over the second half of the run (a leak grows
 * with the requests served; a heap settling into its working size grows early).
 */

const LOAD_SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = 10;
const CONNECTIONS = 50;
const PASSWORD = 'load-test-password-31';

let dataDir: string;
let server: ServerProcess;
let publicUrl: string;

beforeAll(async () => {
  dataDir = tempDir('stillpoint-load-');
  const port = await freePort();
  publicUrl = `http://localhost:${port}`;
  server = startServer({
    port,
    dataDir,
    env: {
      NODE_ENV: 'production',
      AUTH_SECRET: 'load-test-secret-load-test-secret-load',
      ALLOW_TEST_CHECKOUT: 'true',
      TRUST_PROXY: '1',
    },
  });
  await waitForReady(server);
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  const pid = postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  await sleep(300);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('sustained mixed load', () => {
  it(`serves ${LOAD_SECONDS} s at ${CONNECTIONS} connections without a 5xx, a lost write or a leak`, async () => {
    const base = server.url;
    const admin = await signUp(base, publicUrl, 'load-admin@example.test', PASSWORD, randomAddress());
    await grantAdmin({ dataDir }, admin.email);
    expect(
      (
        await admin.request('/api/forums', {
          method: 'POST',
          body: { title: 'Load', description: 'Busy', category: 'general', slug: 'load' },
        })
      ).status,
    ).toBe(201);
    for (let index = 0; index < 30; index += 1) {
      const created = await admin.request('/api/videos', {
        method: 'POST',
        body: {
          title: `Practice ${index}`,
          description: 'Breathe in, breathe out.',
          type: 'audio',
          duration: 300,
        },
      });
      expect(created.status).toBe(201);
    }
    const members: Client[] = [];
    for (let index = 0; index < 10; index += 1) {
      members.push(await signUp(base, publicUrl, `load-${index}@example.test`, PASSWORD, randomAddress()));
    }
    const seedPost = await (
      await members[0]!.request('/api/forums/load/posts', {
        method: 'POST',
        body: { title: 'Seed', content: 'First.' },
      })
    ).json();

    const stats = { requests: 0, fiveXx: 0, errors: 0, byStatus: new Map<number, number>() };
    const acknowledgedPosts = new Set<string>();
    const acknowledgedComments = new Set<string>();
    let running = true;

    const once = async (member: Client): Promise<void> => {
      const roll = Math.random();
      let response: Response;
      if (roll < 0.35) response = await member.request('/api/videos');
      else if (roll < 0.45) response = await member.request('/api/videos?search=breathe');
      else if (roll < 0.6) response = await member.request('/api/forums/load/posts');
      else if (roll < 0.7) response = await member.request(`/api/posts/${seedPost.id}/comments`);
      else if (roll < 0.85) {
        const id = randomUUID();
        response = await member.request('/api/forums/load/posts', {
          method: 'POST',
          body: { id, title: `Load ${id.slice(0, 8)}`, content: 'Written under load.' },
        });
        if (response.status === 201) acknowledgedPosts.add(id);
      } else if (roll < 0.95) {
        response = await member.request(`/api/posts/${seedPost.id}/comments`, {
          method: 'POST',
          body: { content: 'A comment under load.' },
        });
        if (response.status === 201) acknowledgedComments.add((await response.clone().json()).id);
      } else response = await member.request(`/api/posts/${seedPost.id}/like`, { method: 'POST', body: {} });
      await response.arrayBuffer();
      stats.requests += 1;
      stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1);
      if (response.status >= 500) stats.fiveXx += 1;
    };
    const worker = async (index: number) => {
      const member = members[index % members.length]!;
      while (running) {
        try {
          await once(member);
        } catch {
          stats.errors += 1;
        }
      }
    };
    const workers = Array.from({ length: CONNECTIONS }, (_, index) => worker(index));
    await sleep(WARMUP_SECONDS * 1000);
    const rssAfterWarmup = rssBytes(server.pid);
    const requestsAtWarmup = stats.requests;
    await sleep((LOAD_SECONDS / 2) * 1000);
    const rssAtHalf = rssBytes(server.pid);
    await sleep((LOAD_SECONDS / 2) * 1000);
    const rssAtEnd = rssBytes(server.pid);
    running = false;
    await Promise.all(workers);

    const db = new pg.Client({ connectionString: runtimeDatabaseUrl(dataDir) });
    await db.connect();
    let postsFound = 0;
    let commentsFound = 0;
    try {
      postsFound = Number(
        (
          await db.query('select count(*) as n from forum_posts where id = any($1::uuid[])', [
            [...acknowledgedPosts],
          ])
        ).rows[0].n,
      );
      commentsFound = Number(
        (
          await db.query('select count(*) as n from forum_comments where id = any($1::uuid[])', [
            [...acknowledgedComments],
          ])
        ).rows[0].n,
      );
      const counters = await db.query(`
        select (select post_count from forums where slug = 'load') as post_count,
               (select count(*) from forum_posts p join forums f on f.id = p.forum_id where f.slug = 'load') as posts,
               (select comment_count from forum_posts where id = '${seedPost.id}') as comment_count,
               (select count(*) from forum_comments where post_id = '${seedPost.id}') as comments`);
      const row = counters.rows[0];
      expect(Number(row.post_count)).toBe(Number(row.posts));
      expect(Number(row.comment_count)).toBe(Number(row.comments));
    } finally {
      await db.end();
    }
    const perSecond = Math.round((stats.requests - requestsAtWarmup) / LOAD_SECONDS);
    const growth = rssAtEnd / rssAfterWarmup;
    // A leak grows with the requests served, so the second half grows like the first; a heap that is
    // still settling into its working size (Node 24's V8 sizes it later than Node 20's) grows early.
    const lateGrowth = rssAtEnd / rssAtHalf;
    console.info(
      `load: ${stats.requests} requests (${perSecond}/s after warm-up), statuses ${JSON.stringify(Object.fromEntries(stats.byStatus))}, ` +
        `${acknowledgedPosts.size} posts and ${acknowledgedComments.size} comments written, ` +
        `RSS ${Math.round(rssAfterWarmup / 1048576)} → ${Math.round(rssAtHalf / 1048576)} → ${Math.round(rssAtEnd / 1048576)} MB (×${growth.toFixed(2)}, second half ×${lateGrowth.toFixed(2)})`,
    );
    if (stats.fiveXx > 0) {
      const errors = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":50'))
        .slice(0, 3);
      console.info(
        'server errors:',
        errors.map((line) => line.slice(0, 1500)),
      );
    }
    expect(stats.fiveXx).toBe(0);
    expect(stats.errors).toBe(0);
    expect(postsFound).toBe(acknowledgedPosts.size);
    expect(commentsFound).toBe(acknowledgedComments.size);
    expect(acknowledgedPosts.size).toBeGreaterThan(100);
    // Measured on Node 24 at ~300-430 requests a second (2 cores): the second half grows 1-19% while
    // V8 is still sizing its heap, with or without the newest features on the hot path; 40% leaves
    // room for that on another machine and still catches a leak of ~10 KB per request. Heap-after-GC figures
    // would be sharper (an open item in docs/architecture.md's tests section).
    expect(lateGrowth).toBeLessThanOrEqual(1.4);
  }, 600_000);
});
