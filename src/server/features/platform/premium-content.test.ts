import { randomUUID } from 'node:crypto';
import { nextMonth } from '@shared/journey-dates.ts';
import { ContentItemSchema, readingTimeMinutes } from '@shared/schemas/content.ts';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Actor, createActor, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import {
  contentItems,
  contentPlays,
  eventDetails,
  favorites,
  journeySchedules,
  playbackProgress,
  playlistItems,
  playlists,
  questionnaireDomains,
  questionnaireQuestions,
  questionnaireResponses,
  questionnaireSuggestionTags,
  questionnaires,
  users,
} from '../../db/schema/index.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import { PREMIUM_TEASER_MAX_LENGTH, toPremiumTeaser } from '../library/index.ts';

/**
 * Premium content leaves the server only to someone entitled to it. Each route declares in its own
 * options what its answer can hold, `config: { policy: { premium } }` (edge/policy.ts): `'items'`
 * (content items, teasers for viewers without premium access) or `{ none: '<why>' }`. This file
 * reads every registered route's declaration and holds only the test data, REQUESTS, keyed by
 * route: for an 'items' route (required) the requests made as each role, the statuses expected
 * and why an answer may hold no item; every answer is searched for the premium texts' sentinels.
 * For a 'none' route, requests are optional probes sent as every role. A route without a
 * declaration fails; so does an 'items' route without requests, requests for a route that no
 * longer exists, a 'none' route whose response schema can hold a content item, and an 'items'
 * route whose schema cannot.
 */

type Role = 'visitor' | 'free' | 'lapsed' | 'premium' | 'admin';
const ROLES: readonly Role[] = ['visitor', 'free', 'lapsed', 'premium', 'admin'];
const ENTITLED: ReadonlySet<Role> = new Set(['premium', 'admin']);

/** A word no other text in the database holds; placed in the premium texts beyond any teaser. */
const SENTINEL = `sentinel${randomUUID().replaceAll('-', '')}`;
/** In every premium title (and so findable by search without premium access). */
const TITLE_WORD = `quietharbour${randomUUID().slice(0, 8)}`;
const TAG_WORD = `stilltag${randomUUID().slice(0, 8)}`;
/** In the premium event's join link: only entitled members may receive it (as premium media). */
const JOIN_SENTINEL = `joinlink${randomUUID().replaceAll('-', '')}`;

const opening = (words: number) =>
  Array.from({ length: words }, (_, index) => `calm${index % 10} breath`).join(' ');
/** Text beyond the teaser starts here: the sentinel can never be inside a teaser. */
const premiumText = (kind: string) =>
  `${opening(40)} ${kind}.\n\nThe part only subscribers read begins: ${SENTINEL} marks it.\n\n${opening(
    120,
  )} and at the very end ${SENTINEL}.`;

type Fixtures = {
  /** Full texts of the premium items, by id. */
  premiumTexts: Map<string, string>;
  /** Their reading times, from the whole text (posts) or the duration. */
  readingMinutes: Map<string, number>;
  postId: string;
  audioId: string;
  videoId: string;
  playlistSlug: string;
  courseSlug: string;
  calendarSlug: string;
  playlistId: string;
  calendarMonth: string;
  /** The list cursor just after the premium post (the next page starts with the audio item). */
  cursorAfterPost: string;
  /** A premium event running now (its join link is open), with JOIN_SENTINEL in the link. */
  eventId: string;
  /** Each member's own completed questionnaire, lowest in perception (suggested: the fixtures). */
  questionnaireIds: Partial<Record<Role, string>>;
};

type Request = Omit<InjectOptions, 'method'> & { method?: InjectOptions['method'] };
/** The test data of one route; what its answer may hold is the route's own `policy.premium`. */
type Probe = {
  /** `role` is the one about to send them (for routes about the actor's own data). */
  requests: (f: Fixtures, role: Role) => Request[] | Promise<Request[]>;
  /** 'items' routes: status per role (default 200 for everyone). */
  expected?: Partial<Record<Role, number>>;
  /** 'items' routes: set when a successful answer holds no item by nature (a new playlist is empty). */
  emptyBecause?: string;
};

const adminOnly = { visitor: 401, free: 403, lapsed: 403, premium: 403, admin: 200 } as const;
const membersOnly = { visitor: 401 } as const;
const get = (url: string): Request => ({ url });

