/**
 * The benchmark's dataset, built inside PostgreSQL with `generate_series` (the rows never cross
 * the wire, which is what makes COPY fast for data that comes from a client; see
 * src/server/features/backup/restore.service.ts for that path), then indexed and analysed once.
 * Shared by every scenario (`full`, `library`, `forum`, `admin`) so each measures the same shapes.
 */

type Query = (text: string) => Promise<{ rows: unknown[] }>;

export type DatasetSize = {
  users: number;
  items: number;
  posts: number;
  commentsPerPost: number;
  /** Every n-th post and comment is hidden by flags (moderation), 0 = none. */
  hiddenEvery: number;
};

export async function buildUsers(query: Query, users: number) {
  await query(`
    insert into users (name, email, first_name, last_name, created_at, subscription_status)
    select 'Member ' || i, 'member' || i || '@bench.test', 'Member', 'Number ' || i,
           now() - ((i % 420) || ' days')::interval - ((i % 86400) || ' seconds')::interval,
           case when i % 7 = 0 then 'active' when i % 11 = 0 then 'canceled' end
      from generate_series(1, ${users}) i;
    insert into subscriptions (user_id, provider, status, updated_at)
    select id, 'stripe', subscription_status, created_at from users where subscription_status is not null;`);
}

export async function buildLibrary(query: Query, items: number) {
  await query(`
    insert into content_items (title, description, type, duration, is_premium, is_published, tags, intensity, created_at)
    select
      (array['Morning', 'Evening', 'Gentle', 'Deep', 'Quiet', 'Slow', 'Soft', 'Open'])[1 + i % 8] || ' ' ||
      (array['breathing', 'body scan', 'stillness', 'walking', 'gratitude', 'focus', 'rest', 'listening'])[1 + (i / 8) % 8] ||
      ' session ' || i,
      'A guided practice to ' ||
      (array['settle the body', 'clear the mind', 'soften the breath', 'notice the moment', 'let the day go'])[1 + i % 5] ||
      '. Find a comfortable seat and follow along at your own pace. Number ' || i || '.',
      (array['video', 'audio', 'post', 'event'])[1 + i % 4],
      (i * 37) % 2400,
      i % 3 = 0,
      i % 50 <> 0,
      array[(array['sleep', 'breathing', 'focus', 'beginners', 'stress', 'morning'])[1 + i % 6],
            (array['calm', 'body scan', 'self-compassion', 'walking'])[1 + i % 4]],
      (array['gentle', 'moderate', 'intense'])[1 + i % 3],
      now() - (i || ' minutes')::interval
    from generate_series(1, ${items}) as i`);
}

/**
 * 20 forums, `posts` posts by the first 1,000 members, `commentsPerPost` comments each, every
 * `hiddenEvery`-th post and comment hidden pending review (so the lists' `hidden_at is null`
 * filters do real work). Returns the id of the post whose comments are read (200 comments).
 */
