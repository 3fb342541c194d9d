import { createHash, randomBytes } from 'node:crypto';
import { expandOccurrences, nextOccurrences } from '@shared/event-occurrences.ts';
import type {
  CalendarFeed,
  Event,
  EventDetails,
  EventOccurrence,
  FeedScope,
  RsvpInput,
  RsvpResult,
  RsvpStatus,
} from '@shared/schemas/events.ts';
import { MAX_EVENT_WINDOW_DAYS } from '@shared/schemas/events.ts';
import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { calendarFeeds, contentItems, eventDetails, eventRsvps, users } from '../../db/schema/index.ts';
import { invalidField, notFound, premiumRequired } from '../../lib/errors.ts';
import { type MemberAccess, toViewerAccess, type ViewerAccess } from '../../lib/viewer.ts';

/** How many upcoming occurrences the event page and the admin preview show. */
export const EVENT_PAGE_OCCURRENCES = 5;
/** The personal feed reaches this far back, so a past RSVP stays in the member's calendar a while. */
const FEED_PAST_DAYS = 30;
const DAY_MS = 86_400_000;

type EventRow = typeof eventDetails.$inferSelect & {
  title: string;
  isPremium: boolean;
  isPublished: boolean;
};

const eventColumns = {
  eventId: eventDetails.eventId,
  startsAt: eventDetails.startsAt,
  timeZone: eventDetails.timeZone,
  durationMinutes: eventDetails.durationMinutes,
  location: eventDetails.location,
  joinUrl: eventDetails.joinUrl,
  joinOpensMinutesBefore: eventDetails.joinOpensMinutesBefore,
  capacity: eventDetails.capacity,
  recurrence: eventDetails.recurrence,
  exceptionDates: eventDetails.exceptionDates,
  replayItemId: eventDetails.replayItemId,
  createdAt: eventDetails.createdAt,
  updatedAt: eventDetails.updatedAt,
  title: contentItems.title,
  isPremium: contentItems.isPremium,
  isPublished: contentItems.isPublished,
};

const canSee = (row: EventRow, viewer: ViewerAccess) => row.isPublished || viewer.role === 'admin';
/** The premium rule, as for premium media: the link goes only to someone entitled to the event. */
const isEntitled = (row: Pick<EventRow, 'isPremium'>, viewer: ViewerAccess) =>
  !row.isPremium || viewer.hasPremiumAccess;

async function getEventRow(db: Database | Transaction, id: string, viewer: ViewerAccess): Promise<EventRow> {
  const [row] = await db
    .select(eventColumns)
    .from(eventDetails)
    .innerJoin(contentItems, eq(contentItems.id, eventDetails.eventId))
    .where(eq(eventDetails.eventId, id));
  if (!row || !canSee(row, viewer)) throw notFound('Event');
  return row;
}

type Counts = Map<string, { going: number; waitlist: number }>;
const occurrenceKey = (eventId: string, start: Date) => `${eventId}|${start.toISOString()}`;

/** Going and waitlist counts, and the viewer's own answers, for events' occurrences in a window. */
async function loadRsvps(db: Database, eventIds: string[], from: Date, to: Date, viewer: ViewerAccess) {
  const counts: Counts = new Map();
  const mine = new Map<string, RsvpStatus>();
  if (eventIds.length === 0) return { counts, mine };
  const inWindow = and(
    inArray(eventRsvps.eventId, eventIds),
    gte(eventRsvps.occurrenceStart, new Date(from.getTime() - DAY_MS)),
    lt(eventRsvps.occurrenceStart, to),
  );
  const rows = await db
    .select({
      eventId: eventRsvps.eventId,
      occurrenceStart: eventRsvps.occurrenceStart,
      status: eventRsvps.status,
      total: count(),
    })
    .from(eventRsvps)
    .where(inWindow)
    .groupBy(eventRsvps.eventId, eventRsvps.occurrenceStart, eventRsvps.status);
  for (const row of rows) {
    const key = occurrenceKey(row.eventId, row.occurrenceStart);
    const entry = counts.get(key) ?? { going: 0, waitlist: 0 };
    entry[row.status] = row.total;
    counts.set(key, entry);
  }
  if (viewer.id) {
    const own = await db
      .select({
        eventId: eventRsvps.eventId,
        occurrenceStart: eventRsvps.occurrenceStart,
        status: eventRsvps.status,
      })
      .from(eventRsvps)
      .where(and(inWindow, eq(eventRsvps.userId, viewer.id)));
    for (const row of own) mine.set(occurrenceKey(row.eventId, row.occurrenceStart), row.status);
  }
  return { counts, mine };
}

