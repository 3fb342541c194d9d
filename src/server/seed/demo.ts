import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { instantOfWallTime, wallTimeIn } from '@shared/event-occurrences.ts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  contentItems,
  eventDetails,
  journeySchedules,
  playlistItems,
  playlists,
  users,
} from '../db/schema/index.ts';
import { contentTypeForKey } from '../lib/storage/storage.ts';
import { seedDemoAnnouncements } from './demo-announcements.ts';
import { seedDemoCommunity } from './demo-community.ts';
import { DEMO_ITEMS, DEMO_PLAYLISTS } from './demo-content.ts';
import type { DemoItem } from './demo-content.types.ts';

export const DEMO_ACCOUNTS = [
  { email: 'member@stillpoint.local', firstName: 'Maya', lastName: 'Lind', isAdmin: false },
  { email: 'admin@stillpoint.local', firstName: 'Ari', lastName: 'Stone', isAdmin: true },
] as const;
export const DEMO_PASSWORD = 'slow-breath-demo';

const MEDIA_DIR = fileURLToPath(new URL('./demo-media', import.meta.url));

/** YYYY-MM-DD of `day` in the month of `now` (UTC). */
function dayOfMonth(now: Date, day: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day));
  return date.toISOString().slice(0, 10);
}

const RRULE_WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The first start of a weekly demo event: its weekday and time in its zone, in the week before
 * `now`. The rule repeats weekly without end, so the demo has an upcoming occurrence whenever it
 * is started (and a restart keeps an admin's edits: existing details are left alone).
 */
export function firstWeeklyStart(now: Date, event: NonNullable<DemoItem['event']>): Date {
  const [hour, minute] = event.time.split(':').map(Number) as [number, number];
  const today = wallTimeIn(now, event.timeZone);
  const todayIndex = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const daysBack = (todayIndex - RRULE_WEEKDAYS.indexOf(event.weekday) + 7) % 7;
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day - daysBack));
  const wall = {
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour,
    minute,
    second: 0,
  };
  const start = instantOfWallTime(wall, event.timeZone);
  return start > now ? instantOfWallTime({ ...wall, day: wall.day - 7 }, event.timeZone) : start;
}

async function seedEvents(app: FastifyInstance, now: Date, ids: Map<string, string>) {
  const { db } = app.database;
  for (const item of DEMO_ITEMS) {
    const id = ids.get(item.key);
    if (!item.event || !id) continue;
    await db
      .insert(eventDetails)
      .values({
        eventId: id,
        startsAt: firstWeeklyStart(now, item.event),
        timeZone: item.event.timeZone,
        durationMinutes: item.event.durationMinutes,
        joinUrl: item.event.joinUrl,
        recurrence: `FREQ=WEEKLY;BYDAY=${item.event.weekday}`,
      })
      .onConflictDoNothing({ target: eventDetails.eventId });
    // Demos seeded before events had times carried fixed calendar dates (on the wrong weekdays).
    await db.update(contentItems).set({ calendarDates: [] }).where(eq(contentItems.id, id));
  }
}

async function seedAccounts(app: FastifyInstance) {
  const { db } = app.database;
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (existing) continue;
    await app.auth.api.signUpEmail({
      body: {
        email: account.email,
        password: DEMO_PASSWORD,
        name: `${account.firstName} ${account.lastName}`,
        firstName: account.firstName,
        lastName: account.lastName,
      },
    });
    // Demo addresses cannot receive mail: they count as verified, and the admin is made directly.
    await db
      .update(users)
      .set({ emailVerified: true, isAdmin: account.isAdmin })
      .where(eq(users.email, account.email));
  }
}

/**
 * The demo library: files copied into storage under `demo/`, items keyed by `seed_key` (admin edits
 * survive restarts), the calendar moved to the current month when it has passed, and playlists
 * (one of them a course with a drip). A playlist is made once, by its slug: a demo seeded before a
 * playlist was added gains it at its next start, and an admin's edits to one are kept.
 */
