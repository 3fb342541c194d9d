import {
  EARLIEST_PRACTICE_DATE,
  EARLIEST_PRACTICE_MESSAGE,
  ENDED_AT_SKEW_MS,
  type PracticeDay,
  type PracticeNote,
  type PracticeNoteInput,
  type PracticeSession,
  type PracticeSessionInput,
  type PracticeSettings,
  type PracticeSummary,
} from '@shared/schemas/practice.ts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { practiceSessions } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { toViewerAccess, type Viewer } from '../../lib/viewer.ts';
import { assertCanOpen, getContentRow } from '../library/index.ts';
import { getMemberSettings } from '../settings/index.ts';

type Member = NonNullable<Viewer>;

/** Days count in UTC until the browser (or the member) gives a zone. */
const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The day a moment counts for, in a zone, after a late-night offset. Columns or values: the
 * reminder job (features/notifications) runs it over every member's settings row at once.
 */
export function localDaySql(moment: SQL, zone: SQL, dayStartHour: SQL): SQL {
  return sql`((${moment} at time zone ${zone}) - make_interval(hours => ${dayStartHour}::int))::date`;
}

/** The settings row's zone, with the same fallback as a single member's (UTC until the browser says). */
export const zoneOrFallback = (zone: SQL): SQL => sql`coalesce(${zone}, ${FALLBACK_TIME_ZONE})`;

/** The member's day of a moment, in their zone, after their late-night offset. */
function localDay(moment: SQL, settings: PracticeSettings): SQL {
  return localDaySql(moment, sql`${settings.timeZone ?? FALLBACK_TIME_ZONE}`, sql`${settings.dayStartHour}`);
}

/** The first moment of a member's day (a YYYY-MM-DD), as a timestamptz. */
function dayStart(day: string | SQL, settings: PracticeSettings): SQL {
  const zone = settings.timeZone ?? FALLBACK_TIME_ZONE;
  return sql`((${day}::date + make_interval(hours => ${settings.dayStartHour}::int)) at time zone ${zone})`;
}

/**
 * Records a session, once per member and client id. A later send of the same id (the player sends
 * on every pause, and an offline queue may send twice) may only make it longer, never count it
 * again; the member's own id sent again for another kind or item is refused (409). Ids are scoped
 * to the member, so another member's id answers as a new one would: no sign of whether it exists.
 */