export async function buildCommunity(query: Query, size: DatasetSize): Promise<string> {
  const { posts, commentsPerPost, hiddenEvery } = size;
  const hidden = (column: string) =>
    hiddenEvery > 0 ? `case when ${column} % ${hiddenEvery} = 0 then now() end` : 'null';
  await query(`
    insert into forums (slug, title, description, category, is_active)
    select 'forum-' || i, 'Forum ' || i, 'A bench forum', (array['practice','support','general','advanced','beginners'])[1 + i % 5], true
      from generate_series(1, 20) i;`);
  await query(`
    with f as (select array_agg(id order by slug) as ids from forums),
         u as (select array_agg(id) as ids from (select id from users order by email limit 1000) x)
    insert into forum_posts (forum_id, user_id, title, content, like_count, comment_count, hidden_at, created_at)
    select f.ids[1 + i % 20], u.ids[1 + i % 1000], 'Post number ' || i,
           repeat('Some calm words about the practice today. ', 1 + i % 8), i % 17, ${commentsPerPost},
           ${hidden('i')},
           now() - ((${posts} - i) * 20 || ' seconds')::interval
      from generate_series(1, ${posts}) i, f, u;`);
  await query(`
    with u as (select array_agg(id) as ids from (select id from users order by email limit 1000) x)
    insert into forum_comments (post_id, user_id, content, hidden_at, created_at)
    select p.id, u.ids[1 + (abs(hashtext(p.id::text)) + g) % 1000], 'Thank you for sharing this.',
           ${hidden('(abs(hashtext(p.id::text)) + g)')},
           p.created_at + (g || ' minutes')::interval
      from forum_posts p, generate_series(1, ${commentsPerPost}) g, u;
    update forums set post_count = (select count(*) from forum_posts p where p.forum_id = forums.id and p.hidden_at is null);`);
  const { rows } = await query(
    `select p.id from forum_posts p join forums f on f.id = p.forum_id
      where f.slug = 'forum-1' and p.hidden_at is null
      order by p.is_pinned desc, p.created_at desc limit 1`,
  );
  const postId = (rows[0] as { id: string }).id;
  await query(`
    insert into forum_comments (post_id, user_id, content, hidden_at, created_at)
    select '${postId}', (select id from users order by email offset (i % 1000) limit 1), 'Thank you ' || i,
           ${hidden('i')}, now() - ((300 - i) || ' seconds')::interval
      from generate_series(1, 198) i;
    update forum_posts set comment_count =
      (select count(*) from forum_comments c where c.post_id = '${postId}' and c.hidden_at is null)
      where id = '${postId}';`);
  return postId;
}

/** Completed questionnaires (the analytics' wellbeing figures); needs the server's seeded questions. */
export async function buildQuestionnaires(query: Query, count: number) {
  await query(`
    with picked as (
      select id as user_id, row_number() over (order by id) as n from users order by id limit ${count}
    ), made as (
      insert into questionnaires (user_id, status, version, started_at, completed_at)
      select user_id, 'completed', 1, now() - (n || ' hours')::interval, now() - (n || ' hours')::interval + interval '9 minutes'
        from picked returning id
    )
    insert into questionnaire_responses (questionnaire_id, question_id, score)
    select made.id, q.id, (abs(hashtext(made.id::text || q.id::text)) % 6) from made, questionnaire_questions q;`);
}

/**
 * Practice (the admin's content figures, issue 35): `sessions` plays of the 1,000 first items,
 * timer sits and logged practice (7, 2 and 1 in 10), evenly over the last 120 days, by members
 * spread over all users; and `questionnaires` completed questionnaires over the same days.
 */
export async function buildPractice(query: Query, sessions: number, questionnaires: number) {
  await query(`
    with u as (select array_agg(id) as ids from users),
         c as (select array_agg(id order by created_at) as ids from content_items)
    insert into practice_sessions (id, user_id, kind, content_id, seconds, ended_at)
    select gen_random_uuid(), u.ids[1 + ((i::bigint * 7919) % array_length(u.ids, 1))::int],
           case when i % 10 < 7 then 'content' when i % 10 < 9 then 'timer' else 'manual' end,
           case when i % 10 < 7 then c.ids[1 + (i * 31) % 1000] end,
           60 + i % 1800,
           now() - ((i::bigint * 120 * 86400 / ${sessions}) || ' seconds')::interval
      from generate_series(1, ${sessions}) i, u, c;
    with u as (select array_agg(id) as ids from users)
    insert into questionnaires (user_id, status, version, started_at, completed_at)
    select u.ids[1 + ((i::bigint * 104729) % array_length(u.ids, 1))::int], 'completed', 1,
           now() - ((i::bigint * 120 * 86400 / ${questionnaires}) || ' seconds')::interval - interval '10 minutes',
           now() - ((i::bigint * 120 * 86400 / ${questionnaires}) || ' seconds')::interval
      from generate_series(1, ${questionnaires}) i, u;`);
}