function toOccurrence(
  row: EventRow,
  start: Date,
  viewer: ViewerAccess,
  now: Date,
  rsvps: { counts: Counts; mine: Map<string, RsvpStatus> },
): EventOccurrence {
  const end = new Date(start.getTime() + row.durationMinutes * 60_000);
  const joinOpensAt = new Date(start.getTime() - row.joinOpensMinutesBefore * 60_000);
  const isJoinOpen = now >= joinOpensAt && now < end;
  const key = occurrenceKey(row.eventId, start);
  const counts = rsvps.counts.get(key) ?? { going: 0, waitlist: 0 };
  return {
    eventId: row.eventId,
    title: row.title,
    isPremium: row.isPremium,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    location: row.location,
    joinUrl: isJoinOpen && isEntitled(row, viewer) ? row.joinUrl : null,
    hasJoinLink: row.joinUrl !== null,
    joinOpensAt: joinOpensAt.toISOString(),
    capacity: row.capacity,
    goingCount: counts.going,
    waitlistCount: counts.waitlist,
    myRsvp: rsvps.mine.get(key) ?? null,
  };
}

const timing = (row: EventRow) => ({ ...row, exceptionDates: row.exceptionDates });

/** Every occurrence of the published events overlapping [from, to), in start order. */
export async function listOccurrences(
  db: Database,
  viewer: ViewerAccess,
  window: { from: Date; to: Date },
  now = new Date(),
): Promise<EventOccurrence[]> {
  const rows = await db
    .select(eventColumns)
    .from(eventDetails)
    .innerJoin(contentItems, eq(contentItems.id, eventDetails.eventId))
    .where(and(eq(contentItems.isPublished, true), lt(eventDetails.startsAt, window.to)));
  const starts = rows.flatMap((row) =>
    expandOccurrences(timing(row), window.from, window.to).map((start) => ({ row, start })),
  );
  const rsvps = await loadRsvps(
    db,
    [...new Set(starts.map(({ row }) => row.eventId))],
    window.from,
    window.to,
    viewer,
  );
  return starts
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.row.title.localeCompare(b.row.title))
    .map(({ row, start }) => toOccurrence(row, start, viewer, now, rsvps));
}

/** The event page: its next occurrences (the running one first) with counts and the viewer's answers. */
export async function getEvent(
  db: Database,
  id: string,
  viewer: ViewerAccess,
  now = new Date(),
): Promise<Event> {
  const row = await getEventRow(db, id, viewer);
  const starts = nextOccurrences(timing(row), now, EVENT_PAGE_OCCURRENCES);
  const last = starts.at(-1);
  const rsvps = await loadRsvps(db, [row.eventId], now, new Date((last ?? now).getTime() + 1), viewer);
  return {
    eventId: row.eventId,
    title: row.title,
    isPremium: row.isPremium,
    timeZone: row.timeZone,
    recurrence: row.recurrence,
    replay: row.replayItemId ? await getReplay(db, row.replayItemId, viewer) : null,
    occurrences: starts.map((start) => toOccurrence(row, start, viewer, now, rsvps)),
  };
}

/**
 * The recording attached to an event, as a link to its item: its title and kind, while the item
 * is published (an admin sees a draft too). Playing it goes through the item's own page, so the
 * premium rule is the item's, as for any recording.
 */
async function getReplay(db: Database, itemId: string, viewer: ViewerAccess) {
  const [item] = await db
    .select({
      id: contentItems.id,
      title: contentItems.title,
      type: contentItems.type,
      isPublished: contentItems.isPublished,
    })
    .from(contentItems)
    .where(eq(contentItems.id, itemId));
  if (!item || (item.type !== 'audio' && item.type !== 'video')) return null;
  if (!item.isPublished && viewer.role !== 'admin') return null;
  return { id: item.id, title: item.title, type: item.type };
}

// ---------------------------------------------------------------- admin

