import {
  CONTENT_ANALYTICS_WINDOWS,
  type ContentAnalytics,
  type ContentAnalyticsWindow,
  ContentFiguresSchema,
} from '@shared/schemas/admin.ts';
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentAnalyticsSnapshots, users } from '../../db/schema/index.ts';
import { memberPreferences } from '../settings/index.ts';
import { getContentAnalytics } from './content-metrics.ts';

/**
 * The content figures as stored answers (decision 098). Computed live they read every practice
 * session of the window: at 1,000,000 sessions a 90-day answer took seconds (bench/README.md),
 * far over the admin figures' 200 ms. So the `refresh-content-analytics` job (pg-boss: one
 * instance per run) recomputes, every 10 minutes, each window and zone an admin asked for in the
 * last week, and each admin's own zone (their practice settings), and the screen reads that row,
 * saying when it was computed. Only a window and zone nobody asked for before (or for a week), and
 * that is no admin's zone, is computed while the admin waits, once.
 */

export const REFRESH_CONTENT_ANALYTICS_JOB = {
  name: 'refresh-content-analytics',
  cron: '*/10 * * * *',
} as const;
/** A stored answer older than this is computed again on read: the job runs every 10 minutes. */
export const SNAPSHOT_FRESH_MS = 15 * 60_000;
/** Pairs nobody read for this long are dropped instead of refreshed. */
const SNAPSHOT_KEPT_MS = 7 * 24 * 3600_000;
/** requested_at is written at most this often per pair (a read is otherwise a write). */
const REQUESTED_AT_STEP_MS = 3600_000;

type Query = { days: ContentAnalyticsWindow; timeZone: string };

/** Computes a window and zone as of `now` and stores it; a failed computation stores nothing. */
async function computeAndStore(db: Database, query: Query, now: Date, requestedAt: Date) {
  const figures = await getContentAnalytics(db, { ...query, now });
  await db
    .insert(contentAnalyticsSnapshots)
    .values({ days: query.days, timeZone: query.timeZone, answer: figures, computedAt: now, requestedAt })
    .onConflictDoUpdate({
      target: [contentAnalyticsSnapshots.days, contentAnalyticsSnapshots.timeZone],
      set: {
        answer: figures,
        computedAt: now,
        requestedAt: sql`greatest(${contentAnalyticsSnapshots.requestedAt}, excluded.requested_at)`,
      },
    });
  return { ...figures, computedAt: now.toISOString() };
}

/** GET /api/admin/analytics/content: the stored answer when fresh, else computed now and stored. */
export async function readContentAnalytics(db: Database, query: Query): Promise<ContentAnalytics> {
  const now = new Date();
  const where = and(
    eq(contentAnalyticsSnapshots.days, query.days),
    eq(contentAnalyticsSnapshots.timeZone, query.timeZone),
  );
  const [stored] = await db.select().from(contentAnalyticsSnapshots).where(where);
  // An answer stored by an older release may no longer fit the API's shape: computed again.
  const answer = stored ? ContentFiguresSchema.safeParse(stored.answer) : undefined;
  if (!stored || !answer?.success || now.getTime() - stored.computedAt.getTime() > SNAPSHOT_FRESH_MS) {
    return computeAndStore(db, query, now, now);
  }
  if (now.getTime() - stored.requestedAt.getTime() > REQUESTED_AT_STEP_MS) {
    await db.update(contentAnalyticsSnapshots).set({ requestedAt: now }).where(where);
  }
  return { ...answer.data, computedAt: stored.computedAt.toISOString() };
}

/**
 * The job: drops pairs nobody read for a week, then recomputes, one at a time (each is a few
 * seconds of one backend at 1M sessions), every window of each zone still read, so switching
 * between 7, 30 and 90 days never waits either.
 */
export async function refreshContentAnalytics(db: Database, now = new Date()) {
  await db
    .delete(contentAnalyticsSnapshots)
    .where(lt(contentAnalyticsSnapshots.requestedAt, new Date(now.getTime() - SNAPSHOT_KEPT_MS)));
  const [read, admins] = await Promise.all([
    db
      .selectDistinct({ timeZone: contentAnalyticsSnapshots.timeZone })
      .from(contentAnalyticsSnapshots)
      .where(gte(contentAnalyticsSnapshots.requestedAt, new Date(now.getTime() - SNAPSHOT_KEPT_MS))),
    // Each admin's own zone is ready before they first open the screen (the screen asks in the
    // browser's zone, which is usually the one their settings hold).
    db
      .selectDistinct({ timeZone: memberPreferences.timeZone })
      .from(memberPreferences)
      .innerJoin(users, eq(users.id, memberPreferences.userId))
      .where(and(eq(users.isAdmin, true), isNotNull(memberPreferences.timeZone))),
  ]);
  const zones = new Set([...read, ...admins].flatMap(({ timeZone }) => (timeZone ? [timeZone] : [])));
  let refreshed = 0;
  for (const timeZone of zones) {
    for (const days of CONTENT_ANALYTICS_WINDOWS) {
      // requested_at only moves forward (greatest): a window first stored here starts a week old.
      await computeAndStore(db, { days, timeZone }, now, new Date(now.getTime() - SNAPSHOT_KEPT_MS + 1));
      refreshed += 1;
    }
  }
  return { refreshed };
}
