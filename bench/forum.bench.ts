import os from 'node:os';
import {
  type CpuPerRequest,
  type LoadResult,
  type MemoryPeak,
  startAppServer,
  startBenchDatabase,
  withCpuAccount,
  writeResults,
} from './lib.ts';
import { interleaved, median, wrk } from './wrk.ts';

/**
 * Forum scenario: 20 forums; the first page of a forum, a post's comments and the header search
 * (a common and a rare word, and a different search each request), at 10,000 posts and again at
 * 1,000,000 posts (same machine, same run): the cost must not grow with the table. Each load runs
 * BENCH_RUNS times (3; the median is reported) with its CPU per request and its peak resident
 * memory (server VmRSS, PostgreSQL's summed PSS: `sampleMemory` in lib.ts); the header search's
 * targets (issue 38) print as ✓/✗ lines for the largest size.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZES = (process.env.BENCH_POSTS ?? '10000,1000000').split(',').map(Number);

const database = await startBenchDatabase();
await database.query(`
  insert into users (name, email, first_name, last_name)
  select 'Member ' || i, 'member' || i || '@bench.test', 'Member', 'Number ' || i from generate_series(1, 1000) i;
  insert into forums (slug, title, description, category)
  select 'forum-' || i, 'Forum ' || i, 'A bench forum', (array['practice','support','general','advanced','beginners'])[1 + i % 5]
  from generate_series(1, 20) i;`);

async function signUpBenchMember(url: string, size: number) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.replace('127.0.0.1', 'localhost') },
    body: JSON.stringify({
      email: `bench-searcher-${size}@bench.test`,
      password: 'bench-member-password-42',
      name: 'Bench Searcher',
      firstName: 'Bench',
      lastName: 'Searcher',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Sign-up opens no session (issue 32): sign in as the form does.
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.replace('127.0.0.1', 'localhost') },
    body: JSON.stringify({
      email: `bench-searcher-${size}@bench.test`,
      password: 'bench-member-password-42',
    }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

let posts = 0;
async function growTo(total: number) {
  console.info(`growing to ${total.toLocaleString()} posts…`);
  await database.query(`
    insert into forum_posts (forum_id, user_id, title, content, like_count, comment_count, created_at)
    select f.id, u.id,
      'Post number ' || i,
      repeat('Some calm words about the practice today. ', 1 + i % 8),
      i % 17, 0,
      now() - ((${total} - i) || ' seconds')::interval
    from generate_series(${posts + 1}, ${total}) i
    join lateral (select id from forums order by slug offset (i % 20) limit 1) f on true
    join lateral (select id from users order by email offset (i % 1000) limit 1) u on true;
    update forums set post_count = (select count(*) from forum_posts p where p.forum_id = forums.id);
    analyze;`);
  posts = total;
}

type Row = {
  posts: number;
  scenario: string;
  /** The median run (req/s, p50 and p99 each the median of the runs). */
  result: LoadResult;
  runs: LoadResult[];
  cpu: CpuPerRequest;
  memory: MemoryPeak;
};
const rows: Row[] = [];