/**
 * Requests by route (`METHOD /url`, as registered). An 'items' route has every role send them and
 * checks the status, then teasers for viewers without premium access and whole texts for the
 * entitled; a 'none' route's requests (optional) are sent as every role and must answer below 500
 * without premium text.
 */
const REQUESTS: Record<string, Probe> = {
  // Library: every list shape, the detail, and the member's own rows.
  'GET /api/videos': {
    requests: (f) =>
      [
        '',
        'type=post',
        'type=audio',
        'type=video',
        'access=premium',
        'duration=5-10',
        `search=${TITLE_WORD}`,
        `search=${TAG_WORD}`,
        `search=${TITLE_WORD}&type=post&access=premium&sort=popular`,
        'sort=popular',
        `calendarMonth=${f.calendarMonth}`,
        `calendarMonth=${f.calendarMonth}&type=post`,
        `limit=1&cursor=${f.cursorAfterPost}`,
      ].map((query) => get(`/api/videos?${query}`)),
  },
  'GET /api/videos/languages': { requests: () => [get('/api/videos/languages')] },
  'GET /api/videos/:id': {
    requests: (f) => [f.postId, f.audioId, f.videoId].map((id) => get(`/api/videos/${id}`)),
  },
  'POST /api/videos': {
    requests: () => [
      {
        method: 'POST',
        url: '/api/videos',
        payload: {
          title: `New ${TITLE_WORD}`,
          description: premiumText('new'),
          type: 'post',
          isPremium: true,
        },
      },
    ],
    expected: { ...adminOnly, admin: 201 },
  },
  'PUT /api/videos/:id': {
    requests: (f) => [
      {
        method: 'PUT',
        url: `/api/videos/${f.postId}`,
        payload: {
          title: `Premium post ${TITLE_WORD}`,
          description: f.premiumTexts.get(f.postId),
          type: 'post',
          isPremium: true,
          tags: [TAG_WORD],
          calendarDates: [`${f.calendarMonth}-15`],
        },
      },
    ],
    expected: adminOnly,
  },
  'GET /api/admin/content': {
    requests: () =>
      [
        '',
        `search=${TITLE_WORD}`,
        'access=premium&sort=title&direction=asc',
        'status=published&type=post',
      ].map((query) => get(`/api/admin/content?${query}`)),
    expected: adminOnly,
  },
  'POST /api/admin/content/bulk': {
    requests: () => [
      { method: 'POST', url: '/api/admin/content/bulk', payload: { ids: [randomUUID()], action: 'free' } },
    ],
  },
  'GET /api/videos/:id/signed-url': { requests: (f) => [get(`/api/videos/${f.postId}/signed-url`)] },
  'GET /api/user/favorites': {
    requests: () => [get('/api/user/favorites')],
    expected: membersOnly,
  },
  'POST /api/videos/:id/download': {
    requests: (f) => [{ method: 'POST', url: `/api/videos/${f.audioId}/download` }],
  },
  'GET /api/search': {
    requests: (f) =>
      [
        `q=${TITLE_WORD}`,
        `q=${TAG_WORD}`,
        `q=${TITLE_WORD}&section=content&limit=1`,
        `q=${TITLE_WORD}&section=content&limit=1&cursor=${f.cursorAfterPost}`,
      ].map((query) => get(`/api/search?${query}`)),
    expected: membersOnly,
  },
  'GET /api/progress': {
    requests: () => [get('/api/progress')],
    expected: membersOnly,
  },
  'PUT /api/progress/:id': {
    requests: (f) => [{ method: 'PUT', url: `/api/progress/${f.audioId}`, payload: { positionSeconds: 30 } }],
  },
  // Practice: minutes and days; a session names its item by id only.
  'POST /api/practice/sessions': {
    requests: (f) => [
      {
        method: 'POST',
        url: '/api/practice/sessions',
        payload: { id: randomUUID(), seconds: 90, kind: 'content', contentId: f.audioId },
      },
    ],
  },
  'GET /api/practice/summary': { requests: () => [get('/api/practice/summary')] },
  'GET /api/practice/days': { requests: () => [get('/api/practice/days?from=2026-01-01&to=2026-12-31')] },
  'GET /api/practice/settings': { requests: () => [get('/api/practice/settings')] },
  'GET /api/notifications': { requests: () => [get('/api/notifications')] },
  'GET /api/push/public-key': { requests: () => [get('/api/push/public-key')] },
  // Playlists and the calendar journey.
  'GET /api/playlists/:slug': {
    requests: (f) => [
      get(`/api/playlists/${f.playlistSlug}`),
      get(`/api/playlists/${f.calendarSlug}`),
      get(`/api/playlists/${f.courseSlug}`),
    ],
  },
  'POST /api/playlists/:slug/follow': {
    requests: (f) => [{ method: 'POST', url: `/api/playlists/${f.playlistSlug}/follow` }],
  },
  'POST /api/playlists/:slug/enrolment': {
    requests: (f) => [{ method: 'POST', url: `/api/playlists/${f.courseSlug}/enrolment` }],
  },
  'DELETE /api/playlists/:slug/follow': {
    requests: (f) => [{ method: 'DELETE', url: `/api/playlists/${f.playlistSlug}/follow` }],
  },
  'GET /api/playlists': { requests: () => [get('/api/playlists')] },
  'GET /api/admin/playlists': { requests: () => [get('/api/admin/playlists')] },
  'POST /api/admin/playlists': {
    requests: () => [
      {
        method: 'POST',
        url: '/api/admin/playlists',
        payload: { title: `Playlist ${randomUUID()}`, description: '', isCalendar: false },
      },
    ],
    expected: { ...adminOnly, admin: 201 },
    emptyBecause: 'a new playlist has no items yet',
  },
  'PUT /api/admin/playlists/:id': {
    requests: (f) => [
      {
        method: 'PUT',
        url: `/api/admin/playlists/${f.playlistId}`,
        payload: { title: 'Premium journey', description: '', slug: f.playlistSlug, isCalendar: false },
      },
    ],
    expected: adminOnly,
  },
  'GET /api/journeys/month': {
    // The calendar journey runs every month from calendarMonth: this month and the next, unretyped.
    requests: (f) => [
      get(`/api/journeys/month?month=${f.calendarMonth}`),
      get(`/api/journeys/month?month=${nextMonth(f.calendarMonth)}`),
    ],
  },
  'PUT /api/admin/playlists/:id/items': {
    requests: (f) => [
      {
        method: 'PUT',
        url: `/api/admin/playlists/${f.playlistId}/items`,
        payload: {
          items: [f.postId, f.audioId, f.videoId].map((videoId, orderIndex) => ({ videoId, orderIndex })),
        },
      },
    ],
    expected: adminOnly,
  },
  // Everything else declares no content items; the GETs that need no fixture are still searched.
  'GET /api/health': { requests: () => [get('/api/health')] },
  'GET /api/health/ready': { requests: () => [get('/api/health/ready')] },
  'GET /robots.txt': { requests: () => [get('/robots.txt')] },
  'GET /metrics': { requests: () => [get('/metrics')] },
  'GET /api/openapi.json': { requests: () => [get('/api/openapi.json')] },
  'GET /api/auth/user': { requests: () => [get('/api/auth/user')] },
  'GET /api/auth/*': { requests: () => [get('/api/auth/get-session')] },
  'GET /api/announcements': { requests: () => [get('/api/announcements')] },
  'GET /api/forums': { requests: () => [get('/api/forums')] },
  'GET /api/questionnaire/domains': { requests: () => [get('/api/questionnaire/domains')] },
  'GET /api/questionnaire/access': { requests: () => [get('/api/questionnaire/access')] },
  'GET /api/questionnaire/:id/results': {
    // A visitor asks for the free member's (refused before anything is read).
    requests: (f, role) => [
      get(`/api/questionnaire/${f.questionnaireIds[role] ?? f.questionnaireIds.free}/results`),
    ],
    expected: membersOnly,
  },
  'GET /api/user/latest-questionnaire': {
    requests: () => [get('/api/user/latest-questionnaire')],
    expected: membersOnly,
  },
  'GET /api/admin/questionnaire/suggestion-tags': {
    requests: () => [get('/api/admin/questionnaire/suggestion-tags')],
  },
  'GET /api/user/questionnaire-history': { requests: () => [get('/api/user/questionnaire-history')] },
  'GET /api/billing/plan': { requests: () => [get('/api/billing/plan')] },
  'GET /api/billing/plans': { requests: () => [get('/api/billing/plans')] },
  'GET /api/subscription-details': { requests: () => [get('/api/subscription-details')] },
  'GET /api/admin/stats': { requests: () => [get('/api/admin/stats')] },
  'GET /api/admin/analytics': { requests: () => [get('/api/admin/analytics')] },
  'GET /api/admin/analytics/content': { requests: () => [get('/api/admin/analytics/content')] },
  'GET /api/admin/users': { requests: () => [get('/api/admin/users')] },
  'GET /api/admin/settings': { requests: () => [get('/api/admin/settings')] },
  'GET /api/site': { requests: () => [get('/api/site')] },
  'GET /api/site/pages/:page': { requests: () => [get('/api/site/pages/privacy')] },
  'GET /api/site/help': { requests: () => [get('/api/site/help')] },
  'GET /api/admin/site/pages': { requests: () => [get('/api/admin/site/pages')] },
  'GET /api/user/export': { requests: () => [get('/api/user/export')] },
  // Events answer titles (public, as search shows them), times and counts, never a description;
  // the join link goes only to entitled members ("premium event join links" below).
  'GET /api/events': {
    requests: () => [
      get(
        `/api/events?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`,
      ),
    ],
  },
  'GET /api/events/:id': { requests: (f) => [get(`/api/events/${f.eventId}`)] },
  'GET /api/events/:id.ics': { requests: (f) => [get(`/api/events/${f.eventId}.ics`)] },
};