async function seedContent(app: FastifyInstance, now: Date) {
  const { db } = app.database;
  const upload = async (file: string) => {
    const key = `demo/${file}`;
    if (!(await app.storage.stat(key))) {
      await app.storage.write(key, fs.readFileSync(path.join(MEDIA_DIR, file)), contentTypeForKey(key));
    }
    return `/objects/${key}`;
  };

  const currentMonth = dayOfMonth(now, 1).slice(0, 7);
  const ids = new Map<string, string>();
  // Newest first in the library should follow the list's order: stagger creation times.
  for (const [index, item] of DEMO_ITEMS.entries()) {
    const calendarDates = item.calendarDays.map((day) => dayOfMonth(now, day));
    const [existing] = await db
      .select({ id: contentItems.id, calendarDates: contentItems.calendarDates })
      .from(contentItems)
      .where(eq(contentItems.seedKey, item.key));
    if (existing) {
      ids.set(item.key, existing.id);
      const isCurrent = existing.calendarDates.some((date) => date.startsWith(currentMonth));
      if (!isCurrent && existing.calendarDates.length > 0) {
        await db.update(contentItems).set({ calendarDates }).where(eq(contentItems.id, existing.id));
      }
      continue;
    }
    const [row] = await db
      .insert(contentItems)
      .values({
        seedKey: item.key,
        title: item.title,
        description: item.description,
        type: item.type,
        isPremium: item.isPremium,
        isPublished: true,
        tags: item.tags,
        intensity: item.intensity,
        duration: item.duration,
        thumbnailUrl: await upload(item.thumbnail),
        videoFileUrl: item.mediaFile ? await upload(item.mediaFile) : null,
        videoUrl: item.videoUrl,
        calendarDates,
        createdAt: new Date(now.getTime() - (DEMO_ITEMS.length - index) * 60_000),
      })
      .returning({ id: contentItems.id });
    ids.set(item.key, row!.id);
  }

  await seedEvents(app, now, ids);

  for (const demo of DEMO_PLAYLISTS) {
    const [existing] = await db
      .select({ id: playlists.id })
      .from(playlists)
      .where(eq(playlists.slug, demo.slug));
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [playlist] = await tx
        .insert(playlists)
        .values({
          slug: demo.slug,
          title: demo.title,
          description: demo.description,
          isCalendar: demo.isCalendar,
          isCourse: demo.course !== undefined,
        })
        .returning({ id: playlists.id });
      const entries = demo.itemKeys.flatMap((key, index) => {
        const videoId = ids.get(key);
        return videoId
          ? [
              {
                playlistId: playlist!.id,
                videoId,
                orderIndex: index,
                dayIndex: demo.isCalendar ? index + 1 : null,
                unlockAfterDays: demo.course?.unlockAfterDays[index] ?? null,
              },
            ]
          : [];
      });
      if (entries.length > 0) await tx.insert(playlistItems).values(entries);
      if (demo.isCalendar) {
        // The demo journey runs every month, so a newcomer finds it on the calendar whenever the
        // demo is started. From the month before, so a member whose zone is still in that month
        // (Los Angeles on the 1st in UTC) sees it too.
        const startMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
        await tx.insert(journeySchedules).values({
          playlistId: playlist!.id,
          startMonth: startMonth.toISOString().slice(0, 10),
          repeatsMonthly: true,
        });
      }
    });
  }
  return [...ids.values()];
}

/** The advisory lock key of the demo seed (the migrations hold 7283001). */
const SEED_LOCK = 7283002;

/**
 * Runs `work` holding a session advisory lock, so instances starting together on one database
 * seed one after the other: the second finds everything there and changes nothing. The lock has a
 * connection of its own, outside the app's pool, so `work` keeps every pooled connection.
 */
async function whileHoldingSeedLock<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client(app.database.pool.options);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SEED_LOCK]);
    return await work();
  } finally {
    // Closing the session releases the lock too; unlock first so the next one need not wait for that.
    await client.query('select pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Demo mode (SEED_DEMO): two accounts and a small library to try the product with. Idempotent,
 * and safe when several instances start at once (one seeds, the others find it done).
 */
export async function seedDemo(app: FastifyInstance, now = new Date()): Promise<{ contentIds: string[] }> {
  return whileHoldingSeedLock(app, async () => {
    await seedAccounts(app);
    const contentIds = await seedContent(app, now);
    await seedDemoCommunity(app, { member: DEMO_ACCOUNTS[0].email, admin: DEMO_ACCOUNTS[1].email });
    await seedDemoAnnouncements(app, DEMO_ACCOUNTS[1].email);
    return { contentIds };
  });
}

/** For tests: the demo items as stored. */
export async function loadDemoItems(app: FastifyInstance) {
  const keys = DEMO_ITEMS.map((item) => item.key);
  return app.database.db.select().from(contentItems).where(inArray(contentItems.seedKey, keys));
}
