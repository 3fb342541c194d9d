import os from 'node:os';
import { type LoadResult, load, startAppServer, startBenchDatabase, writeResults } from './lib.ts';

/**
 * Forum scenario: 20 forums; the first page of a forum, a post's comments and the header search
 * (a common and a rare word), at 10,000 posts and again at 1,000,000 posts (same machine, same run): the cost must not grow with the table.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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

const rows: Array<{ posts: number; scenario: string; result: LoadResult }> = [];
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
    rows.push({ posts: size, scenario, result: await load(`${app.url}${path}`, SECONDS) });
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
    const result = await load(`${app.url}${path}`, SECONDS, 50, { headers: { cookie } });
    rows.push({ posts: size, scenario, result });
  }
  await app.stop();
}
await database.stop();

const file = writeResults('forum', {
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  seconds: SECONDS,
  connections: 50,
  rows,
});
console.info('\nposts       scenario           req/s   p50 ms  p99 ms');
for (const row of rows) {
  console.info(
    `${row.posts.toLocaleString().padEnd(11)} ${row.scenario.padEnd(17)} ${String(row.result.requestsPerSecond).padStart(6)} ${String(row.result.p50).padStart(8)} ${String(row.result.p99).padStart(7)}${row.result.non2xx ? `  (${row.result.non2xx} non-2xx)` : ''}`,
  );
}
console.info(`\nwritten to ${file}`);
