import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
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
} from '../tests/reliability/harness.ts';
import { buildLibrary } from './dataset.ts';
import { requireWrk, wrk } from './wrk.ts';

/**
 * Two app instances behind Debian's nginx on one PostgreSQL, on loopback (docs/scaling.md):
 * sessions, the shared rate limit store, cache invalidation reaching the other instance within
 * its stated bound, background jobs run once, and one versus two instances' throughput.
 * `node --import tsx bench/two-instances.ts` (not part of `npm test`; needs nginx and wrk:
 * `sudo apt-get install -y nginx wrk`). BENCH_SECONDS (5) per throughput run.
 */
requireWrk();
if (spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx']).status !== 0) {
  console.error('nginx is not installed: sudo apt-get install -y nginx');
  process.exit(1);
}
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PASSWORD = 'two-instances-password-5';

const checks: Array<{ name: string; ok: boolean; detail: string }> = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  console.info(`  ${ok ? '✓' : '✗'} ${name}: ${detail}`);
};

const dir = tempDir('stillpoint-two-bench-');
const cluster = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'postgres'),
  password: 'two-instances',
  settings: { max_connections: '200' },
});
const databaseUrl = cluster.connectionString('postgres');
const [portA, portB, portBoth, portOne] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const publicUrl = `http://localhost:${portBoth}`;
const env = {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: 'two-instances-secret-two-instances-secret',
  ALLOW_TEST_CHECKOUT: 'true',
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: '1',
  RATE_LIMIT_SCALE: '1',
};
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let nginx: ReturnType<typeof spawn> | undefined;