/** Whether a route's declared response can hold a content item (its schema has `isTeaser`). */
function responseCanHoldItem(schema: { response?: Record<string, unknown> } | undefined): boolean {
  return Object.values(schema?.response ?? {}).some((response) => {
    try {
      const json = z.toJSONSchema(response as z.ZodType, { io: 'output', unrepresentable: 'any' });
      return JSON.stringify(json).includes('"isTeaser"');
    } catch {
      return false;
    }
  });
}

type Item = z.infer<typeof ContentItemSchema>;
/** Every object in a JSON answer that looks like a content item. */
function itemsIn(value: unknown, found: Item[] = []): Item[] {
  if (Array.isArray(value)) for (const entry of value) itemsIn(entry, found);
  else if (value && typeof value === 'object') {
    if ('isTeaser' in value && 'isPremium' in value) found.push(value as Item);
    for (const entry of Object.values(value)) itemsIn(entry, found);
  }
  return found;
}
const ITEM_FIELDS = new Set(Object.keys(ContentItemSchema.shape));

const t = setUpTestApp();
let fixtures: Fixtures;
const actors = {} as Record<Role, Actor>;

beforeAll(async () => {
  // The test app runs no job queue; readiness would answer 503 for that alone, and these rows
  // look at what an answer holds (readiness's own reasons: features/health/readiness.test.ts).
  t.app.jobHealth.started();
  const { db } = t.app.database;
  const [visitor, free, lapsed, premium, admin] = await Promise.all([
    createActor(t.app, 'visitor'),
    createActor(t.app, 'member'),
    createActor(t.app, 'member'),
    createActor(t.app, 'premium'),
    createActor(t.app, 'admin'),
  ]);
  Object.assign(actors, { visitor, free, lapsed, premium, admin });
  // A member whose subscription has ended.
  await db.update(users).set({ subscriptionStatus: 'canceled' }).where(eq(users.id, lapsed!.userId!));

  const calendarMonth = new Date().toISOString().slice(0, 7);
  const insertPremium = async (type: 'post' | 'audio' | 'video', minutesAgo: number) => {
    const [row] = await db
      .insert(contentItems)
      .values({
        title: `Premium ${type} ${TITLE_WORD}`,
        description: premiumText(type),
        type,
        isPremium: true,
        duration: type === 'post' ? 0 : 600,
        tags: [TAG_WORD],
        calendarDates: [`${calendarMonth}-15`],
        videoUrl: type === 'post' ? null : `https://media.example/${type}.mp3`,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      })
      .returning();
    return row!;
  };
  // Newest first: post, audio, video.
  const post = await insertPremium('post', 1);
  const audio = await insertPremium('audio', 2);
  const video = await insertPremium('video', 3);
  const ids = [post.id, audio.id, video.id];

  const [playlist] = await db
    .insert(playlists)
    .values({ slug: `premium-${randomUUID()}`, title: 'Premium journey' })
    .returning();
  const [calendar] = await db
    .insert(playlists)
    .values({ slug: `calendar-${randomUUID()}`, title: 'Monthly journey', isCalendar: true })
    .returning();
  await db
    .insert(journeySchedules)
    .values({ playlistId: calendar!.id, startMonth: `${calendarMonth}-01`, repeatsMonthly: true });
  // A course of the same premium lessons, the first open at once and the others dripped.
  const [course] = await db
    .insert(playlists)
    .values({ slug: `course-${randomUUID()}`, title: 'Premium course', isCourse: true })
    .returning();
  await db.insert(playlistItems).values(
    ids.flatMap((videoId, index) => [
      { playlistId: playlist!.id, videoId, orderIndex: index },
      { playlistId: calendar!.id, videoId, orderIndex: index, dayIndex: index + 1 },
      { playlistId: course!.id, videoId, orderIndex: index, unlockAfterDays: index },
    ]),
  );
  // Every member favourited and started each item (the lapsed one while subscribed).
  for (const actor of [free, lapsed, premium, admin]) {
    await db.insert(favorites).values(ids.map((videoId) => ({ userId: actor!.userId!, videoId })));
    await db
      .insert(playbackProgress)
      .values(ids.map((videoId) => ({ userId: actor!.userId!, videoId, positionSeconds: 42 })));
    await db.insert(contentPlays).values(ids.map((videoId) => ({ userId: actor!.userId!, videoId })));
  }

  // Perception is every member's lowest area, and its suggestions are the premium fixtures.
  await db
    .update(questionnaireSuggestionTags)
    .set({ tags: [TAG_WORD] })
    .where(eq(questionnaireSuggestionTags.domain, 'perception'));
  const questions = await db
    .select({ id: questionnaireQuestions.id, domain: questionnaireDomains.domain })
    .from(questionnaireQuestions)
    .innerJoin(questionnaireDomains, eq(questionnaireDomains.id, questionnaireQuestions.domainId));
  const questionnaireIds: Partial<Record<Role, string>> = {};
  for (const role of ['free', 'lapsed', 'premium', 'admin'] as const) {
    const [row] = await db
      .insert(questionnaires)
      .values({ userId: actors[role].userId!, version: 1, status: 'completed', completedAt: new Date() })
      .returning();
    await db.insert(questionnaireResponses).values(
      questions.map((question) => ({
        questionnaireId: row!.id,
        questionId: question.id,
        score: question.domain === 'perception' ? 0 : 5,
      })),
    );
    questionnaireIds[role] = row!.id;
  }

  const [event] = await db
    .insert(contentItems)
    .values({
      title: `Premium event ${TITLE_WORD}`,
      description: premiumText('event'),
      type: 'event',
      isPremium: true,
    })
    .returning();
  await db.insert(eventDetails).values({
    eventId: event!.id,
    startsAt: new Date(Date.now() - 5 * 60_000),
    timeZone: 'Europe/Berlin',
    durationMinutes: 60,
    joinUrl: `https://meet.example/${JOIN_SENTINEL}`,
  });

  fixtures = {
    eventId: event!.id,
    questionnaireIds,
    premiumTexts: new Map([post, audio, video].map((row) => [row.id, row.description])),
    readingMinutes: new Map([post, audio, video].map((row) => [row.id, readingTimeMinutes(row)])),
    postId: post.id,
    audioId: audio.id,
    videoId: video.id,
    playlistSlug: playlist!.slug,
    calendarSlug: calendar!.slug,
    courseSlug: course!.slug,
    playlistId: playlist!.id,
    calendarMonth,
    cursorAfterPost: encodeCursor(post),
  };
});