export async function recordPracticeSession(
  db: Database,
  member: Member,
  input: PracticeSessionInput,
  now: Date = new Date(),
): Promise<{ session: PracticeSession; created: boolean }> {
  let endedAt = input.endedAt ? new Date(input.endedAt) : now;
  if (endedAt.getTime() > now.getTime() + ENDED_AT_SKEW_MS)
    throw badRequest('endedAt cannot be in the future');
  if (endedAt < EARLIEST_PRACTICE_DATE) throw badRequest(EARLIEST_PRACTICE_MESSAGE);
  if (endedAt > now) endedAt = now;
  if (input.contentId) {
    const access = toViewerAccess(member);
    assertCanOpen(await getContentRow(db, input.contentId, access), access);
  }
  const settings = await getMemberSettings(db, member.id);
  const [row] = await db
    .insert(practiceSessions)
    .values({
      id: input.id,
      userId: member.id,
      kind: input.kind,
      contentId: input.contentId ?? null,
      seconds: input.seconds,
      endedAt,
    })
    .onConflictDoUpdate({
      // Ids are the client's, so they are the member's own: another member's id is simply a new row.
      target: [practiceSessions.userId, practiceSessions.id],
      set: {
        seconds: sql`greatest(${practiceSessions.seconds}, excluded.seconds)`,
        // Only a longer send moves the end: a plain retry answers the row exactly as it was.
        endedAt: sql`case when excluded.seconds > ${practiceSessions.seconds}
          then greatest(${practiceSessions.endedAt}, excluded.ended_at) else ${practiceSessions.endedAt} end`,
        updatedAt: now,
      },
      setWhere: sql`${practiceSessions.kind} = excluded.kind
        and ${practiceSessions.contentId} is not distinct from excluded.content_id`,
    })
    .returning({
      id: practiceSessions.id,
      kind: practiceSessions.kind,
      contentId: practiceSessions.contentId,
      seconds: practiceSessions.seconds,
      endedAt: practiceSessions.endedAt,
      day: sql<string>`${localDay(sql`${practiceSessions.endedAt}`, settings)}::text`,
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw conflict('That session id is already in use.');
  const { created, endedAt: ended, ...session } = row;
  return { session: { ...session, endedAt: ended.toISOString() }, created };
}

/**
 * Sets (or, with an empty note, removes) the member's journal line on one of their own sessions.
 * Ids are scoped to the member, so another member's session answers 404 exactly as a missing one.
 */
export async function setPracticeNote(
  db: Database,
  userId: string,
  sessionId: string,
  input: PracticeNoteInput,
): Promise<PracticeNote> {
  const note = input.note?.trim() ? input.note.trim() : null;
  const [row] = await db
    .update(practiceSessions)
    .set({ note, updatedAt: new Date() })
    .where(and(eq(practiceSessions.userId, userId), eq(practiceSessions.id, sessionId)))
    .returning({ id: practiceSessions.id, note: practiceSessions.note });
  if (!row) throw notFound('Practice session');
  return row;
}

type SummaryRow = {
  today: string;
  today_seconds: string;
  week_seconds: string;
  week_days: string;
  week_daily: { date: string; seconds: number; sessions: number }[];
  month_seconds: string;
  month_days: string;
  total_seconds: string;
  total_sessions: string;
  total_days: string;
  current_run: string;
  longest_run: string;
};

const toMinutes = (seconds: number | string) => Math.round(Number(seconds) / 60);

/**
 * Today, this week (Monday first), this month, all time and the runs of days, in one query: the
 * sessions are grouped into the member's days in PostgreSQL, never loaded row by row.
 */
export async function getPracticeSummary(
  db: Database,
  member: Member,
  now: Date = new Date(),
): Promise<PracticeSummary> {
  const settings = await getMemberSettings(db, member.id);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<SummaryRow>(sql`
    with days as (
      select ${localDay(sql`ended_at`, settings)} as day, sum(seconds)::bigint as seconds, count(*) as sessions
      from ${practiceSessions}
      where user_id = ${member.id}
      group by 1
    ),
    bounds as (
      select d as today, date_trunc('week', d)::date as week_start, date_trunc('month', d)::date as month_start
      from (select ${localDay(nowSql, settings)} as d) as t
    ),
    runs as (
      select count(*) as length, max(day) as last_day
      from (select day, day - (row_number() over (order by day))::int as run from days) as numbered
      group by run
    )
    select
      b.today::text as today,
      coalesce((select seconds from days where day = b.today), 0) as today_seconds,
      coalesce((select sum(seconds) from days where day between b.week_start and b.week_start + 6), 0) as week_seconds,
      (select count(*) from days where day between b.week_start and b.week_start + 6) as week_days,
      (select json_agg(json_build_object('date', g.day::date::text, 'seconds', coalesce(d.seconds, 0), 'sessions', coalesce(d.sessions, 0)) order by g.day)
         from generate_series(b.week_start, b.week_start + 6, interval '1 day') as g(day)
         left join days d on d.day = g.day::date) as week_daily,
      coalesce((select sum(seconds) from days where day >= b.month_start and day <= b.today), 0) as month_seconds,
      (select count(*) from days where day >= b.month_start and day <= b.today) as month_days,
      coalesce((select sum(seconds) from days), 0) as total_seconds,
      coalesce((select sum(sessions) from days), 0) as total_sessions,
      (select count(*) from days) as total_days,
      -- A run still counts as current on a day not yet practised: it ended yesterday at the earliest.
      coalesce((select max(length) from runs where last_day >= b.today - 1), 0) as current_run,
      coalesce((select max(length) from runs), 0) as longest_run
    from bounds b
  `);
  const row = result.rows[0]!;
  return {
    date: row.today,
    today: { minutes: toMinutes(row.today_seconds) },
    week: {
      minutes: toMinutes(row.week_seconds),
      days: Number(row.week_days),
      daily: row.week_daily.map((day) => ({
        date: day.date,
        minutes: toMinutes(day.seconds),
        sessions: Number(day.sessions),
      })),
    },
    month: { minutes: toMinutes(row.month_seconds), days: Number(row.month_days) },
    total: {
      minutes: toMinutes(row.total_seconds),
      sessions: Number(row.total_sessions),
      days: Number(row.total_days),
    },
    streak: {
      enabled: settings.showStreaks,
      current: Number(row.current_run),
      longest: Number(row.longest_run),
    },
  };
}

/** The member's practised days between two of their dates (inclusive), oldest first. */
export async function listPracticeDays(
  db: Database,
  member: Member,
  range: { from: string; to: string },
): Promise<PracticeDay[]> {
  const settings = await getMemberSettings(db, member.id);
  const result = await db.execute<{ date: string; seconds: string; sessions: string }>(sql`
    select ${localDay(sql`ended_at`, settings)}::text as date, sum(seconds) as seconds, count(*) as sessions
    from ${practiceSessions}
    where user_id = ${member.id}
      and ended_at >= ${dayStart(range.from, settings)}
      and ended_at < ${dayStart(sql`(${range.to}::date + 1)`, settings)}
    group by 1
    order by 1
  `);
  return result.rows.map((row) => ({
    date: row.date,
    minutes: toMinutes(row.seconds),
    sessions: Number(row.sessions),
  }));
}

/** The member's practice for their data export: settings and every session, oldest first. */
export async function exportPractice(db: Database, userId: string) {
  const [settings, sessions] = await Promise.all([
    getMemberSettings(db, userId),
    db
      .select({
        id: practiceSessions.id,
        kind: practiceSessions.kind,
        contentId: practiceSessions.contentId,
        seconds: practiceSessions.seconds,
        endedAt: practiceSessions.endedAt,
        note: practiceSessions.note,
      })
      .from(practiceSessions)
      .where(eq(practiceSessions.userId, userId))
      .orderBy(asc(practiceSessions.endedAt)),
  ]);
  return {
    settings,
    sessions: sessions.map((session) => ({ ...session, endedAt: session.endedAt.toISOString() })),
  };
}