/** BENCH_RUNS loads of `path` (or of `paths` in turn), their medians, CPU and memory peaks. */
async function measure(
  app: { url: string; pid: number },
  path: string,
  options: { headers?: Record<string, string>; paths?: string[] } = {},
) {
  const cpu: CpuPerRequest[] = [];
  const memory: MemoryPeak[] = [];
  const [repeated] = await interleaved(
    [
      async () => {
        const result = await withCpuAccount({ node: app.pid, postgres: database.pid }, SECONDS, () =>
          wrk(`${app.url}${path}`, { seconds: SECONDS, connections: 50, ...options }),
        );
        cpu.push(result.cpu);
        memory.push(result.memory);
        return result;
      },
    ],
    RUNS,
  );
  return {
    result: repeated!.median,
    runs: repeated!.runs,
    cpu: {
      node: median(cpu.map((c) => c.node)),
      postgres: median(cpu.map((c) => c.postgres)),
      machine: median(cpu.map((c) => c.machine)),
    },
    memory: {
      serverRssMb: Math.max(...memory.map((m) => m.serverRssMb)),
      postgresPssMb: Math.max(...memory.map((m) => m.postgresPssMb)),
    },
  };
}
for (const size of SIZES) {
  await growTo(size);
  // The post whose comments are read: the newest in forum-1, with 200 comments.
  const { rows: target } = await database.query(
    `select p.id, f.slug from forum_posts p join forums f on f.id = p.forum_id where f.slug = 'forum-1'
     order by p.is_pinned desc, p.created_at desc limit 1`,
  );
  const { id: postId, slug } = target[0] as { id: string; slug: string };
  await database.query(`
    insert into forum_comments (post_id, user_id, content, created_at)
    select '${postId}', (select id from users order by email offset (i % 1000) limit 1), 'Thank you for sharing ' || i,
      now() - ((300 - i) || ' seconds')::interval
    from generate_series(1, 200) i;
    update forum_posts set comment_count = 200 where id = '${postId}';
    analyze forum_comments;`);
  const app = await startAppServer(database.databaseUrl, database.dir);
  for (const [scenario, path] of [
    ['forum first page', `/api/forums/${slug}/posts`],
    ['post comments', `/api/posts/${postId}/comments`],
  ] as const) {
    rows.push({ posts: size, scenario, ...(await measure(app, path)) });
  }
  // The header search is for members: one signed-up member's cookie on every request.
  // BENCH_FORUM_SEARCH=0 leaves it out (iterating on the pages without loading PostgreSQL).
  if (process.env.BENCH_FORUM_SEARCH === '0') {
    await app.stop();
    continue;
  }
  const cookie = await signUpBenchMember(app.url, size);
  for (const [scenario, path] of [
    // A word in every post (the newest-first page must not read them all) and a rare one.
    ['search common word', '/api/search?q=calm'],
    ['search rare word', `/api/search?q=${Math.floor(size / 2)}`],
  ] as const) {
    rows.push({ posts: size, scenario, ...(await measure(app, path, { headers: { cookie } })) });
  }
  // A different search each request: what an answer no one shares costs (decision 093).
  const varied = Array.from({ length: 5000 }, (_, n) => `/api/search?q=${n % 2 ? 'calm' : 'words'}%20${n}`);
  rows.push({
    posts: size,
    scenario: 'search uncached',
    ...(await measure(app, '/api/search', { headers: { cookie }, paths: varied })),
  });
  await app.stop();
}
await database.stop();

// The targets, at the largest size (issue 38).
const largest = Math.max(...SIZES);
const at = (scenario: string) => rows.find((row) => row.posts === largest && row.scenario === scenario);
const searchTarget = (scenario: string) => {
  const row = at(scenario);
  return {
    name: `header search, ${scenario.replace('search ', '')}, ≥ 2,000 req/s with p99 ≤ 50 ms (${largest.toLocaleString('en-US')} posts)`,
    measured: row ? `${row.result.requestsPerSecond} req/s, p99 ${row.result.p99} ms` : 'not measured',
    met: row ? row.result.requestsPerSecond >= 2000 && row.result.p99 <= 50 : null,
  };
};
const serverPeak = Math.max(...rows.map((row) => row.memory.serverRssMb));
const targets = [
  searchTarget('search common word'),
  searchTarget('search rare word'),
  {
    name: 'server resident memory ≤ 250 MB through every load',
    measured: `peak ${serverPeak} MB (PostgreSQL peak ${Math.max(...rows.map((row) => row.memory.postgresPssMb))} MB PSS)`,
    met: serverPeak <= 250,
  },
];

const file = writeResults('forum', {
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  seconds: SECONDS,
  runs: RUNS,
  connections: 50,
  rows,
  targets,
});
console.info(
  '\nposts       scenario            req/s   p50 ms  p99 ms   CPU µs/request Node · PG · machine   peak MB server · PG',
);
for (const row of rows) {
  console.info(
    `${row.posts.toLocaleString().padEnd(11)} ${row.scenario.padEnd(18)} ${String(row.result.requestsPerSecond).padStart(6)} ${String(row.result.p50).padStart(8)} ${String(row.result.p99).padStart(7)}   ${`${row.cpu.node} · ${row.cpu.postgres} · ${row.cpu.machine}`.padEnd(34)} ${row.memory.serverRssMb} · ${row.memory.postgresPssMb}${row.result.non2xx ? `  (${row.result.non2xx} non-2xx)` : ''}`,
  );
}
console.info('\ntargets:');
for (const t of targets)
  console.info(`  ${t.met === null ? '–' : t.met ? '✓' : '✗'} ${t.name}: ${t.measured}`);
console.info(`\nwritten to ${file}`);