function expectNoPremiumText(response: LightMyRequestResponse, label: string) {
  expect(response.body.includes(SENTINEL), `${label}: a premium text beyond the teaser left the server`).toBe(
    false,
  );
}

/** What a viewer without premium access may see of each premium item in an answer. */
function expectTeasers(items: Item[], label: string) {
  for (const item of items.filter((entry) => entry.isPremium)) {
    const full = fixtures.premiumTexts.get(item.id);
    expect(item.isTeaser, `${label}: premium item ${item.id} not flagged as a teaser`).toBe(true);
    expect(item.description.length, label).toBeLessThanOrEqual(PREMIUM_TEASER_MAX_LENGTH);
    expect(
      Object.keys(item).filter((key) => !ITEM_FIELDS.has(key)),
      `${label}: unknown fields`,
    ).toEqual([]);
    if (full) {
      expect(item.description, label).toBe(toPremiumTeaser(full));
      expect(full.startsWith(item.description), label).toBe(true);
      expect(item.description.length, label).toBeLessThan(full.length);
      expect(item.readingMinutes, `${label}: reading time of the whole text`).toBe(
        fixtures.readingMinutes.get(item.id),
      );
    }
  }
}

function expectWholeTexts(items: Item[], label: string) {
  for (const item of items.filter((entry) => entry.isPremium)) {
    expect(item.isTeaser, label).toBe(false);
    const full = fixtures.premiumTexts.get(item.id);
    if (full) expect(item.description, label).toBe(full);
    expect(item.description, label).toContain(SENTINEL);
  }
}

