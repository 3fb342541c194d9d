import {
  ANALYTICS_WEEKS,
  type ContentAnalyticsWindow,
  type ContentFigures,
  RETENTION_COHORT_MONTHS,
  TOP_ITEMS_LIMIT,
} from '@shared/schemas/admin.ts';
import { COMPLETION_SHARE } from '@shared/schemas/practice.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * What members do, for the teacher (docs/product.md, "Admin", /admin/analytics, "Content"). Every
 * figure is one SQL aggregate over `practice_sessions` (a play is one listening session: the
 * player makes one per play and only ever lengthens it), `users` and `questionnaires`; nothing is
 * loaded row by row and every list is bounded. The window and the weeks read the
 * `practice_sessions_ended_idx` index (ended_at, covering member, kind, item and seconds).
 * Questionnaires are counted, never read: no answer or score leaves this file. At 1M sessions
 * this takes seconds, so the screen reads the answer stored by a job (content-snapshots.ts).
 */

const toInt = (value: unknown) => Number(value ?? 0);
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? null : oneDecimal((part / whole) * 100));
const minutes = (seconds: unknown) => oneDecimal(toInt(seconds) / 60);

/** PostgreSQL's "time zone not recognized": the zone is valid for the runtime but not for it. */
const UNKNOWN_ZONE = '22023';