try {
  a = startServer({ port: portA, dataDir: tempDir('stillpoint-two-a-'), env });
  b = startServer({ port: portB, dataDir: tempDir('stillpoint-two-b-'), env });
  await Promise.all([waitForReady(a), waitForReady(b)]);

  // nginx: one port balancing both instances, one port with instance A alone.
  const nginxDir = path.join(dir, 'nginx');
  fs.mkdirSync(path.join(nginxDir, 'logs'), { recursive: true });
  const conf = path.join(nginxDir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  upstream both { server 127.0.0.1:${portA}; server 127.0.0.1:${portB}; keepalive 64; }
  upstream one { server 127.0.0.1:${portA}; keepalive 64; }
  map $http_x_forwarded_for $client_address { default $http_x_forwarded_for; "" $remote_addr; }
  server {
    listen 127.0.0.1:${portBoth};
    location / {
      proxy_pass http://both;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $client_address;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
  server {
    listen 127.0.0.1:${portOne};
    location / {
      proxy_pass http://one;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $client_address;
    }
  }
}
`,
  );
  nginx = spawn(NGINX, ['-c', conf, '-p', nginxDir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const viaNginx = `http://127.0.0.1:${portBoth}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const ok = await fetch(`${viaNginx}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(100);
  }
  console.info(`two instances (:${portA}, :${portB}) behind nginx (:${portBoth}; A alone on :${portOne})\n`);

  // Sessions: made on A, used on B; signed out through B, gone on A.
  const member = await signUp(
    a.url,
    publicUrl,
    `two-${randomUUID().slice(0, 8)}@example.test`,
    PASSWORD,
    randomAddress(),
  );
  const onB = await member.request('/api/auth/user', { base: b.url });
  await member.request('/api/auth/sign-out', { method: 'POST', body: {}, base: b.url });
  const afterSignOut = await member.request('/api/auth/user', { base: a.url });
  check(
    'sessions are shared',
    onB.status === 200 && afterSignOut.status === 401,
    `signed in on A → B answers ${onB.status}; signed out on B → A answers ${afterSignOut.status}`,
  );

  // Rate limits: the sign-in limit (10 a minute per address) through nginx, whichever instance answers.
  const address = randomAddress();
  const statuses: number[] = [];
  for (let index = 0; index < 12; index += 1) {
    const response = await fetch(`${viaNginx}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl, 'x-forwarded-for': address },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password-123' }),
    });
    statuses.push(response.status);
  }
  check(
    'rate limits are shared (PostgreSQL store)',
    statuses.slice(0, 10).every((s) => s === 401) && statuses.slice(10).every((s) => s === 429),
    `12 sign-ins through nginx (round robin): ${statuses.join(' ')}`,
  );

  // Caches: each instance keeps public lists for a few seconds (forum pages 3 s, library 5 s);
  // a write on A must show on B within that bound.
  const admin = await signUp(
    a.url,
    publicUrl,
    `two-admin-${randomUUID().slice(0, 8)}@example.test`,
    PASSWORD,
    randomAddress(),
  );
  await grantAdmin({ dataDir: dir, databaseUrl }, admin.email);
  const slug = `shared-${randomUUID().slice(0, 6)}`;
  await admin.request('/api/forums', {
    method: 'POST',
    body: { title: 'Shared', description: 'Across instances', category: 'general', slug },
  });
  async function seenOnB(
    pathname: string,
    predicate: (body: unknown) => boolean,
    write: () => Promise<void>,
  ) {
    await admin.request(pathname, { base: b!.url }); // warm (and soon stale) on B
    const started = Date.now();
    await write();
    while (Date.now() - started < 15_000) {
      const body = await (await admin.request(pathname, { base: b!.url })).json();
      if (predicate(body)) return Date.now() - started;
      await sleep(100);
    }
    return Number.POSITIVE_INFINITY;
  }
  let postId = '';
  const forumMs = await seenOnB(
    `/api/forums/${slug}/posts`,
    (body) => (body as Array<{ id: string }>).some((post) => post.id === postId),
    async () => {
      const created = await admin.request(`/api/forums/${slug}/posts`, {
        method: 'POST',
        body: { title: 'Made on A', content: 'Seen on B.' },
      });
      postId = ((await created.json()) as { id: string }).id;
    },
  );
  check('a new post reaches B within its 3 s forum-page bound', forumMs <= 3_500, `seen after ${forumMs} ms`);
  const title = `Made on A ${randomUUID().slice(0, 6)}`;
  const libraryMs = await seenOnB(
    '/api/videos?limit=50',
    (body) => (body as Array<{ title: string }>).some((item) => item.title === title),
    async () => {
      await admin.request('/api/videos', {
        method: 'POST',
        body: { title, description: 'Across instances.' },
      });
    },
  );
  check(
    'a new item reaches B within its 5 s library-list bound',
    libraryMs <= 5_500,
    `seen after ${libraryMs} ms`,
  );

  // Jobs: pg-boss hands each job to one worker. 20 clean-up jobs queued while both instances poll.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: queued } = await client.query<{ id: string }>(
    `insert into pgboss.job (name, data) select 'cleanup-uploads', '{}'::jsonb from generate_series(1, 20) returning id`,
  );
  const ids = queued.map((row) => row.id);
  let done: Array<{ state: string; retry_count: number }> = [];
  for (let waited = 0; waited < 30_000; waited += 500) {
    done = (
      await client.query<{ state: string; retry_count: number }>(
        'select state::text as state, retry_count from pgboss.job where id = any($1::uuid[])',
        [ids],
      )
    ).rows;
    if (done.length === 20 && done.every((row) => row.state === 'completed')) break;
    await sleep(500);
  }
  await client.end();
  check(
    'background jobs run once each across both instances',
    done.length === 20 && done.every((row) => row.state === 'completed' && row.retry_count === 0),
    `${done.filter((row) => row.state === 'completed').length}/20 completed, ${done.filter((row) => row.retry_count > 0).length} retried (each job row is claimed by one worker with SKIP LOCKED)`,
  );

  // Throughput: one instance versus two, through the same nginx.
  const seed = new pg.Client({ connectionString: databaseUrl });
  await seed.connect();
  await buildLibrary((text) => seed.query(text), 5_000);
  await seed.query('analyze');
  await seed.end();
  const words = ['breath', 'sleep', 'focus', 'walking', 'gentle', 'morning', 'rest', 'calm', 'body', 'open'];
  const uncached = Array.from(
    { length: 5000 },
    (_, n) => `/api/videos?search=${words[n % words.length]}%20${n}`,
  );
  const throughput: Record<string, Record<string, number>> = {};
  for (const [label, paths] of [
    ['library first page', ['/api/videos']],
    ['search, uncached', uncached],
  ] as const) {
    const one = await wrk(`http://127.0.0.1:${portOne}/`, { seconds: SECONDS, paths: [...paths] });
    const two = await wrk(`http://127.0.0.1:${portBoth}/`, { seconds: SECONDS, paths: [...paths] });
    throughput[label] = {
      one: one.requestsPerSecond,
      two: two.requestsPerSecond,
      p99One: one.p99,
      p99Two: two.p99,
    };
  }
  console.info(
    `\nthroughput through nginx (wrk -t1 -c50, ${SECONDS} s; load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}, ${os.cpus().length} cores):`,
  );
  for (const [label, t] of Object.entries(throughput))
    console.info(
      `  ${label.padEnd(20)} one instance ${String(t.one).padStart(6)} req/s (p99 ${t.p99One} ms)   two ${String(t.two).padStart(6)} req/s (p99 ${t.p99Two} ms)   ×${(t.two! / t.one!).toFixed(2)}`,
    );
  console.info(
    '  On two cores, nginx, wrk, PostgreSQL and the instances share the same CPUs: a second instance\n' +
      '  can only show that nothing breaks, not how far it scales (docs/scaling.md).',
  );
} finally {
  nginx?.kill('SIGQUIT');
  await Promise.all([a && stopServer(a), b && stopServer(b)]);
  await cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
const failed = checks.filter((c) => !c.ok);
console.info(failed.length === 0 ? '\nall checks passed' : `\n${failed.length} check(s) failed`);
process.exit(failed.length === 0 ? 0 : 1);