const toDetails = (row: typeof eventDetails.$inferSelect): EventDetails & { eventId: string } => ({
  eventId: row.eventId,
  startsAt: row.startsAt.toISOString(),
  timeZone: row.timeZone,
  durationMinutes: row.durationMinutes,
  location: row.location,
  joinUrl: row.joinUrl,
  joinOpensMinutesBefore: row.joinOpensMinutesBefore,
  capacity: row.capacity,
  recurrence: row.recurrence,
  exceptionDates: row.exceptionDates,
  replayItemId: row.replayItemId,
});

/** An event item's details for the admin form; 404 when the item has none yet. */
export async function getEventDetails(db: Database, id: string) {
  const [row] = await db.select().from(eventDetails).where(eq(eventDetails.eventId, id));
  if (!row) throw notFound('Event details');
  return toDetails(row);
}

/** Creates or replaces the details of a content item of type 'event'. */
export async function setEventDetails(db: Database, id: string, details: EventDetails) {
  const [item] = await db
    .select({ type: contentItems.type })
    .from(contentItems)
    .where(eq(contentItems.id, id));
  if (!item) throw notFound('Content');
  if (item.type !== 'event') throw invalidField('type', 'only an item of type event has event details');
  if (details.replayItemId) {
    const [replay] = await db
      .select({ type: contentItems.type })
      .from(contentItems)
      .where(eq(contentItems.id, details.replayItemId));
    if (!replay || (replay.type !== 'audio' && replay.type !== 'video'))
      throw invalidField('replayItemId', 'the replay must be an audio or video item of the library');
  }
  // Whole seconds: occurrences are expanded in wall-clock seconds, and an RSVP names its start exactly.
  const values = { ...details, startsAt: new Date(Math.floor(Date.parse(details.startsAt) / 1000) * 1000) };
  const [row] = await db
    .insert(eventDetails)
    .values({ eventId: id, ...values })
    .onConflictDoUpdate({ target: eventDetails.eventId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return toDetails(row!);
}

// ---------------------------------------------------------------- RSVP

/** The occurrence an RSVP names: one the rule really produces and that has not ended yet. */
function resolveOccurrence(row: EventRow, requested: string | undefined, now: Date): Date {
  const durationMs = row.durationMinutes * 60_000;
  if (requested === undefined) {
    const [next] = nextOccurrences(timing(row), now, 1);
    if (!next) throw invalidField('occurrence', 'this event has no upcoming occurrence');
    return next;
  }
  const start = new Date(requested);
  const [match] = expandOccurrences(timing(row), start, new Date(start.getTime() + 1)).filter(
    (candidate) => candidate.getTime() === start.getTime(),
  );
  if (!match) throw invalidField('occurrence', 'the event has no occurrence starting then');
  if (match.getTime() + durationMs <= now.getTime())
    throw invalidField('occurrence', 'that occurrence has ended');
  return match;
}

async function occurrenceCounts(tx: Transaction, eventId: string, start: Date) {
  const rows = await tx
    .select({ status: eventRsvps.status, total: count() })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.occurrenceStart, start)))
    .groupBy(eventRsvps.status);
  const counts = { going: 0, waitlist: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

/**
 * Going or not going to one occurrence. At capacity a "going" joins the waitlist; when a going
 * member leaves, the longest-waiting member is promoted. Every RSVP of an event takes the event's
 * row lock first, so concurrent answers at capacity are counted one after another (never more
 * going than the capacity).
 */
export async function setRsvp(
  db: Database,
  id: string,
  viewer: MemberAccess,
  input: RsvpInput,
  now = new Date(),
): Promise<RsvpResult> {
  const row = await getEventRow(db, id, viewer);
  if (!isEntitled(row, viewer)) throw premiumRequired('This event is for premium members.');
  const start = resolveOccurrence(row, input.occurrence, now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${eventDetails} where ${eventDetails.eventId} = ${id} for update`);
    const [capacityRow] = await tx
      .select({ capacity: eventDetails.capacity })
      .from(eventDetails)
      .where(eq(eventDetails.eventId, id));
    const capacity = capacityRow?.capacity ?? null;
    const mine = and(
      eq(eventRsvps.eventId, id),
      eq(eventRsvps.occurrenceStart, start),
      eq(eventRsvps.userId, viewer.id),
    );
    const [existing] = await tx.select({ status: eventRsvps.status }).from(eventRsvps).where(mine);
    if (input.going && !existing) {
      const { going } = await occurrenceCounts(tx, id, start);
      const status: RsvpStatus = capacity === null || going < capacity ? 'going' : 'waitlist';
      await tx.insert(eventRsvps).values({ userId: viewer.id, eventId: id, occurrenceStart: start, status });
    }
    if (!input.going && existing) {
      await tx.delete(eventRsvps).where(mine);
      if (existing.status === 'going') await promoteFromWaitlist(tx, id, start, capacity);
    }
    const counts = await occurrenceCounts(tx, id, start);
    const [after] = await tx.select({ status: eventRsvps.status }).from(eventRsvps).where(mine);
    return {
      occurrence: start.toISOString(),
      myRsvp: after?.status ?? null,
      goingCount: counts.going,
      waitlistCount: counts.waitlist,
    };
  });
}

/** Fills free places from the waitlist, oldest first. */
async function promoteFromWaitlist(tx: Transaction, eventId: string, start: Date, capacity: number | null) {
  const { going } = await occurrenceCounts(tx, eventId, start);
  const free = capacity === null ? Number.MAX_SAFE_INTEGER : capacity - going;
  if (free <= 0) return;
  const waiting = await tx
    .select({ id: eventRsvps.id })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        eq(eventRsvps.occurrenceStart, start),
        eq(eventRsvps.status, 'waitlist'),
      ),
    )
    .orderBy(asc(eventRsvps.createdAt), asc(eventRsvps.id))
    .limit(Math.min(free, 1000));
  if (waiting.length === 0) return;
  await tx
    .update(eventRsvps)
    .set({ status: 'going', updatedAt: new Date() })
    .where(
      inArray(
        eventRsvps.id,
        waiting.map((entry) => entry.id),
      ),
    );
}

// ---------------------------------------------------------------- calendar feeds

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new feed token for the member (the previous one stops working). */
export async function createCalendarFeed(
  db: Database,
  viewer: MemberAccess,
  scope: FeedScope,
  publicUrl: string,
): Promise<CalendarFeed> {
  const token = randomBytes(24).toString('base64url');
  const values = { tokenHash: hashToken(token), scope };
  await db
    .insert(calendarFeeds)
    .values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { ...values, updatedAt: new Date() } });
  const url = `${publicUrl}/api/calendar/${token}.ics`;
  return { scope, url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

export async function revokeCalendarFeed(db: Database, viewer: MemberAccess) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, viewer.id));
}

/** The feed's owner and scope, or null for an unknown or revoked token. */
export async function findCalendarFeed(db: Database, token: string) {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId, scope: calendarFeeds.scope })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  return feed ?? null;
}

/**
 * The access of a feed's owner, worked out now (a lapsed subscription stops premium links at the
 * next fetch); null for a suspended member, whose feed then reads as a visitor's.
 */
export async function getFeedOwnerAccess(db: Database, userId: string, now = new Date()) {
  const [user] = await db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      isModerator: users.isModerator,
      subscriptionStatus: users.subscriptionStatus,
      premiumAccessEndsAt: users.premiumAccessEndsAt,
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  if (user.suspendedAt && (!user.suspendedUntil || user.suspendedUntil > now)) return null;
  return toViewerAccess(user, now);
}

/** The feed's window: a month back (past RSVPs stay visible) to the longest window ahead. */
export function feedWindow(now: Date) {
  return {
    from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + (MAX_EVENT_WINDOW_DAYS - FEED_PAST_DAYS) * DAY_MS),
  };
}

/** Occurrences for the feed: all events, or only those the member answered "going" or waitlisted. */
export async function listFeedOccurrences(
  db: Database,
  viewer: ViewerAccess,
  scope: FeedScope,
  now = new Date(),
) {
  const occurrences = await listOccurrences(db, viewer, feedWindow(now), now);
  return scope === 'all' ? occurrences : occurrences.filter((occurrence) => occurrence.myRsvp !== null);
}

/** Upcoming occurrences of one event for its .ics file (up to the longest window ahead). */
export async function listEventFileOccurrences(
  db: Database,
  id: string,
  viewer: ViewerAccess,
  now = new Date(),
) {
  const row = await getEventRow(db, id, viewer);
  const window = { from: now, to: new Date(now.getTime() + MAX_EVENT_WINDOW_DAYS * DAY_MS) };
  const starts = expandOccurrences(timing(row), window.from, window.to);
  const rsvps = await loadRsvps(db, [row.eventId], window.from, window.to, viewer);
  return starts.map((start) => toOccurrence(row, start, viewer, now, rsvps));
}
