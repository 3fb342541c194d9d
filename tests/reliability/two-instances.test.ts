import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts';
import {
  freePort,
  grantAdmin,
  randomAddress,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  stopServer,
  tempDir,
  waitForReady,
} from './harness.ts';

/**
 * Two instances on two ports sharing one PostgreSQL (issue 9), as production runs them
 * (NODE_ENV=production, one AUTH_SECRET, DATABASE_URL): a session made on one is valid on the
 * other, the sign-in rate limit holds across both, and a post made on one is listed by the other.
 */

const PASSWORD = 'two-instances-password-5';
let dir: string;
let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let a: ServerProcess;
let b: ServerProcess;
let publicUrl: string;

beforeAll(async () => {
  dir = tempDir('stillpoint-two-');
  cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), password: 'two-instances' });
  const [portA, portB] = [await freePort(), await freePort()];
  publicUrl = `http://localhost:${portA}`;
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: cluster.connectionString('postgres'),
    AUTH_SECRET: 'two-instances-secret-two-instances-secret',
    ALLOW_TEST_CHECKOUT: 'true',
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '1',
  };
  // Both start at once: migrations run under an advisory lock, so they do not trip over each other.
  a = startServer({ port: portA, dataDir: tempDir('stillpoint-two-a-'), env });
  b = startServer({ port: portB, dataDir: tempDir('stillpoint-two-b-'), env });
  await Promise.all([waitForReady(a), waitForReady(b)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a && stopServer(a), b && stopServer(b)]);
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('two instances, one database', () => {
  it('a session made on one is valid on the other', async () => {
    const member = await signUp(
      a.url,
      publicUrl,
      `two-${randomUUID().slice(0, 8)}@example.test`,
      PASSWORD,
      randomAddress(),
    );
    const onA = await member.request('/api/auth/user');
    const onB = await member.request('/api/auth/user', { base: b.url });
    expect(onA.status).toBe(200);
    expect(onB.status).toBe(200);
    expect((await onB.json()).email).toBe(member.email);
    // Signing out on B ends the session on A too.
    expect(
      (await member.request('/api/auth/sign-out', { method: 'POST', body: {}, base: b.url })).status,
    ).toBe(200);
    expect((await member.request('/api/auth/user')).status).toBe(401);
  });

  it('the sign-in rate limit holds across both', async () => {
    const address = randomAddress();
    const attempt = (base: string) =>
      fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl, 'x-forwarded-for': address },
        body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password-123' }),
      });
    const statuses: number[] = [];
    // 10 a minute per address: alternate instances; the 11th attempt, wherever it lands, is refused.
    for (let index = 0; index < 12; index += 1)
      statuses.push((await attempt(index % 2 === 0 ? a.url : b.url)).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('a post made on one is listed by the other', async () => {
    const admin = await signUp(a.url, publicUrl, 'two-admin@example.test', PASSWORD, randomAddress());
    await grantAdmin({ dataDir: dir, databaseUrl: cluster.connectionString('postgres') }, admin.email);
    const forum = await admin.request('/api/forums', {
      method: 'POST',
      body: { title: 'Shared', description: 'Across instances', category: 'general', slug: 'shared-two' },
    });
    expect(forum.status, await forum.clone().text()).toBe(201);
    // B has never served this forum; read it once so its page cache is warm (and stale).
    expect((await admin.request('/api/forums/shared-two/posts', { base: b.url })).status).toBe(200);
    const created = await admin.request('/api/forums/shared-two/posts', {
      method: 'POST',
      body: { title: 'Made on A', content: 'Seen on B.' },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    // B's cached page lives at most 3 s; the post must show within that.
    const deadline = Date.now() + 5000;
    let listed = false;
    while (!listed && Date.now() < deadline) {
      const page = await (await admin.request('/api/forums/shared-two/posts', { base: b.url })).json();
      listed = page.some((post: { id: string }) => post.id === id);
      if (!listed) await sleep(250);
    }
    expect(listed).toBe(true);
    expect((await admin.request(`/api/posts/${id}`, { base: b.url })).status).toBe(200);
  });
});