/** Each registered route by `METHOD /url`, with its policy and schemas (read inside tests). */
const registered = () =>
  new Map(t.app.registeredRoutes.map((route) => [`${route.method} ${route.url}`, route]));

describe('premium content reaches only entitled viewers', () => {
  it('every registered route declares what its answer can hold (`config.policy.premium`)', () => {
    const undeclared = [...registered()]
      .filter(([, route]) => route.policy?.premium === undefined)
      .map(([name]) => name)
      .sort();
    expect(
      undeclared,
      "declare `config: { policy: { premium: 'items' } }` (the answer can hold content items) or " +
        "`config: { policy: { premium: { none: '<why>' } } }` (src/server/edge/policy.ts) on these routes",
    ).toEqual([]);
  });

  it("has requests for every 'items' route, none for a route that is gone, and schemas that agree", () => {
    // Soft: one run names every kind of disagreement.
    const routes = registered();
    const itemRoutes = [...routes]
      .filter(([, route]) => route.policy?.premium === 'items')
      .map(([name]) => name);
    const noneRoutes = [...routes]
      .filter(([, route]) => typeof route.policy?.premium === 'object')
      .map(([name]) => name);
    const withoutRequests = itemRoutes.filter((name) => !Object.hasOwn(REQUESTS, name)).sort();
    expect
      .soft(withoutRequests, "routes declaring premium: 'items' without REQUESTS in this file")
      .toEqual([]);
    const stale = Object.keys(REQUESTS).filter((name) => !routes.has(name));
    expect.soft(stale, 'REQUESTS for routes that no longer exist').toEqual([]);
    const itemsOnly = noneRoutes.filter(
      (name) => REQUESTS[name]?.expected !== undefined || REQUESTS[name]?.emptyBecause !== undefined,
    );
    expect.soft(itemsOnly, '`expected` or `emptyBecause` for routes declaring premium: { none }').toEqual([]);
    const mislabelled = noneRoutes.filter((name) => responseCanHoldItem(routes.get(name)?.schema));
    expect
      .soft(mislabelled, 'routes declaring premium: { none } whose response schema holds content items')
      .toEqual([]);
    // 'items' routes are about routes that declare items (the schema strips anything else).
    const itemless = itemRoutes.filter((name) => !responseCanHoldItem(routes.get(name)?.schema));
    expect
      .soft(itemless, "routes declaring premium: 'items' whose response schema holds no content item")
      .toEqual([]);
  });

  for (const [name, probe] of Object.entries(REQUESTS)) {
    for (const role of ROLES) {
      const isEntitled = ENTITLED.has(role);
      it(`${name} as ${role}`, async () => {
        const premium = registered().get(name)?.policy?.premium;
        expect(premium, `${name}: not registered, or declares no premium shape (see above)`).toBeDefined();
        for (const request of await probe.requests(fixtures, role)) {
          const label = `${request.method ?? 'GET'} ${request.url} as ${role}`;
          const response = await actors[role].request({ method: 'GET', ...request } as InjectOptions);
          if (premium !== 'items') {
            expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
            expectNoPremiumText(response, label);
            continue;
          }
          expect(response.statusCode, `${label}: ${response.body}`).toBe(probe.expected?.[role] ?? 200);
          if (response.statusCode >= 300) {
            expectNoPremiumText(response, label);
            continue;
          }
          const items = itemsIn(response.json());
          if (!probe.emptyBecause) {
            expect(
              items.filter((item) => item.isPremium).length,
              `${label}: the premium fixtures should be in this answer`,
            ).toBeGreaterThan(0);
          }
          if (isEntitled) expectWholeTexts(items, label);
          else {
            expectNoPremiumText(response, label);
            expectTeasers(items, label);
          }
        }
      });
    }
  }
});

