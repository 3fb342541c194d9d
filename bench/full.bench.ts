import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import {
  fetchBytes,
  type LoadResult,
  load,
  root,
  startAppServer,
  startBenchDatabase,
  startCeilingServer,
  writeResults,
} from './lib.ts';

/**
 * `npm run bench` (issue 9): builds the app, starts it in production mode on a generated dataset
 * (100,000 users, 10,000 content items, 20 forums with 1,000,000 posts and 2,000,000 comments,
 * 50,000 completed questionnaires — all with SQL generate_series), and loads each endpoint with
 * autocannon (50 connections, no pipelining). A bare node:http server answering each read with
 * the very same bytes is the ceiling. Then the front end: gzip size of the JavaScript the landing
 * page and the library screen load, and Lighthouse's mobile performance score (median of three).
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const COMMENTS_PER_POST = 2;
const QUESTIONNAIRES = Number(process.env.BENCH_QUESTIONNAIRES ?? 50_000);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TARGETS = {
  health: { ratio: 0.85 },
  libraryFirstPage: { ratio: 0.3 },
  forumP99Ms: 30,
  commentsP99Ms: 30,
  analyticsMs: 200,
  landingJsKb: 120,
  lighthouse: 0.9,
};

const seconds = (start: number) => `${Math.round((Date.now() - start) / 1000)} s`;

console.info('building the client…');
const build = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (build.status !== 0) throw new Error('vite build failed');

const database = await startBenchDatabase();
let started = Date.now();
console.info(
  `generating ${USERS.toLocaleString()} users, ${ITEMS.toLocaleString()} items, ${POSTS.toLocaleString()} posts, ${(POSTS * COMMENTS_PER_POST).toLocaleString()} comments…`,
);
await database.query(`
  insert into users (name, email, first_name, last_name, created_at, subscription_status)
  select 'Member ' || i, 'member' || i || '@bench.test', 'Member', 'Number ' || i,
         now() - ((i % 420) || ' days')::interval,
         case when i % 7 = 0 then 'active' when i % 11 = 0 then 'canceled' end
    from generate_series(1, ${USERS}) i;
  insert into content_items (title, description, type, duration, is_premium, is_published, tags, created_at)
  select 'Practice ' || i,
         (array['A slow breath to begin the day.', 'Rest the body, settle the mind.', 'Walking with attention.', 'A short sleep story.'])[1 + i % 4],
         (array['video','audio','post','event'])[1 + i % 4], 300 + (i % 1500), i % 3 = 0, i % 10 <> 0,
         array[(array['breath','sleep','focus','calm'])[1 + i % 4]],
         now() - (i || ' minutes')::interval
    from generate_series(1, ${ITEMS}) i;
  insert into forums (slug, title, description, category, is_active)
  select 'forum-' || i, 'Forum ' || i, 'A bench forum', (array['practice','support','general','advanced','beginners'])[1 + i % 5], true
    from generate_series(1, 20) i;`);
await database.query(`
  with f as (select array_agg(id order by slug) as ids from forums),
       u as (select array_agg(id) as ids from (select id from users order by email limit 1000) x)
  insert into forum_posts (forum_id, user_id, title, content, like_count, comment_count, created_at)
  select f.ids[1 + i % 20], u.ids[1 + i % 1000], 'Post number ' || i,
         repeat('Some calm words about the practice today. ', 1 + i % 8), i % 17, ${COMMENTS_PER_POST},
         now() - ((${POSTS} - i) * 20 || ' seconds')::interval
    from generate_series(1, ${POSTS}) i, f, u;`);
await database.query(`
  with u as (select array_agg(id) as ids from (select id from users order by email limit 1000) x)
  insert into forum_comments (post_id, user_id, content, created_at)
  select p.id, u.ids[1 + (abs(hashtext(p.id::text)) + g) % 1000], 'Thank you for sharing this.',
         p.created_at + (g || ' minutes')::interval
    from forum_posts p, generate_series(1, ${COMMENTS_PER_POST}) g, u;
  update forums set post_count = (select count(*) from forum_posts p where p.forum_id = forums.id);`);
// The post whose comments are read: the newest in forum-1, with 200 comments.
const { rows: target } = await database.query(
  `select p.id from forum_posts p join forums f on f.id = p.forum_id where f.slug = 'forum-1'
    order by p.is_pinned desc, p.created_at desc limit 1`,
);
const postId = (target[0] as { id: string }).id;
await database.query(`
  insert into forum_comments (post_id, user_id, content, created_at)
  select '${postId}', (select id from users order by email offset (i % 1000) limit 1), 'Thank you ' || i,
         now() - ((300 - i) || ' seconds')::interval
    from generate_series(1, 198) i;
  update forum_posts set comment_count = 200 where id = '${postId}';`);
console.info(`community data ready (${seconds(started)})`);

const app = await startAppServer(database.databaseUrl, database.dir);
// Questionnaires need the questions, which the server seeds at start.
started = Date.now();
await database.query(`
  with picked as (
    select id as user_id, row_number() over (order by id) as n from users order by id limit ${QUESTIONNAIRES}
  ), made as (
    insert into questionnaires (user_id, status, version, started_at, completed_at)
    select user_id, 'completed', 1, now() - (n || ' hours')::interval, now() - (n || ' hours')::interval + interval '9 minutes'
      from picked returning id
  )
  insert into questionnaire_responses (questionnaire_id, question_id, score)
  select made.id, q.id, (abs(hashtext(made.id::text || q.id::text)) % 6) from made, questionnaire_questions q;`);
await database.query('vacuum analyze');
console.info(`questionnaires ready (${seconds(started)})`);

// Accounts: an admin (analytics) and a member (writes).
const origin = app.url.replace('127.0.0.1', 'localhost');
async function account(email: string, admin: boolean): Promise<string> {
  const response = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      email,
      password: 'bench-password-1234',
      name: 'Bench',
      firstName: 'Bench',
      lastName: 'User',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  if (admin) await database.query(`update users set is_admin = true where email = '${email}'`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}
const adminCookie = await account('bench-admin@bench.test', true);
const memberCookie = await account('bench-member@bench.test', false);

type Row = { scenario: string; path: string; result: LoadResult; ceiling?: LoadResult; ratio?: number };
const rows: Row[] = [];
const reads = [
  { scenario: 'health', path: '/api/health' },
  { scenario: 'library first page', path: '/api/videos' },
  { scenario: 'library search', path: '/api/videos?search=breath' },
  { scenario: 'forum first page (1M posts)', path: '/api/forums/forum-1/posts' },
  { scenario: 'post comments (2M comments)', path: `/api/posts/${postId}/comments` },
  { scenario: 'admin analytics', path: '/api/admin/analytics', cookie: adminCookie },
] as const;
const ceilingBodies: Record<string, { body: Buffer; contentType: string }> = {};
for (const read of reads) {
  const cookie = 'cookie' in read ? read.cookie : undefined;
  const response = await fetch(`${app.url}${read.path}`, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`${read.path} answered ${response.status}`);
  ceilingBodies[read.path] = {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? 'application/json',
  };
  const result = await load(
    `${app.url}${read.path}`,
    SECONDS,
    50,
    cookie ? (request) => ({ ...request, headers: { ...request.headers, cookie } }) : undefined,
  );
  rows.push({ scenario: read.scenario, path: read.path, result });
}

// Writes: new posts, each with its own client-chosen id.
const write = await autocannon({
  url: `${app.url}/api/forums/forum-2/posts`,
  connections: 50,
  duration: SECONDS,
  pipelining: 1,
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: memberCookie },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          id: randomUUID(),
          title: 'A bench post',
          content: 'Written while measuring.',
        }),
      }),
    },
  ],
});
rows.push({
  scenario: 'create post (write)',
  path: 'POST /api/forums/forum-2/posts',
  result: {
    requestsPerSecond: Math.round(write.requests.average),
    p50: write.latency.p50,
    p99: write.latency.p99,
    errors: write.errors,
    non2xx: write.non2xx,
  },
});

// The front end, against the same server: JavaScript loaded, and Lighthouse.
// Production cookies are `__Secure-` ones: Chromium takes them for 127.0.0.1 only marked Secure.
const cookieValue = (cookie: string) =>
  cookie.split('; ').map((pair) => {
    const [name, ...rest] = pair.split('=');
    return {
      name: name!,
      value: rest.join('='),
      domain: '127.0.0.1',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax' as const,
    };
  });
async function javascriptGzip(pagePath: string, cookie?: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext();
  if (cookie) await context.addCookies(cookieValue(cookie));
  const page = await context.newPage();
  const scripts: Buffer[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(await response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`${app.url}${pagePath}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await browser.close();
  const raw = scripts.reduce((sum, body) => sum + body.length, 0);
  const gzip = scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  return {
    files: scripts.length,
    rawKb: Math.round(raw / 102.4) / 10,
    gzipKb: Math.round(gzip / 102.4) / 10,
  };
}
const landingJs = await javascriptGzip('/');
const libraryJs = await javascriptGzip('/library', memberCookie);

async function lighthouseScores(pagePath: string, cookie?: string): Promise<number[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const scores: number[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    try {
      const result = await lighthouse(`${app.url}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      scores.push(result?.lhr.categories.performance?.score ?? 0);
    } finally {
      await chrome.kill();
    }
  }
  return scores;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const landingScores = await lighthouseScores('/');
const libraryScores = await lighthouseScores('/library', memberCookie);

await app.stop();

// The ceiling, in its own process, answering each read with the app's exact bytes.
const ceiling = await startCeilingServer(ceilingBodies);
for (const row of rows) {
  if (!ceilingBodies[row.path]) continue;
  await fetchBytes(`${ceiling.url}${row.path}`);
  row.ceiling = await load(`${ceiling.url}${row.path}`, SECONDS);
  row.ratio = Math.round((row.result.requestsPerSecond / row.ceiling.requestsPerSecond) * 1000) / 1000;
}
await ceiling.stop();
await database.stop();

const frontEnd = {
  landing: { javascript: landingJs, lighthouse: { scores: landingScores, median: median(landingScores) } },
  library: { javascript: libraryJs, lighthouse: { scores: libraryScores, median: median(libraryScores) } },
};
const byName = Object.fromEntries(rows.map((row) => [row.scenario, row]));
const checks = [
  ['health ≥ 85% of the ceiling', (byName.health?.ratio ?? 0) >= TARGETS.health.ratio],
  [
    'library first page ≥ 30% of the ceiling',
    (byName['library first page']?.ratio ?? 0) >= TARGETS.libraryFirstPage.ratio,
  ],
  [
    'forum page p99 ≤ 30 ms',
    (byName['forum first page (1M posts)']?.result.p99 ?? 999) <= TARGETS.forumP99Ms,
  ],
  [
    'comments p99 ≤ 30 ms',
    (byName['post comments (2M comments)']?.result.p99 ?? 999) <= TARGETS.commentsP99Ms,
  ],
  [
    'analytics p50 ≤ 200 ms at 50 connections',
    (byName['admin analytics']?.result.p50 ?? 999) <= TARGETS.analyticsMs,
  ],
  ['landing page JavaScript ≤ 120 KB gzip', landingJs.gzipKb <= TARGETS.landingJsKb],
  ['Lighthouse mobile / ≥ 90', frontEnd.landing.lighthouse.median >= TARGETS.lighthouse],
  ['Lighthouse mobile /library ≥ 90', frontEnd.library.lighthouse.median >= TARGETS.lighthouse],
] as const;

const file = writeResults('full', {
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
  dataset: {
    users: USERS,
    items: ITEMS,
    posts: POSTS,
    comments: POSTS * COMMENTS_PER_POST + 198,
    questionnaires: QUESTIONNAIRES,
  },
  seconds: SECONDS,
  connections: 50,
  rows,
  frontEnd,
  targets: Object.fromEntries(checks),
});

console.info('\nscenario                         req/s    p50   p99   ceiling req/s   ratio');
for (const row of rows) {
  console.info(
    `${row.scenario.padEnd(31)} ${String(row.result.requestsPerSecond).padStart(7)} ${String(row.result.p50).padStart(6)} ${String(row.result.p99).padStart(5)} ${row.ceiling ? String(row.ceiling.requestsPerSecond).padStart(15) : '              –'} ${row.ratio !== undefined ? `${(row.ratio * 100).toFixed(1)}%`.padStart(7) : '      –'}${row.result.non2xx ? `  (${row.result.non2xx} non-2xx)` : ''}`,
  );
}
console.info(
  `\nJavaScript (gzip): landing ${landingJs.gzipKb} KB in ${landingJs.files} files; library ${libraryJs.gzipKb} KB in ${libraryJs.files} files`,
);
console.info(
  `Lighthouse mobile performance: / ${landingScores.join(', ')} (median ${median(landingScores)}); /library ${libraryScores.join(', ')} (median ${median(libraryScores)})`,
);
console.info('\ntargets:');
for (const [name, met] of checks) console.info(`  ${met ? '✓' : '✗'} ${name}`);
console.info(`\nwritten to ${file}`);
