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
 * Premium content leaves the server only to someone entitled to it. Like the authorization
 * matrix, one row per registered route: either it can return content items (and then every
 * request of the row is made as each role and searched for the premium texts' sentinels), or it
 * says why it returns none. A new route without a row fails; so does a "none" row whose response
 * schema can hold a content item.
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
type Row =
  | {
      route: string;
      carries: 'items';
      /** `role` is the one about to send them (for rows about the actor's own data). */
      requests: (f: Fixtures, role: Role) => Request[] | Promise<Request[]>;
      /** Status per role (default 200 for everyone). */
      expected?: Partial<Record<Role, number>>;
      /** Set when a successful answer holds no item by nature (a new playlist is empty). */
      emptyBecause?: string;
    }
  | {
      route: string;
      carries: 'none';
      why: string;
      /** Called as every role when given: no premium text may appear, for anyone. */
      requests?: (f: Fixtures) => Request[];
    };

const adminOnly = { visitor: 401, free: 403, lapsed: 403, premium: 403, admin: 200 } as const;
const membersOnly = { visitor: 401 } as const;
const none = (route: string, why: string, requests?: (f: Fixtures) => Request[]): Row => ({
  route,
  carries: 'none',
  why,
  ...(requests ? { requests } : {}),
});
const get = (url: string): Request => ({ url });

const ROWS: Row[] = [
  // Library: every list shape, the detail, and the member's own rows.
  {
    route: 'GET /api/videos',
    carries: 'items',
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
  none('GET /api/videos/languages', 'language tags of published items, no text of them', () => [
    get('/api/videos/languages'),
  ]),
  {
    route: 'GET /api/videos/:id',
    carries: 'items',
    requests: (f) => [f.postId, f.audioId, f.videoId].map((id) => get(`/api/videos/${id}`)),
  },
  {
    route: 'POST /api/videos',
    carries: 'items',
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
  {
    route: 'PUT /api/videos/:id',
    carries: 'items',
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
  none('DELETE /api/videos/:id', 'answers 204 without a body'),
  {
    route: 'GET /api/admin/content',
    carries: 'items',
    requests: () =>
      [
        '',
        `search=${TITLE_WORD}`,
        'access=premium&sort=title&direction=asc',
        'status=published&type=post',
      ].map((query) => get(`/api/admin/content?${query}`)),
    expected: adminOnly,
  },
  none('POST /api/admin/content/bulk', 'answers the action and the ids it changed', () => [
    { method: 'POST', url: '/api/admin/content/bulk', payload: { ids: [randomUUID()], action: 'free' } },
  ]),
  none('GET /api/videos/:id/signed-url', 'a media link only, refused without premium access', (f) => [
    get(`/api/videos/${f.postId}/signed-url`),
  ]),
  {
    route: 'GET /api/user/favorites',
    carries: 'items',
    requests: () => [get('/api/user/favorites')],
    expected: membersOnly,
  },
  none('POST /api/user/favorites/:id', 'answers {isFavorite} only'),
  none('POST /api/videos/:id/download', 'a short-lived file link for entitled members; no item text', (f) => [
    { method: 'POST', url: `/api/videos/${f.audioId}/download` },
  ]),
  {
    route: 'GET /api/search',
    carries: 'items',
    requests: (f) =>
      [
        `q=${TITLE_WORD}`,
        `q=${TAG_WORD}`,
        `q=${TITLE_WORD}&section=content&limit=1`,
        `q=${TITLE_WORD}&section=content&limit=1&cursor=${f.cursorAfterPost}`,
      ].map((query) => get(`/api/search?${query}`)),
    expected: membersOnly,
  },
  {
    route: 'GET /api/progress',
    carries: 'items',
    requests: () => [get('/api/progress')],
    expected: membersOnly,
  },
  none('PUT /api/progress/:id', 'answers the position without the item', (f) => [
    { method: 'PUT', url: `/api/progress/${f.audioId}`, payload: { positionSeconds: 30 } },
  ]),
  // Practice: minutes and days; a session names its item by id only.
  none('POST /api/practice/sessions', 'the session recorded, naming its item by id', (f) => [
    {
      method: 'POST',
      url: '/api/practice/sessions',
      payload: { id: randomUUID(), seconds: 90, kind: 'content', contentId: f.audioId },
    },
  ]),
  none('PUT /api/practice/sessions/:id/note', "the member's own note on their own session"),
  none('GET /api/practice/summary', 'minutes and days', () => [get('/api/practice/summary')]),
  none('GET /api/practice/days', 'minutes per day', () => [
    get('/api/practice/days?from=2026-01-01&to=2026-12-31'),
  ]),
  none('GET /api/practice/settings', "the member's settings", () => [get('/api/practice/settings')]),
  none('PUT /api/practice/settings', "the member's settings"),
  none('GET /api/notifications', 'notices naming a post or playlist by link and title', () => [
    get('/api/notifications'),
  ]),
  none('POST /api/notifications/read', 'an unread count'),
  none('GET /api/push/public-key', 'a public key', () => [get('/api/push/public-key')]),
  none('POST /api/push/subscriptions', 'nothing'),
  none('DELETE /api/push/subscriptions', 'nothing'),
  none('GET /api/digest/unsubscribe', 'a confirmation page'),
  none('POST /api/digest/unsubscribe', 'a confirmation page'),
  // Newsletters are the teacher's own text, not library items; a member reads only copies sent to
  // them (the audience, premium included, is chosen when sending: newsletters.test.ts).
  none('GET /api/newsletters/unsubscribe', 'a confirmation page'),
  none('POST /api/newsletters/unsubscribe', 'a confirmation page'),
  none('GET /api/newsletters', 'subjects of the newsletters sent to the member; no items'),
  none('GET /api/newsletters/:id', 'a newsletter sent to the member; no items'),
  none('GET /api/admin/newsletters', 'admin only; newsletters, no items'),
  none('GET /api/admin/newsletters/:id', 'admin only; a newsletter, no items'),
  none('POST /api/admin/newsletters', 'the newsletter written'),
  none('PUT /api/admin/newsletters/:id', 'the newsletter written'),
  none('DELETE /api/admin/newsletters/:id', 'answers 204 without a body'),
  none('POST /api/admin/newsletters/preview', 'the e-mail of the text sent'),
  none('POST /api/admin/newsletters/:id/test', 'the address the test went to'),
  none('POST /api/admin/newsletters/:id/send', 'the newsletter sent'),
  // Playlists and the calendar journey.
  {
    route: 'GET /api/playlists/:slug',
    carries: 'items',
    requests: (f) => [
      get(`/api/playlists/${f.playlistSlug}`),
      get(`/api/playlists/${f.calendarSlug}`),
      get(`/api/playlists/${f.courseSlug}`),
    ],
  },
  none('POST /api/playlists/:slug/follow', 'whether the member follows, and a follower count', (f) => [
    { method: 'POST', url: `/api/playlists/${f.playlistSlug}/follow` },
  ]),
  none('POST /api/playlists/:slug/enrolment', 'the date the member enrolled', (f) => [
    { method: 'POST', url: `/api/playlists/${f.courseSlug}/enrolment` },
  ]),
  none('DELETE /api/playlists/:slug/follow', 'whether the member follows, and a follower count', (f) => [
    { method: 'DELETE', url: `/api/playlists/${f.playlistSlug}/follow` },
  ]),
  none('GET /api/playlists', 'playlist summaries: titles and published item counts, no items', () => [
    get('/api/playlists'),
  ]),
  none('GET /api/admin/playlists', 'playlist summaries: titles and item counts, no items', () => [
    get('/api/admin/playlists'),
  ]),
  {
    route: 'POST /api/admin/playlists',
    carries: 'items',
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
  {
    route: 'PUT /api/admin/playlists/:id',
    carries: 'items',
    requests: (f) => [
      {
        method: 'PUT',
        url: `/api/admin/playlists/${f.playlistId}`,
        payload: { title: 'Premium journey', description: '', slug: f.playlistSlug, isCalendar: false },
      },
    ],
    expected: adminOnly,
  },
  none('DELETE /api/admin/playlists/:id', 'answers 204 without a body'),
  {
    route: 'GET /api/journeys/month',
    carries: 'items',
    // The calendar journey runs every month from calendarMonth: this month and the next, unretyped.
    requests: (f) => [
      get(`/api/journeys/month?month=${f.calendarMonth}`),
      get(`/api/journeys/month?month=${nextMonth(f.calendarMonth)}`),
    ],
  },
  none('GET /api/admin/playlists/:id/schedules', "a journey's schedules: months only, no items"),
  none('POST /api/admin/playlists/:id/schedules', 'answers the new schedule: months only, no items'),
  none('DELETE /api/admin/playlists/:id/schedules/:scheduleId', 'answers 204 without a body'),
  {
    route: 'PUT /api/admin/playlists/:id/items',
    carries: 'items',
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
  // Everything else returns no content items; the GETs that need no fixture are still searched.
  none('GET /api/health', 'database health only', () => [get('/api/health')]),
  none('GET /api/health/ready', 'readiness reasons only', () => [get('/api/health/ready')]),
  none('GET /robots.txt', 'crawler rules from the route table', () => [get('/robots.txt')]),
  none('GET /metrics', 'Prometheus counters for a scraper; 404 without METRICS_TOKEN', () => [
    get('/metrics'),
  ]),
  none('GET /api/openapi.json', 'the generated document: schemas, no stored rows or examples', () => [
    get('/api/openapi.json'),
  ]),
  none('GET /api/auth/user', 'the signed-in member', () => [get('/api/auth/user')]),
  none('GET /api/login', 'a redirect'),
  none('GET /api/logout', 'a redirect (and it would end the session)'),
  none('GET /api/auth/*', "better-auth's session endpoints", () => [get('/api/auth/get-session')]),
  none('POST /api/auth/*', "better-auth's account endpoints"),
  none('GET /api/announcements', 'announcements link out by URL; they embed no items', () => [
    get('/api/announcements'),
  ]),
  none('POST /api/announcements', 'the announcement written'),
  none('PUT /api/announcements/:id', 'the announcement written'),
  none('DELETE /api/announcements/:id', 'answers 204 without a body'),
  none('GET /media/*', 'media bytes behind a signed link (the signed-URL route checks premium)'),
  none('GET /objects/*', 'public images'),
  none('GET /api/forums', 'forums', () => [get('/api/forums')]),
  none('GET /api/forums/:slug', 'a forum'),
  none('GET /api/forums/:slug/posts', "a forum's posts"),
  none('POST /api/forums/:slug/posts', 'the post written'),
  none('POST /api/forums', 'the forum written'),
  none('PUT /api/forums/:id', 'the forum written'),
  none('DELETE /api/forums/:id', 'answers 204 without a body'),
  none('GET /api/forums/:id/mentionable', 'names of people in a forum'),
  none('GET /api/posts/:id', 'a forum post'),
  none('DELETE /api/posts/:id', 'answers 204 without a body'),
  none('POST /api/posts/:id/like', 'a like count'),
  none('PUT /api/posts/:id/pin', 'the pinned post'),
  none('GET /api/posts/:id/comments', 'comments'),
  none('POST /api/posts/:id/comments', 'the comment written'),
  none('DELETE /api/comments/:id', 'answers 204 without a body'),
  none('POST /api/comments/:id/like', 'a like count'),
  none('PUT /api/posts/:id', 'the post edited'),
  none('PUT /api/comments/:id', 'the comment edited'),
  none('POST /api/posts/:id/flag', 'whether the item is hidden, and support resources'),
  none('POST /api/comments/:id/flag', 'whether the item is hidden, and support resources'),
  none('GET /api/admin/moderation', 'flagged forum posts and comments'),
  none('POST /api/admin/moderation/:kind/:id/hide', 'answers 204 without a body'),
  none('POST /api/admin/moderation/:kind/:id/restore', 'answers 204 without a body'),
  none('POST /api/admin/moderation/:kind/:id/remove', 'answers 204 without a body'),
  none('GET /api/admin/moderation/:kind/:id/revisions', 'earlier versions of forum posts and comments'),
  none('GET /api/admin/audit-log', 'moderation actions on posts, comments and members'),
  none('POST /api/admin/users/:id/mute', 'a mute'),
  none('DELETE /api/admin/users/:id/mute', 'a mute'),
  none('POST /api/admin/users/:id/suspend', 'a suspension state'),
  none('DELETE /api/admin/users/:id/suspend', 'a suspension state'),
  none('GET /api/questionnaire/domains', 'questionnaire domains', () => [get('/api/questionnaire/domains')]),
  none('GET /api/questionnaire/access', 'whether an assessment may start', () => [
    get('/api/questionnaire/access'),
  ]),
  none('POST /api/questionnaire/start', 'a questionnaire'),
  none('POST /api/questionnaire/:id/response', 'an answer'),
  none('POST /api/questionnaire/:id/complete', 'scores'),
  {
    route: 'GET /api/questionnaire/:id/results',
    carries: 'items',
    // A visitor asks for the free member's (refused before anything is read).
    requests: (f, role) => [
      get(`/api/questionnaire/${f.questionnaireIds[role] ?? f.questionnaireIds.free}/results`),
    ],
    expected: membersOnly,
  },
  {
    route: 'GET /api/user/latest-questionnaire',
    carries: 'items',
    requests: () => [get('/api/user/latest-questionnaire')],
    expected: membersOnly,
  },
  none('GET /api/admin/questionnaire/suggestion-tags', 'tags per area', () => [
    get('/api/admin/questionnaire/suggestion-tags'),
  ]),
  none('PUT /api/admin/questionnaire/suggestion-tags', 'tags per area'),
  none('GET /api/user/questionnaire-history', 'scores', () => [get('/api/user/questionnaire-history')]),
  none('GET /api/billing/plan', 'the plan', () => [get('/api/billing/plan')]),
  none('GET /api/billing/plans', 'the plans', () => [get('/api/billing/plans')]),
  none('GET /api/admin/members/export', 'members as CSV, no content item'),
  none('GET /api/admin/members/labels', 'labels and counts'),
  none('POST /api/admin/members/import', 'an import report'),
  none('GET /api/admin/offers', 'offers'),
  none('POST /api/admin/offers', 'an offer'),
  none('DELETE /api/admin/offers/:id', 'nothing'),
  none('GET /api/billing/offers/:code', 'what an offer gives'),
  none('GET /api/subscription-details', 'the subscription', () => [get('/api/subscription-details')]),
  none('POST /api/create-checkout-session', 'a checkout URL'),
  none('POST /api/sync-subscription-status', 'the subscription status'),
  none('POST /api/billing-portal', 'a portal URL'),
  none('GET /api/checkout/test/:sessionId', 'a checkout session'),
  none('POST /api/checkout/test/:sessionId/complete', 'a redirect URL'),
  none('POST /api/checkout/test/cancel', 'the subscription status'),
  none('POST /api/stripe/webhook', "Stripe's events in, an acknowledgement out"),
  none('GET /api/admin/stats', 'counts and recent activity by title (a card field)', () => [
    get('/api/admin/stats'),
  ]),
  none('GET /api/admin/analytics', 'counts', () => [get('/api/admin/analytics')]),
  none('GET /api/admin/analytics/content', 'plays and minutes per item by title, counts', () => [
    get('/api/admin/analytics/content'),
  ]),
  none('GET /api/admin/users', 'members', () => [get('/api/admin/users')]),
  none('GET /api/admin/settings', 'settings', () => [get('/api/admin/settings')]),
  none('GET /api/site', "the site's name and landing texts", () => [get('/api/site')]),
  none('PUT /api/admin/site', "the site's name and landing texts"),
  none('GET /api/site/pages/:page', 'a page the admin wrote for every visitor', () => [
    get('/api/site/pages/privacy'),
  ]),
  none('GET /api/site/help', 'the FAQ, contact address and helplines, for every visitor', () => [
    get('/api/site/help'),
  ]),
  none('GET /api/admin/site/pages', "the site's pages as the admin wrote them", () => [
    get('/api/admin/site/pages'),
  ]),
  none('PUT /api/admin/site/pages', "the site's pages as the admin wrote them"),
  none('PUT /api/admin/users/:id', 'a member'),
  none('PUT /api/user/profile', 'the member'),
  none('PUT /api/user/locale', 'the member, with the language they chose'),
  none(
    'GET /api/user/export',
    "the member's own data: favourites and progress name items by id and title, never their text",
    () => [get('/api/user/export')],
  ),
  none('DELETE /api/user', 'answers 204 without a body'),
  none('POST /api/objects/upload', 'an upload URL'),
  none('PUT /objects/uploads/:id', 'an upload receipt'),
  none('PUT /api/uploaded-images', 'an image path'),
  none('PUT /api/uploaded-videos', 'a media path'),
  // Events answer titles (public, as search shows them), times and counts, never a description;
  // the join link goes only to entitled members ("premium event join links" below).
  none('GET /api/events', 'occurrences without descriptions', () => [
    get(
      `/api/events?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`,
    ),
  ]),
  none('GET /api/events/:id', 'the next occurrences without a description', (f) => [
    get(`/api/events/${f.eventId}`),
  ]),
  none('GET /api/events/:id.ics', 'an ICS file: titles and the event page link', (f) => [
    get(`/api/events/${f.eventId}.ics`),
  ]),
  none('POST /api/events/:id/rsvp', 'the answer and counts'),
  none('POST /api/calendar/feed', 'a feed URL'),
  none('DELETE /api/calendar/feed', 'answers 204 without a body'),
  none('GET /api/calendar/:token.ics', 'an ICS feed: titles and event page links'),
  none('GET /api/admin/events/:id', "an event's details, for admins"),
  none('PUT /api/admin/events/:id', "an event's details, for admins"),
];

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

describe('premium content reaches only entitled viewers', () => {
  it('has a row for every registered route, and "none" rows hold no content item', () => {
    const registered = new Map(
      t.app.registeredRoutes.map((route) => [`${route.method} ${route.url}`, route]),
    );
    const covered = new Map(ROWS.map((row) => [row.route, row]));
    const missing = [...registered.keys()].filter((route) => !covered.has(route)).sort();
    expect(missing, 'routes without a row in the premium-content table').toEqual([]);
    const stale = [...covered.keys()].filter((route) => !registered.has(route));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
    const mislabelled = ROWS.filter(
      (row) => row.carries === 'none' && responseCanHoldItem(registered.get(row.route)?.schema),
    ).map((row) => row.route);
    expect(mislabelled, '"none" rows whose response schema holds content items').toEqual([]);
    const itemRoutes = ROWS.filter((row) => row.carries === 'items').map((row) => row.route);
    for (const route of itemRoutes) {
      // Item rows are about routes that declare items (the schema strips anything else).
      expect(responseCanHoldItem(registered.get(route)?.schema), route).toBe(true);
    }
  });

  for (const row of ROWS) {
    if (!row.requests) continue;
    for (const role of ROLES) {
      const isEntitled = ENTITLED.has(role);
      it(`${row.route} as ${role}`, async () => {
        for (const request of await row.requests!(fixtures, role)) {
          const label = `${request.method ?? 'GET'} ${request.url} as ${role}`;
          const response = await actors[role].request({ method: 'GET', ...request } as InjectOptions);
          if (row.carries === 'none') {
            expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
            expectNoPremiumText(response, label);
            continue;
          }
          expect(response.statusCode, `${label}: ${response.body}`).toBe(row.expected?.[role] ?? 200);
          if (response.statusCode >= 300) {
            expectNoPremiumText(response, label);
            continue;
          }
          const items = itemsIn(response.json());
          if (!row.emptyBecause) {
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