describe('premium event join links', () => {
  const window = () =>
    `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`;

  for (const role of ROLES) {
    const isEntitled = ENTITLED.has(role);
    it(`reach ${role} ${isEntitled ? 'while open' : 'never'}: list, page, ICS file and feed`, async () => {
      const actor = actors[role];
      const list = await actor.request({ method: 'GET', url: `/api/events?${window()}` });
      const page = await actor.request({ method: 'GET', url: `/api/events/${fixtures.eventId}` });
      for (const [label, response] of [
        ['list', list],
        ['page', page],
      ] as const) {
        expect(response.statusCode, label).toBe(200);
        expect(response.body.includes(JOIN_SENTINEL), `${role} ${label}`).toBe(isEntitled);
      }
      // Files are kept and forwarded by calendar apps: never the link, for anyone.
      const file = await actor.request({ method: 'GET', url: `/api/events/${fixtures.eventId}.ics` });
      expect(file.statusCode).toBe(200);
      expect(file.body).not.toContain(JOIN_SENTINEL);
      if (role === 'visitor') return;
      expect(
        (
          await actor.request({
            method: 'POST',
            url: `/api/events/${fixtures.eventId}/rsvp`,
            payload: { going: true },
          })
        ).statusCode,
      ).toBe(isEntitled ? 200 : 403);
      const feed = await actor.request({
        method: 'POST',
        url: '/api/calendar/feed',
        payload: { scope: 'all' },
      });
      const feedBody = (await t.app.inject({ method: 'GET', url: new URL(feed.json().url).pathname })).body;
      expect(feedBody).toContain('BEGIN:VCALENDAR');
      expect(feedBody).toContain(fixtures.eventId);
      expect(feedBody).not.toContain(JOIN_SENTINEL);
      expect(feedBody).not.toContain(SENTINEL);
    });
  }
});

