import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Every counter equals its rows: the invariant the counters promise. Hidden posts and comments
 * are left out of `post_count` and `comment_count` (members do not see them).
 */
export async function expectCountersMatchRows(app: FastifyInstance) {
  const { rows } = await app.database.db.execute(sql`
    select
      (select count(*)::int from forums f where f.post_count <> (select count(*) from forum_posts p where p.forum_id = f.id and p.hidden_at is null)) as bad_post_counts,
      (select count(*)::int from forum_posts p where p.comment_count <> (select count(*) from forum_comments c where c.post_id = p.id and c.hidden_at is null)) as bad_comment_counts,
      (select count(*)::int from forum_posts p where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)) as bad_post_likes,
      (select count(*)::int from forum_comments c where c.like_count <> (select count(*) from comment_likes l where l.comment_id = c.id)) as bad_comment_likes,
      (select count(*)::int from forums f where f.member_count <> (
        select count(distinct u) from (
          select user_id as u from forum_posts where forum_id = f.id and user_id is not null
          union select c.user_id from forum_comments c join forum_posts p on p.id = c.post_id
          where p.forum_id = f.id and c.user_id is not null) members)) as bad_member_counts`);
  expect(rows[0]).toEqual({
    bad_post_counts: 0,
    bad_comment_counts: 0,
    bad_post_likes: 0,
    bad_comment_likes: 0,
    bad_member_counts: 0,
  });
}
