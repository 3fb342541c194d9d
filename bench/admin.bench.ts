import os from 'node:os';
import { buildPractice } from './dataset.ts';
import { type LoadResult, load, startAppServer, startBenchDatabase, writeResults } from './lib.ts';

/**
 * Admin scenario (issue 8): the dashboard's stats and the analytics (with issue 34's business
 * figures over priced subscriptions, trials, cancellations, offers and checkouts) at 100,000 users, 10,000
 * content items and 1,000,000 forum posts; the content figures (issue 35) over 1,000,000 practice
 * sessions (120 days, 7 in 10 plays) and 20,000 completed questionnaires. Target: each under 200 ms. Measured two ways: one
 * request at a time (what an admin waits for) and under load at 10 connections.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const QUESTIONNAIRES = Number(process.env.BENCH_QUESTIONNAIRES ?? 20_000);

const database = await startBenchDatabase();
console.info(
  `generating ${USERS.toLocaleString()} users, ${ITEMS.toLocaleString()} items, ${POSTS.toLocaleString()} posts…`,
);
const started = Date.now();
await database.query(`
  insert into users (name, email, first_name, last_name, created_at, subscription_status)
  select 'Member ' || i, 'member' || i || '@bench.test', 'Member', 'Number ' || i,
         now() - ((i % 420) || ' days')::interval - ((i % 86400) || ' seconds')::interval,
         case when i % 7 = 0 then 'active' when i % 11 = 0 then 'canceled' end
    from generate_series(1, ${USERS}) i;
  -- What the business figures read (issue 34): each subscription's amount, currency and interval
  -- (one in five annual), trials on a third, cancelling and cancelled ones.
  insert into subscriptions (user_id, provider, status, created_at, updated_at, amount_cents, currency,
                             billing_interval, trial_ends_at, canceled_at, cancel_at_period_end, current_period_end)
  select id, 'stripe', subscription_status, created_at, created_at,
         case when n % 5 = 0 then 10000 else 1200 end, 'usd',
         case when n % 5 = 0 then 'year' else 'month' end,
         case when n % 3 = 0 then created_at + interval '14 days' end,
         case when subscription_status = 'canceled' then created_at + ((n % 60) || ' days')::interval end,
         n % 13 = 0, now() + ((n % 30) || ' days')::interval
    from (select id, subscription_status, created_at, row_number() over (order by email) as n
            from users where subscription_status is not null) paying;
  -- Ten offers, and a completed checkout for every paying member, one in four through an offer.
  insert into offers (code, percent_off, currency, duration)
  select 'BENCH' || i, 10 + i, 'usd', 'once' from generate_series(1, 10) i;
  with o as (select array_agg(id order by code) as ids from offers)
  insert into checkout_sessions (user_id, provider, price_id, offer_id, status, expires_at, completed_at, created_at)
  select s.user_id, 'stripe', 'price_bench', case when row_number() over () % 4 = 0 then o.ids[1 + (row_number() over () % 10)::int] end,
         'complete', s.created_at + interval '1 day', s.created_at, s.created_at
    from subscriptions s, o;
  insert into content_items (title, description, type, is_premium, is_published, created_at, duration)
  select 'Practice ' || i, 'A bench practice', (array['video','audio','post','event'])[1 + i % 4],
         i % 3 = 0, i % 10 <> 0, now() - (i || ' minutes')::interval, 300 + i % 1500
    from generate_series(1, ${ITEMS}) i;
  insert into forums (slug, title, description, category, is_active)
  select 'forum-' || i, 'Forum ' || i, 'A bench forum', (array['practice','support','general','advanced','beginners'])[1 + i % 5], i % 6 <> 0
    from generate_series(1, 20) i;
  insert into announcements (title, content, type, is_published)
  select 'Announcement ' || i, 'Calm news', 'update', i % 4 <> 0 from generate_series(1, 60) i;`);
await database.query(`
  with f as (select array_agg(id order by slug) as ids from forums),
       u as (select array_agg(id) as ids from (select id from users order by email limit 1000) x)
  insert into forum_posts (forum_id, user_id, title, content, created_at)
  select f.ids[1 + i % 20], u.ids[1 + i % 1000], 'Post number ' || i, 'Some calm words.',
         now() - ((${POSTS} - i) * 20 || ' seconds')::interval
    from generate_series(1, ${POSTS}) i, f, u;
  update forums set post_count = (select count(*) from forum_posts p where p.forum_id = forums.id);`);
await buildPractice(database.query, SESSIONS, QUESTIONNAIRES);
await database.query('vacuum analyze');
console.info(`data ready in ${Math.round((Date.now() - started) / 1000)} s`);

const app = await startAppServer(database.databaseUrl, database.dir);
const origin = app.url.replace('127.0.0.1', 'localhost');
const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({
    email: 'bench-admin@bench.test',
    password: 'bench-admin-password-42',
    name: 'Bench Admin',
    firstName: 'Bench',
    lastName: 'Admin',
  }),
});
if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
// Sign-up opens no session (issue 32): sign in as the form does.
const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({ email: 'bench-admin@bench.test', password: 'bench-admin-password-42' }),
});
if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((value) => value.split(';')[0])
  .join('; ');
await database.query(`update users set is_admin = true where email = 'bench-admin@bench.test'`);

/** One request at a time: what an admin opening the screen waits for. */
async function sequential(url: string, count = 30) {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { median: at(0.5), p95: at(0.95), max: at(1) };
}

const rows: Array<{ scenario: string; single: Awaited<ReturnType<typeof sequential>>; load: LoadResult }> =
  [];
for (const [scenario, path] of [
  ['admin stats', '/api/admin/stats'],
  ['admin analytics', '/api/admin/analytics'],
  ['admin content, 7 days', '/api/admin/analytics/content?days=7'],
  ['admin content, 90 days', '/api/admin/analytics/content?days=90&timeZone=Europe/London'],
  ['admin users (first page)', '/api/admin/users'],
  ['admin users (e-mail search)', '/api/admin/users?q=member4242'],
] as const) {
  const single = await sequential(`${app.url}${path}`);
  const loaded = await load(`${app.url}${path}`, SECONDS, 10, { headers: { cookie } });
  rows.push({ scenario, single, load: loaded });
}
await app.stop();
await database.stop();

const file = writeResults('admin', {
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  dataset: { users: USERS, items: ITEMS, posts: POSTS, sessions: SESSIONS, questionnaires: QUESTIONNAIRES },
  seconds: SECONDS,
  connections: 10,
  rows,
});
console.info('\nscenario                      one-at-a-time median/p95/max ms   at 10 conn: req/s  p50  p99');
for (const row of rows) {
  console.info(
    `${row.scenario.padEnd(29)} ${`${row.single.median} / ${row.single.p95} / ${row.single.max}`.padStart(24)}          ${String(row.load.requestsPerSecond).padStart(6)} ${String(row.load.p50).padStart(4)} ${String(row.load.p99).padStart(4)}${row.load.non2xx ? `  (${row.load.non2xx} non-2xx)` : ''}`,
  );
}
console.info(`\nwritten to ${file}`);