describe('search without premium access', () => {
  it('finds premium items by title and tags, never by words of their withheld text', async () => {
    const search = (role: Role, term: string) =>
      actors[role].request({ method: 'GET', url: `/api/videos?search=${term}` });
    for (const role of ROLES) {
      const bySentinel = (await search(role, SENTINEL)).json() as Item[];
      const found = bySentinel.map((item) => item.id);
      if (ENTITLED.has(role)) {
        expect(found, role).toEqual(
          expect.arrayContaining([fixtures.postId, fixtures.audioId, fixtures.videoId]),
        );
      } else expect(found, `${role} searching a word of the withheld text`).toEqual([]);
      const byTitle = (await search(role, TITLE_WORD)).json() as Item[];
      expect(
        byTitle.map((item) => item.id),
        `${role} searching a title word`,
      ).toContain(fixtures.postId);
    }
  });
});

describe('the list cache', () => {
  it('never hands an entitled viewer’s cached list to a viewer without access, nor the reverse', async () => {
    const query = `/api/videos?search=${TITLE_WORD}&type=post&limit=7`;
    const first = await actors.premium.request({ method: 'GET', url: query });
    expectWholeTexts(itemsIn(first.json()), 'premium, first');
    for (const role of ['visitor', 'free', 'lapsed'] as const) {
      const after = await actors[role].request({ method: 'GET', url: query });
      expectNoPremiumText(after, `${role} after premium`);
      expectTeasers(itemsIn(after.json()), `${role} after premium`);
    }

    const other = `/api/videos?search=${TAG_WORD}&type=audio&limit=7`;
    const visitorFirst = await actors.visitor.request({ method: 'GET', url: other });
    expectTeasers(itemsIn(visitorFirst.json()), 'visitor, first');
    const premiumAfter = await actors.premium.request({ method: 'GET', url: other });
    expectWholeTexts(itemsIn(premiumAfter.json()), 'premium after visitor');
    expect(itemsIn(premiumAfter.json()).length).toBeGreaterThan(0);
  });
});