export async function getContentAnalytics(
  db: Database,
  options: { days: ContentAnalyticsWindow; timeZone: string; now?: Date },
): Promise<ContentFigures> {
  const { days, timeZone } = options;
  const now = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const since = sql`${now} - make_interval(days => ${days}::int)`;
  // A play is complete when its listened seconds reach 90% of the item's length, as the player's
  // progress counts it (library/progress.service.ts); an item of unknown length (0) has no rate.
  // Numeric, not real: as a real 0.9 is 0.89999998, so 90% of 600 s would be 539.99998 s and a
  // threshold of 'more than 90%' could not be told from 'at least 90%'.
  const isMeasurable = sql`c.duration > 0`;
  const isComplete = sql`c.duration > 0 and s.seconds >= c.duration * ${COMPLETION_SHARE}::numeric`;
  // Weeks start on Monday at midnight in the admin's zone: local wall-clock weeks are made as
  // timestamps without zone (no DST there), and each is turned back into an instant at its own
  // offset, so the week a clock change falls in is 167 or 169 hours long, as it is for people.
  const thisWeek = sql`date_trunc('week', ${now} at time zone ${timeZone})`;
  const weeks = sql`
    select week, week at time zone ${timeZone} as starts, (week + interval '1 week') at time zone ${timeZone} as ends
      from generate_series(${thisWeek} - make_interval(weeks => ${ANALYTICS_WEEKS - 1}::int), ${thisWeek}, interval '1 week') as week`;
  const thisMonth = sql`date_trunc('month', ${now} at time zone ${timeZone})`;

  try {
    const [totals, items, active, cohorts, questionnaire, questionnaireWeeks] = await Promise.all([
      // Grouped by member first (a hash of at most one row per member), so the distinct members
      // are the groups: sorting every play of 90 days for count(distinct) spilled to disk.
      db.execute<{
        plays: string;
        seconds: string;
        measurable: string;
        complete: string;
        listeners: string;
      }>(sql`
        select coalesce(sum(m.plays), 0) as plays, coalesce(sum(m.seconds), 0) as seconds,
               coalesce(sum(m.measurable), 0) as measurable, coalesce(sum(m.complete), 0) as complete,
               count(*) as listeners
          from (
            select s.user_id, count(*) as plays, sum(s.seconds) as seconds,
                   count(*) filter (where ${isMeasurable}) as measurable,
                   count(*) filter (where ${isComplete}) as complete
              from practice_sessions s
              left join content_items c on c.id = s.content_id
             where s.kind = 'content' and s.ended_at > ${since} and s.ended_at <= ${now}
             group by s.user_id
          ) m`),
      // One pass over the window grouped by item (a few thousand groups) picks the top items; their
      // distinct listeners are then counted over those items' plays only, not over every play.
      db.execute<{
        id: string;
        title: string;
        type: string;
        plays: string;
        seconds: string;
        measurable: string;
        complete: string;
        listeners: string;
      }>(sql`
        with top as (
          select s.content_id, count(*) as plays, sum(s.seconds) as seconds,
                 count(*) filter (where ${isMeasurable}) as measurable,
                 count(*) filter (where ${isComplete}) as complete
            from practice_sessions s
            join content_items c on c.id = s.content_id
           where s.kind = 'content' and s.ended_at > ${since} and s.ended_at <= ${now}
           group by s.content_id
           order by plays desc, seconds desc, s.content_id
           limit ${TOP_ITEMS_LIMIT}
        ),
        listened as (
          select s.content_id, count(distinct s.user_id) as listeners
            from practice_sessions s
           where s.kind = 'content' and s.ended_at > ${since} and s.ended_at <= ${now}
             and s.content_id in (select content_id from top)
           group by s.content_id
        )
        select c.id, c.title, c.type, t.plays, t.seconds, l.listeners, t.measurable, t.complete
          from top t
          join content_items c on c.id = t.content_id
          join listened l on l.content_id = t.content_id
         order by t.plays desc, t.seconds desc, c.id`),
      // Per week, a range of the end-time index between the week's two instants: no zone
      // conversion per session, and twelve small sorts for the distinct members, not one large one.
      db.execute<{ week: string; members: string }>(sql`
        with weeks as (${weeks})
        select to_char(w.week, 'YYYY-MM-DD') as week,
               (select count(distinct s.user_id)
                  from practice_sessions s
                 where s.ended_at >= w.starts and s.ended_at < w.ends and s.ended_at <= ${now}) as members
          from weeks w
         order by w.week`),
      // Four-week retention: of the members who signed up in a month (in the admin's zone), those
      // whose days 28 to 34 after signing up are over, and of those, the ones who practised in
      // them. Each member is one probe of the (user_id, ended_at) index.
      db.execute<{ month: string; members: string; measured: string; retained: string }>(sql`
        with months as (
          select month
            from generate_series(${thisMonth} - make_interval(months => ${RETENTION_COHORT_MONTHS - 1}::int), ${thisMonth}, interval '1 month') as month
        ),
        joined as (
          select date_trunc('month', u.created_at at time zone ${timeZone}) as month,
                 u.created_at + interval '35 days' <= ${now} as is_measured,
                 exists (
                   select 1 from practice_sessions s
                    where s.user_id = u.id
                      and s.ended_at >= u.created_at + interval '28 days'
                      and s.ended_at < u.created_at + interval '35 days'
                 ) as is_retained
            from users u
           where u.created_at >= (${thisMonth} - make_interval(months => ${RETENTION_COHORT_MONTHS - 1}::int)) at time zone ${timeZone}
             and u.created_at <= ${now}
        )
        select to_char(m.month, 'YYYY-MM') as month,
               count(j.month) as members,
               count(*) filter (where j.is_measured) as measured,
               count(*) filter (where j.is_measured and j.is_retained) as retained
          from months m
          left join joined j on j.month = m.month
         group by m.month
         order by m.month`),
      db.execute<{ submissions: string; members: string }>(sql`
        select count(*) as submissions, count(distinct user_id) as members
          from questionnaires
         where status = 'completed' and completed_at > ${since} and completed_at <= ${now}`),
      db.execute<{ week: string; submissions: string; members: string }>(sql`
        with weeks as (${weeks})
        select to_char(w.week, 'YYYY-MM-DD') as week, count(q.user_id) as submissions,
               count(distinct q.user_id) as members
          from weeks w
          left join questionnaires q
            on q.status = 'completed' and q.completed_at >= w.starts and q.completed_at < w.ends
           and q.completed_at <= ${now}
         group by w.week
         order by w.week`),
    ]);
    const total = totals.rows[0]!;
    const answered = questionnaire.rows[0]!;
    return {
      days,
      timeZone,
      totals: {
        plays: toInt(total.plays),
        minutesListened: minutes(total.seconds),
        completionRate: percent(toInt(total.complete), toInt(total.measurable)),
        listeners: toInt(total.listeners),
      },
      topItems: items.rows.map((row) => ({
        id: row.id,
        title: row.title,
        type: row.type,
        plays: toInt(row.plays),
        minutesListened: minutes(row.seconds),
        completionRate: percent(toInt(row.complete), toInt(row.measurable)),
        listeners: toInt(row.listeners),
      })),
      weeklyActiveMembers: active.rows.map((row) => ({ week: row.week, members: toInt(row.members) })),
      retention: cohorts.rows.map((row) => ({
        month: row.month,
        members: toInt(row.members),
        measured: toInt(row.measured),
        retained: toInt(row.retained),
        rate: percent(toInt(row.retained), toInt(row.measured)),
      })),
      questionnaire: {
        submissions: toInt(answered.submissions),
        members: toInt(answered.members),
        weeks: questionnaireWeeks.rows.map((row) => ({
          week: row.week,
          submissions: toInt(row.submissions),
          members: toInt(row.members),
        })),
      },
    };
  } catch (error) {
    // The runtime's zone list (checked by the schema) and PostgreSQL's can differ.
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };
    if (cause.code === UNKNOWN_ZONE && /time zone/.test(String(cause.message))) {
      throw badRequest('timeZone must be a time zone name such as Europe/London');
    }
    throw error;
  }
}
