import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { SUGGESTION_DOMAINS } from '@shared/schemas/questionnaire.ts';
import { TEST_PRICE_ID } from '@shared/schemas/subscription.ts';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  createActor,
  type Role,
  setUpTestApp,
  TEST_PASSWORD,
  type TestApp,
} from '../../../../tests/setup/test-app.ts';
import {
  announcements,
  checkoutSessions,
  contentItems,
  eventDetails,
  forumComments,
  forumPosts,
  forums,
  journeySchedules,
  newsletterDeliveries,
  newsletters,
  offers,
  playlists,
  questionnaireQuestions,
  questionnaires,
} from '../../db/schema/index.ts';
import { writeSubscription } from '../subscriptions/index.ts';

/**
 * The authorization matrix: one row per registered route, with the status each role gets.
 * Every route the app registers must have a row — a new route without one fails this file.
 * Later features add their rows here: the request (built from the fixtures, fresh per role when
 * it changes state) and the expected status per role.
 */
type Fixtures = {
  freeItemId: string;
  /** A free event and a premium one, both with details (a week ahead). */
  eventId: string;
  premiumEventId: string;
  /** A fresh member's personal calendar feed (the token in the path is the credential). */
  newFeedPath: () => Promise<string>;
  premiumItemId: string;
  /** A premium audio item with an uploaded file (offline downloads). */
  premiumFileItemId: string;
  playlistSlug: string;
  courseSlug: string;
  playlistId: string;
  /** A calendar playlist (a monthly journey), and a new schedule of it (its path, to delete). */
  journeyId: string;
  newJourneySchedulePath: () => Promise<string>;
  mediaUrl: string;
  imagePath: string;
  newItemId: () => Promise<string>;
  newPlaylistId: () => Promise<string>;
  forumSlug: string;
  forumId: string;
  premiumForumSlug: string;
  postId: string;
  premiumPostId: string;
  commentId: string;
  newForumId: () => Promise<string>;
  /** A post (or comment) written by the admin: others may not delete it. */
  newPostId: () => Promise<string>;
  newCommentId: () => Promise<string>;
  /** The admin's unfinished and completed questionnaires (others may not touch them). */
  openQuestionnaireId: string;
  completedQuestionnaireId: string;
  questionId: string;
  /** A test-mode checkout session of the actor (a random id for a visitor). */
  newTestCheckoutId: (actor: Actor) => Promise<string>;
  /** Gives the actor an active test-mode subscription (to cancel). */
  giveTestSubscription: (actor: Actor) => Promise<void>;
  newAnnouncementId: () => Promise<string>;
  /** A live offer (its id, to withdraw); `offerCode` is one that stays live. */
  newOfferId: () => Promise<string>;
  offerCode: string;
  /** A newsletter draft; with a member id, one sent to that member. */
  newNewsletterId: (sentTo?: string | null) => Promise<string>;
  /** A plain member's id (a target for admin user changes). */
  newUserId: () => Promise<string>;
  /** A fresh upload URL (made by the admin). */
  newUploadUrl: () => Promise<string>;
  /** An upload URL (without its query) whose file has arrived: a small PNG or MP3. */
  newUploadedFile: (kind: 'image' | 'audio') => Promise<string>;
};

type Row = {
  /** As registered with Fastify (`/api/videos/:id`). */
  route: string;
  /** Built per role; `actor` is the one about to send it (for rows about the actor's own data). */
  request: (
    f: Fixtures,
    actor: Actor,
  ) => Promise<Omit<InjectOptions, 'method'>> | Omit<InjectOptions, 'method'>;
  expected: Record<Role, number>;
  /** The request ends the session or changes the actor's rights: run it as a fresh actor of the role. */
  freshActor?: true;
};

const everyone = (status: number): Record<Role, number> => ({
  visitor: status,
  member: status,
  premium: status,
  moderator: status,
  admin: status,
});
const membersOnly = (status: number): Record<Role, number> => ({ ...everyone(status), visitor: 401 });
// Moderators hold no subscription here: premium is a subscription, not a role.
const premiumOnly = (status: number): Record<Role, number> => ({
  ...membersOnly(status),
  member: 403,
  moderator: 403,
});
const adminOnly = (status: number): Record<Role, number> => ({
  visitor: 401,
  member: 403,
  premium: 403,
  moderator: 403,
  admin: status,
});
/** The community's moderation: moderators and admins. */
const moderatorsOnly = (status: number): Record<Role, number> => ({
  ...adminOnly(status),
  moderator: status,
});
/** Only the author (the admin, who wrote the fixture) may do it; every other member 403. */
const authorOnly = (status: number): Record<Role, number> => ({ ...adminOnly(status) });
/** Any member but the author (the admin wrote the fixture, and may not flag their own). */
const othersThanAuthor = (status: number): Record<Role, number> => ({ ...membersOnly(status), admin: 403 });

/** A row whose request is the route's own path as it stands (no parameters, no body). */
const bare = (route: string, expected: Record<Role, number>): Row => ({
  route,
  request: () => ({ url: route.slice(route.indexOf(' ') + 1) }),
  expected,
});

const contentBody = () => ({ title: `Matrix ${randomUUID()}`, description: 'A calm item.', type: 'audio' });
/** A month no other schedule of the matrix's journey holds (a schedule is unique per month). */
let scheduleMonths = 0;
const nextScheduleMonth = () => {
  scheduleMonths += 1;
  return `${2040 + Math.floor(scheduleMonths / 12)}-${String((scheduleMonths % 12) + 1).padStart(2, '0')}`;
};
const playlistBody = () => ({ title: `Matrix ${randomUUID()}`, description: '', isCalendar: false });

const MATRIX: Row[] = [
  // Foundation
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expected: everyone(200) },
  // Open like liveness (probes carry no session); the test app runs no job queue, so not ready
  // (each reason: features/health/readiness.test.ts).
  { route: 'GET /api/health/ready', request: () => ({ url: '/api/health/ready' }), expected: everyone(503) },
  { route: 'GET /robots.txt', request: () => ({ url: '/robots.txt' }), expected: everyone(200) },
  // For a scraper's bearer token, not for a role: without METRICS_TOKEN it is not there for anyone
  // (the token's own checks: src/server/plugins/metrics.test.ts).
  { route: 'GET /metrics', request: () => ({ url: '/metrics' }), expected: everyone(404) },
  { route: 'GET /api/openapi.json', request: () => ({ url: '/api/openapi.json' }), expected: everyone(200) },
  { route: 'GET /api/auth/user', request: () => ({ url: '/api/auth/user' }), expected: membersOnly(200) },
  { route: 'GET /api/login', request: () => ({ url: '/api/login' }), expected: everyone(302) },
  {
    route: 'GET /api/logout',
    request: () => ({ url: '/api/logout' }),
    expected: everyone(302),
    freshActor: true,
  },
  bare('GET /api/announcements', everyone(200)),
  // better-auth's own endpoints: get-session answers null for visitors, the session for members.
  { route: 'GET /api/auth/*', request: () => ({ url: '/api/auth/get-session' }), expected: everyone(200) },
  {
    route: 'POST /api/auth/*',
    request: () => ({ url: '/api/auth/sign-out', payload: {} }),
    expected: everyone(200),
    freshActor: true,
  },
  // Library
  { route: 'GET /api/videos', request: () => ({ url: '/api/videos' }), expected: everyone(200) },
  {
    route: 'GET /api/videos/languages',
    request: () => ({ url: '/api/videos/languages' }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/videos/:id',
    request: (f) => ({ url: `/api/videos/${f.premiumItemId}` }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/videos',
    request: () => ({ url: '/api/videos', payload: contentBody() }),
    expected: adminOnly(201),
  },
  {
    route: 'PUT /api/videos/:id',
    request: (f) => ({
      url: `/api/videos/${f.freeItemId}`,
      payload: { ...contentBody(), videoUrl: 'https://media.example/a.mp3' },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/videos/:id',
    request: async (f) => ({ url: `/api/videos/${await f.newItemId()}` }),
    expected: adminOnly(204),
  },
  bare('GET /api/admin/content', adminOnly(200)),
  {
    route: 'POST /api/admin/content/bulk',
    request: async (f) => ({
      url: '/api/admin/content/bulk',
      payload: { ids: [await f.newItemId()], action: 'premium' },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/videos/:id/signed-url',
    request: (f) => ({ url: `/api/videos/${f.premiumItemId}/signed-url` }),
    expected: premiumOnly(200),
  },
  bare('GET /api/user/favorites', membersOnly(200)),
  {
    route: 'POST /api/user/favorites/:id',
    request: (f) => ({ url: `/api/user/favorites/${f.premiumItemId}` }),
    expected: premiumOnly(200),
  },
  { route: 'GET /api/progress', request: () => ({ url: '/api/progress' }), expected: membersOnly(200) },
  {
    route: 'PUT /api/progress/:id',
    request: (f) => ({ url: `/api/progress/${f.freeItemId}`, payload: { positionSeconds: 12 } }),
    expected: membersOnly(200),
  },
  // Offline downloads: premium members and admins only (decision 023).
  {
    route: 'POST /api/videos/:id/download',
    request: (f) => ({ url: `/api/videos/${f.premiumFileItemId}/download` }),
    expected: premiumOnly(200),
  },
  // Practice: each member's own minutes and settings.
  {
    route: 'POST /api/practice/sessions',
    request: () => ({
      url: '/api/practice/sessions',
      payload: { id: randomUUID(), seconds: 60, kind: 'timer' },
    }),
    expected: membersOnly(201),
  },
  {
    // The member's own session: another member's id answers 404, as an unknown one (practice.test.ts).
    route: 'PUT /api/practice/sessions/:id/note',
    request: () => ({ url: `/api/practice/sessions/${randomUUID()}/note`, payload: { note: 'Calm' } }),
    expected: membersOnly(404),
  },
  bare('GET /api/practice/summary', membersOnly(200)),
  {
    route: 'GET /api/practice/days',
    request: () => ({ url: '/api/practice/days?from=2026-01-01&to=2026-12-31' }),
    expected: membersOnly(200),
  },
  bare('GET /api/practice/settings', membersOnly(200)),
  {
    route: 'PUT /api/practice/settings',
    request: () => ({ url: '/api/practice/settings', payload: { showStreaks: true } }),
    expected: membersOnly(200),
  },
  // Notifications: each member's own; the push key is public.
  bare('GET /api/notifications', membersOnly(200)),
  {
    route: 'POST /api/notifications/read',
    request: () => ({ url: '/api/notifications/read', payload: { all: true } }),
    expected: membersOnly(200),
  },
  bare('GET /api/push/public-key', everyone(200)),
  {
    route: 'POST /api/push/subscriptions',
    request: () => ({
      url: '/api/push/subscriptions',
      payload: {
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    }),
    expected: membersOnly(204),
  },
  {
    route: 'DELETE /api/push/subscriptions',
    request: () => ({
      url: '/api/push/subscriptions',
      payload: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}` },
    }),
    expected: membersOnly(204),
  },
  // The digest's unsubscribe link: the signed link is the capability, with or without a session.
  {
    route: 'GET /api/digest/unsubscribe',
    request: (_f, actor) => ({ url: digestLink(actor.userId ?? randomUUID()) }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/digest/unsubscribe',
    request: (_f, actor) => ({ url: digestLink(actor.userId ?? randomUUID()) }),
    expected: everyone(200),
  },
  // Newsletters: the unsubscribe link works like the digest's; members read only what was sent to them.
  {
    route: 'GET /api/newsletters/unsubscribe',
    request: (_f, actor) => ({ url: newsletterLink(actor.userId ?? randomUUID()) }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/newsletters/unsubscribe',
    request: (_f, actor) => ({ url: newsletterLink(actor.userId ?? randomUUID()) }),
    expected: everyone(200),
  },
  bare('GET /api/newsletters', membersOnly(200)),
  {
    route: 'GET /api/newsletters/:id',
    // Sent to the actor who asks (each member reads their own copy; the 404 for others is in newsletters.test.ts).
    request: async (f, actor) => ({ url: `/api/newsletters/${await f.newNewsletterId(actor.userId)}` }),
    expected: membersOnly(200),
  },
  // Media: the signed link is the capability, whoever holds it; images are public.
  { route: 'GET /media/*', request: (f) => ({ url: f.mediaUrl }), expected: everyone(200) },
  { route: 'GET /objects/*', request: (f) => ({ url: f.imagePath }), expected: everyone(200) },
  // Playlists
  {
    route: 'GET /api/playlists/:slug',
    request: (f) => ({ url: `/api/playlists/${f.playlistSlug}` }),
    expected: everyone(200),
  },
  { route: 'GET /api/playlists', request: () => ({ url: '/api/playlists' }), expected: everyone(200) },
  // Whoever may read a playlist may follow it; a visitor signs in first.
  {
    route: 'POST /api/playlists/:slug/follow',
    request: (f) => ({ url: `/api/playlists/${f.playlistSlug}/follow` }),
    expected: membersOnly(200),
  },
  {
    route: 'DELETE /api/playlists/:slug/follow',
    request: (f) => ({ url: `/api/playlists/${f.playlistSlug}/follow` }),
    expected: membersOnly(200),
  },
  // Whoever may read a course may enrol in it (idempotent).
  {
    route: 'POST /api/playlists/:slug/enrolment',
    request: (f) => ({ url: `/api/playlists/${f.courseSlug}/enrolment` }),
    expected: membersOnly(200),
  },
  bare('GET /api/admin/playlists', adminOnly(200)),
  {
    route: 'POST /api/admin/playlists',
    request: () => ({ url: '/api/admin/playlists', payload: playlistBody() }),
    expected: adminOnly(201),
  },
  {
    route: 'PUT /api/admin/playlists/:id',
    request: (f) => ({ url: `/api/admin/playlists/${f.playlistId}`, payload: playlistBody() }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/admin/playlists/:id',
    request: async (f) => ({ url: `/api/admin/playlists/${await f.newPlaylistId()}` }),
    expected: adminOnly(204),
  },
  {
    route: 'PUT /api/admin/playlists/:id/items',
    request: (f) => ({
      url: `/api/admin/playlists/${f.playlistId}/items`,
      payload: { items: [{ videoId: f.freeItemId, orderIndex: 0, dayIndex: 1 }] },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/journeys/month',
    request: () => ({ url: '/api/journeys/month?month=2040-01' }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/admin/playlists/:id/schedules',
    request: (f) => ({ url: `/api/admin/playlists/${f.journeyId}/schedules` }),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/playlists/:id/schedules',
    request: (f) => ({
      url: `/api/admin/playlists/${f.journeyId}/schedules`,
      payload: { startMonth: nextScheduleMonth(), repeatsMonthly: false },
    }),
    expected: adminOnly(201),
  },
  {
    route: 'DELETE /api/admin/playlists/:id/schedules/:scheduleId',
    request: async (f) => ({ url: await f.newJourneySchedulePath() }),
    expected: adminOnly(204),
  },
  // Community
  { route: 'GET /api/forums', request: () => ({ url: '/api/forums' }), expected: everyone(200) },
  {
    route: 'GET /api/forums/:slug',
    request: (f) => ({ url: `/api/forums/${f.premiumForumSlug}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/forums/:slug/posts',
    request: (f) => ({ url: `/api/forums/${f.premiumForumSlug}/posts` }),
    expected: { visitor: 403, member: 403, premium: 200, moderator: 403, admin: 200 },
  },
  {
    route: 'POST /api/forums/:slug/posts',
    request: (f) => ({
      url: `/api/forums/${f.forumSlug}/posts`,
      payload: { title: 'Hello', content: 'World' },
    }),
    expected: membersOnly(201),
  },
  {
    route: 'POST /api/forums',
    request: () => ({
      url: '/api/forums',
      payload: { title: `Forum ${randomUUID()}`, description: 'x', category: 'general' },
    }),
    expected: adminOnly(201),
  },
  {
    route: 'PUT /api/forums/:id',
    request: (f) => ({
      url: `/api/forums/${f.forumId}`,
      payload: { title: 'Matrix forum', description: 'x', category: 'general', slug: f.forumSlug },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/forums/:id',
    request: async (f) => ({ url: `/api/forums/${await f.newForumId()}` }),
    expected: adminOnly(204),
  },
  {
    route: 'GET /api/forums/:id/mentionable',
    request: (f) => ({ url: `/api/forums/${f.forumId}/mentionable?q=` }),
    expected: membersOnly(200),
  },
  {
    route: 'GET /api/posts/:id',
    request: (f) => ({ url: `/api/posts/${f.premiumPostId}` }),
    expected: { visitor: 403, member: 403, premium: 200, moderator: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/posts/:id',
    // Someone else's post: moderators remove it with a reason (audited, the author told).
    request: async (f) => ({ url: `/api/posts/${await f.newPostId()}`, payload: { reason: 'Off topic' } }),
    expected: moderatorsOnly(204),
  },
  {
    route: 'POST /api/posts/:id/like',
    request: (f) => ({ url: `/api/posts/${f.postId}/like` }),
    expected: membersOnly(200),
  },
  {
    route: 'PUT /api/posts/:id/pin',
    request: (f) => ({ url: `/api/posts/${f.postId}/pin`, payload: { isPinned: true } }),
    expected: moderatorsOnly(200),
  },
  {
    route: 'GET /api/posts/:id/comments',
    request: (f) => ({ url: `/api/posts/${f.postId}/comments` }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/posts/:id/comments',
    request: (f) => ({ url: `/api/posts/${f.premiumPostId}/comments`, payload: { content: 'Thank you' } }),
    expected: premiumOnly(201),
  },
  {
    route: 'DELETE /api/comments/:id',
    request: async (f) => ({
      url: `/api/comments/${await f.newCommentId()}`,
      payload: { reason: 'Off topic' },
    }),
    expected: moderatorsOnly(204),
  },
  {
    route: 'POST /api/comments/:id/like',
    request: (f) => ({ url: `/api/comments/${f.commentId}/like` }),
    expected: membersOnly(200),
  },
  {
    route: 'PUT /api/posts/:id',
    request: async (f) => ({
      url: `/api/posts/${await f.newPostId()}`,
      payload: { title: 'Edited', content: 'Edited words' },
    }),
    expected: authorOnly(200),
  },
  {
    route: 'PUT /api/comments/:id',
    request: async (f) => ({
      url: `/api/comments/${await f.newCommentId()}`,
      payload: { content: 'Edited' },
    }),
    expected: authorOnly(200),
  },
  {
    route: 'POST /api/posts/:id/flag',
    request: async (f) => ({ url: `/api/posts/${await f.newPostId()}/flag`, payload: { reason: 'spam' } }),
    expected: othersThanAuthor(201),
  },
  {
    route: 'POST /api/comments/:id/flag',
    request: async (f) => ({
      url: `/api/comments/${await f.newCommentId()}/flag`,
      payload: { reason: 'other', note: 'Off topic' },
    }),
    expected: othersThanAuthor(201),
  },
  // Search
  {
    route: 'GET /api/search',
    request: () => ({ url: '/api/search?q=calm' }),
    expected: membersOnly(200),
  },
  // Moderation
  bare('GET /api/admin/moderation', moderatorsOnly(200)),
  {
    route: 'POST /api/admin/moderation/:kind/:id/hide',
    request: async (f) => ({ url: `/api/admin/moderation/posts/${await f.newPostId()}/hide`, payload: {} }),
    expected: moderatorsOnly(204),
  },
  {
    route: 'POST /api/admin/moderation/:kind/:id/restore',
    request: async (f) => ({
      url: `/api/admin/moderation/comments/${await f.newCommentId()}/restore`,
      payload: {},
    }),
    expected: moderatorsOnly(204),
  },
  {
    route: 'POST /api/admin/moderation/:kind/:id/remove',
    request: async (f) => ({
      url: `/api/admin/moderation/posts/${await f.newPostId()}/remove`,
      payload: { reason: 'Off topic' },
    }),
    expected: moderatorsOnly(204),
  },
  {
    route: 'GET /api/admin/moderation/:kind/:id/revisions',
    request: (f) => ({ url: `/api/admin/moderation/posts/${f.postId}/revisions` }),
    expected: moderatorsOnly(200),
  },
  bare('GET /api/admin/audit-log', adminOnly(200)),
  {
    route: 'POST /api/admin/users/:id/mute',
    request: async (f) => ({
      url: `/api/admin/users/${await f.newUserId()}/mute`,
      payload: { days: 7, reason: 'Unkind replies' },
    }),
    expected: moderatorsOnly(200),
  },
  {
    route: 'DELETE /api/admin/users/:id/mute',
    request: async (f) => ({ url: `/api/admin/users/${await f.newUserId()}/mute` }),
    expected: moderatorsOnly(200),
  },
  {
    route: 'POST /api/admin/users/:id/suspend',
    request: async (f) => ({
      url: `/api/admin/users/${await f.newUserId()}/suspend`,
      payload: { days: 7, reason: 'Spam links' },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/admin/users/:id/suspend',
    request: async (f) => ({ url: `/api/admin/users/${await f.newUserId()}/suspend` }),
    expected: adminOnly(200),
  },
  // Questionnaire
  bare('GET /api/questionnaire/domains', everyone(200)),
  bare('GET /api/questionnaire/access', membersOnly(200)),
  {
    route: 'POST /api/questionnaire/start',
    request: () => ({ url: '/api/questionnaire/start' }),
    // The admin already has an unfinished questionnaire (fixtures): it is resumed, not duplicated.
    expected: { visitor: 401, member: 201, premium: 201, moderator: 201, admin: 200 },
  },
  {
    route: 'POST /api/questionnaire/:id/response',
    request: (f) => ({
      url: `/api/questionnaire/${f.openQuestionnaireId}/response`,
      payload: { questionId: f.questionId, score: 3 },
    }),
    expected: { visitor: 401, member: 404, premium: 404, moderator: 404, admin: 200 },
  },
  {
    route: 'POST /api/questionnaire/:id/complete',
    request: (f) => ({ url: `/api/questionnaire/${f.openQuestionnaireId}/complete` }),
    // Owner only; the admin's has unanswered questions.
    expected: { visitor: 401, member: 404, premium: 404, moderator: 404, admin: 400 },
  },
  {
    route: 'GET /api/questionnaire/:id/results',
    request: (f) => ({ url: `/api/questionnaire/${f.completedQuestionnaireId}/results` }),
    expected: { visitor: 401, member: 404, premium: 404, moderator: 404, admin: 200 },
  },
  bare('GET /api/user/latest-questionnaire', membersOnly(200)),
  bare('GET /api/admin/questionnaire/suggestion-tags', adminOnly(200)),
  {
    route: 'PUT /api/admin/questionnaire/suggestion-tags',
    request: () => ({
      url: '/api/admin/questionnaire/suggestion-tags',
      payload: {
        domains: SUGGESTION_DOMAINS.map((domain) => ({ domain, tags: ['breathing'] })),
      },
    }),
    expected: adminOnly(200),
  },
  bare('GET /api/user/questionnaire-history', membersOnly(200)),
  // Subscriptions (test mode: no STRIPE_SECRET_KEY)
  { route: 'GET /api/billing/plan', request: () => ({ url: '/api/billing/plan' }), expected: everyone(200) },
  {
    route: 'GET /api/billing/plans',
    request: () => ({ url: '/api/billing/plans' }),
    expected: everyone(200),
  },
  bare('GET /api/subscription-details', membersOnly(200)),
  {
    route: 'POST /api/create-checkout-session',
    request: () => ({ url: '/api/create-checkout-session', payload: { priceId: TEST_PRICE_ID } }),
    // An active subscriber cannot buy the plan twice; an admin without one may.
    expected: { visitor: 401, member: 200, premium: 409, moderator: 200, admin: 200 },
  },
  bare('POST /api/sync-subscription-status', membersOnly(200)),
  // Offers
  bare('GET /api/admin/offers', adminOnly(200)),
  {
    route: 'POST /api/admin/offers',
    request: () => ({
      url: '/api/admin/offers',
      payload: { code: `M${randomUUID().slice(0, 8)}`, percentOff: 10, duration: 'once' },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/admin/offers/:id',
    request: async (f) => ({ url: `/api/admin/offers/${await f.newOfferId()}` }),
    expected: adminOnly(204),
  },
  {
    route: 'GET /api/billing/offers/:code',
    request: (f) => ({ url: `/api/billing/offers/${f.offerCode}` }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/billing-portal',
    request: () => ({ url: '/api/billing-portal' }),
    // There is no Stripe Customer Portal in test mode.
    expected: { visitor: 401, member: 409, premium: 409, moderator: 409, admin: 409 },
  },
  {
    route: 'GET /api/checkout/test/:sessionId',
    request: async (f, actor) => ({ url: `/api/checkout/test/${await f.newTestCheckoutId(actor)}` }),
    expected: membersOnly(200),
  },
  {
    route: 'POST /api/checkout/test/:sessionId/complete',
    request: async (f, actor) => ({ url: `/api/checkout/test/${await f.newTestCheckoutId(actor)}/complete` }),
    expected: { visitor: 401, member: 200, premium: 409, moderator: 200, admin: 200 },
    freshActor: true,
  },
  {
    route: 'POST /api/checkout/test/cancel',
    request: async (f, actor) => {
      await f.giveTestSubscription(actor);
      return { url: '/api/checkout/test/cancel' };
    },
    expected: membersOnly(200),
    freshActor: true,
  },
  {
    route: 'POST /api/stripe/webhook',
    request: () => ({
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    }),
    // Signed by Stripe, not by a session; not served at all in test mode.
    expected: everyone(404),
  },
  // Announcements (GET is above) and the admin screens
  {
    route: 'POST /api/announcements',
    request: () => ({ url: '/api/announcements', payload: { title: 'Matrix', content: 'A calm note.' } }),
    expected: adminOnly(201),
  },
  {
    route: 'PUT /api/announcements/:id',
    request: async (f) => ({
      url: `/api/announcements/${await f.newAnnouncementId()}`,
      payload: { title: 'Matrix, edited', content: 'Still calm.' },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/announcements/:id',
    request: async (f) => ({ url: `/api/announcements/${await f.newAnnouncementId()}` }),
    expected: adminOnly(204),
  },
  bare('GET /api/admin/newsletters', adminOnly(200)),
  {
    route: 'GET /api/admin/newsletters/:id',
    request: async (f) => ({ url: `/api/admin/newsletters/${await f.newNewsletterId()}` }),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/newsletters',
    request: () => ({
      url: '/api/admin/newsletters',
      payload: { subject: 'Matrix', body: 'A calm note.', segment: 'all' },
    }),
    expected: adminOnly(201),
  },
  {
    route: 'PUT /api/admin/newsletters/:id',
    request: async (f) => ({
      url: `/api/admin/newsletters/${await f.newNewsletterId()}`,
      payload: { subject: 'Matrix, edited', body: 'Still calm.', segment: 'free' },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/admin/newsletters/:id',
    request: async (f) => ({ url: `/api/admin/newsletters/${await f.newNewsletterId()}` }),
    expected: adminOnly(204),
  },
  {
    route: 'POST /api/admin/newsletters/preview',
    request: () => ({ url: '/api/admin/newsletters/preview', payload: { subject: 'Hi', body: '**Calm**' } }),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/newsletters/:id/test',
    request: async (f) => ({ url: `/api/admin/newsletters/${await f.newNewsletterId()}/test` }),
    expected: adminOnly(202),
  },
  {
    route: 'POST /api/admin/newsletters/:id/send',
    request: async (f) => ({ url: `/api/admin/newsletters/${await f.newNewsletterId()}/send` }),
    expected: adminOnly(200),
  },
  { route: 'GET /api/admin/stats', request: () => ({ url: '/api/admin/stats' }), expected: adminOnly(200) },
  bare('GET /api/admin/analytics', adminOnly(200)),
  bare('GET /api/admin/analytics/content', adminOnly(200)),
  { route: 'GET /api/admin/users', request: () => ({ url: '/api/admin/users' }), expected: adminOnly(200) },
  bare('GET /api/admin/settings', adminOnly(200)),
  {
    route: 'PUT /api/admin/users/:id',
    request: async (f) => ({
      url: `/api/admin/users/${await f.newUserId()}`,
      payload: { complimentaryPremium: true },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/members/import',
    request: () => ({
      url: '/api/admin/members/import',
      payload: { csv: 'email\nmatrix-import@example.test\n', dryRun: true },
    }),
    expected: adminOnly(200),
  },
  bare('GET /api/admin/members/export', adminOnly(200)),
  bare('GET /api/admin/members/labels', adminOnly(200)),
  // The site's settings (features/site): public to read, the admin's to change.
  bare('GET /api/site', everyone(200)),
  {
    route: 'PUT /api/admin/site',
    request: () => ({ url: '/api/admin/site', payload: { aboutTeacher: 'A calm teacher.' } }),
    expected: adminOnly(200),
  },
  // The site's pages and help (features/site/pages.routes.ts): public to read, the admin's to write.
  {
    route: 'GET /api/site/pages/:page',
    request: () => ({ url: '/api/site/pages/terms' }),
    expected: everyone(200),
  },
  bare('GET /api/site/help', everyone(200)),
  bare('GET /api/admin/site/pages', adminOnly(200)),
  {
    route: 'PUT /api/admin/site/pages',
    request: () => ({ url: '/api/admin/site/pages', payload: { contactEmail: 'hello@example.test' } }),
    expected: adminOnly(200),
  },
  // The member's own account
  {
    route: 'PUT /api/user/profile',
    request: () => ({ url: '/api/user/profile', payload: { firstName: 'Robin', lastName: 'Vale' } }),
    expected: membersOnly(200),
  },
  {
    route: 'PUT /api/user/locale',
    request: () => ({ url: '/api/user/locale', payload: { locale: 'de' } }),
    expected: membersOnly(200),
  },
  { route: 'GET /api/user/export', request: () => ({ url: '/api/user/export' }), expected: membersOnly(200) },
  {
    route: 'DELETE /api/user',
    request: () => ({ url: '/api/user', payload: { password: TEST_PASSWORD } }),
    expected: membersOnly(204),
    freshActor: true,
  },
  // Uploads
  {
    route: 'POST /api/objects/upload',
    // Members upload their profile picture; only admins register media (below).
    request: () => ({ url: '/api/objects/upload' }),
    expected: membersOnly(200),
  },
  {
    route: 'PUT /objects/uploads/:id',
    // The signed URL is the permission (like S3's presigned PUT): any holder may use it, once.
    request: async (f) => {
      const url = new URL(await f.newUploadUrl());
      return {
        url: `${url.pathname}${url.search}`,
        payload: Buffer.from('bytes'),
        headers: { 'content-type': 'application/octet-stream' },
      };
    },
    expected: everyone(200),
  },
  {
    route: 'PUT /api/uploaded-images',
    // The file was uploaded by the admin: members may register only their own (403).
    request: async (f) => ({
      url: '/api/uploaded-images',
      payload: { imageURL: await f.newUploadedFile('image') },
    }),
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/uploaded-videos',
    request: async (f) => ({
      url: '/api/uploaded-videos',
      payload: { videoURL: await f.newUploadedFile('audio') },
    }),
    expected: adminOnly(200),
  },
  // Events: reading is open (join links only to the entitled, premium-content.test.ts); RSVP is
  // for members, premium events for premium members.
  {
    route: 'GET /api/events',
    request: () => ({
      url: `/api/events?from=${new Date().toISOString()}&to=${new Date(Date.now() + 14 * 86_400_000).toISOString()}`,
    }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/events/:id',
    request: (f) => ({ url: `/api/events/${f.premiumEventId}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/events/:id.ics',
    request: (f) => ({ url: `/api/events/${f.premiumEventId}.ics` }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/events/:id/rsvp',
    request: (f) => ({ url: `/api/events/${f.premiumEventId}/rsvp`, payload: { going: true } }),
    expected: premiumOnly(200),
  },
  {
    route: 'POST /api/calendar/feed',
    request: () => ({ url: '/api/calendar/feed', payload: { scope: 'rsvps' } }),
    expected: membersOnly(200),
  },
  {
    route: 'DELETE /api/calendar/feed',
    request: () => ({ url: '/api/calendar/feed' }),
    expected: membersOnly(204),
  },
  {
    route: 'GET /api/calendar/:token.ics',
    request: async (f) => ({ url: await f.newFeedPath() }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/admin/events/:id',
    request: (f) => ({ url: `/api/admin/events/${f.eventId}` }),
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/events/:id',
    request: (f) => ({
      url: `/api/admin/events/${f.eventId}`,
      payload: {
        startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        timeZone: 'Europe/Berlin',
        durationMinutes: 30,
      },
    }),
    expected: adminOnly(200),
  },
];

const t = setUpTestApp();
const digestLink = (memberId: string) =>
  `/api/digest/unsubscribe?member=${memberId}&token=${t.app.digest.signer.token(memberId)}`;
const newsletterLink = (memberId: string) =>
  `/api/newsletters/unsubscribe?member=${memberId}&token=${t.app.newsletters.signer.token(memberId)}`;
let fixtures: Fixtures;
const actors = {} as Record<Role, Actor>;
beforeAll(async () => {
  for (const role of ['visitor', 'member', 'premium', 'moderator', 'admin'] as const)
    actors[role] = await createActor(t.app, role);
  const { db } = t.app.database;
  const insertItem = async (values: Partial<typeof contentItems.$inferInsert> = {}) =>
    (
      await db
        .insert(contentItems)
        .values({ title: 'Item', description: 'Calm.', ...values })
        .returning()
    )[0]!.id;
  const insertPlaylist = async (values: Partial<typeof playlists.$inferInsert> = {}) =>
    (
      await db
        .insert(playlists)
        .values({ slug: `matrix-${randomUUID()}`, title: 'Matrix', ...values })
        .returning()
    )[0]!;
  await t.app.storage.write('matrix/sound.mp3', Buffer.from('ID3 not really audio'), 'audio/mpeg');
  await t.app.storage.write('matrix/cover.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
  const playlist = await insertPlaylist();
  const journey = await insertPlaylist({ isCalendar: true });
  const insertForum = async (values: Partial<typeof forums.$inferInsert> = {}) =>
    (
      await db
        .insert(forums)
        .values({ slug: `matrix-${randomUUID()}`, title: 'Matrix', description: 'x', ...values })
        .returning()
    )[0]!;
  const forum = await insertForum();
  const premiumForum = await insertForum({ isPremium: true });
  const insertPost = async (forumId = forum.id) =>
    (
      await db
        .insert(forumPosts)
        .values({ forumId, userId: actors.admin.userId, title: 'Post', content: 'Words' })
        .returning()
    )[0]!.id;
  const postId = await insertPost();
  const insertComment = async () =>
    (
      await db
        .insert(forumComments)
        .values({ postId, userId: actors.admin.userId, content: 'Comment' })
        .returning()
    )[0]!.id;
  const newUploadUrl = async () =>
    (await actors.admin.request({ method: 'POST', url: '/api/objects/upload' })).json().uploadURL as string;
  const insertEvent = async (isPremium: boolean) => {
    const id = await insertItem({ type: 'event', isPremium });
    await db.insert(eventDetails).values({
      eventId: id,
      startsAt: new Date(Date.now() + 7 * 86_400_000),
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
    });
    return id;
  };
  // A member of its own each time: the DELETE /api/calendar/feed row revokes the role actors' feeds,
  // and rows before this one may replace the database's members.
  const newFeedPath = async () => {
    const owner = await createActor(t.app, 'member');
    const feed = await owner.request({
      method: 'POST',
      url: '/api/calendar/feed',
      payload: { scope: 'all' },
    });
    return new URL(feed.json().url).pathname;
  };
  const offerCode = `LIVE${randomUUID().slice(0, 8)}`.toUpperCase();
  await db.insert(offers).values({ code: offerCode, percentOff: 10, currency: 'usd', duration: 'once' });
  fixtures = {
    eventId: await insertEvent(false),
    premiumEventId: await insertEvent(true),
    newFeedPath,
    freeItemId: await insertItem({ videoFileUrl: '/objects/matrix/sound.mp3' }),
    premiumItemId: await insertItem({ isPremium: true, videoUrl: 'https://media.example/premium.mp3' }),
    premiumFileItemId: await insertItem({
      isPremium: true,
      type: 'audio',
      videoFileUrl: '/objects/matrix/sound.mp3',
    }),
    playlistSlug: playlist.slug,
    courseSlug: (await insertPlaylist({ isCourse: true })).slug,
    playlistId: playlist.id,
    journeyId: journey.id,
    newJourneySchedulePath: async () => {
      const [row] = await db
        .insert(journeySchedules)
        .values({ playlistId: journey.id, startMonth: `${nextScheduleMonth()}-01` })
        .returning();
      return `/api/admin/playlists/${journey.id}/schedules/${row!.id}`;
    },
    mediaUrl: t.app.mediaSigner.sign('matrix/sound.mp3'),
    imagePath: '/objects/matrix/cover.webp',
    newItemId: () => insertItem(),
    newPlaylistId: async () => (await insertPlaylist()).id,
    forumSlug: forum.slug,
    forumId: forum.id,
    premiumForumSlug: premiumForum.slug,
    postId,
    premiumPostId: await insertPost(premiumForum.id),
    commentId: await insertComment(),
    newForumId: async () => (await insertForum()).id,
    newPostId: () => insertPost(),
    newCommentId: insertComment,
    ...(await questionnaireFixtures(db, actors.admin.userId!)),
    newTestCheckoutId: async (actor) => {
      if (!actor.userId) return randomUUID();
      const [session] = await db
        .insert(checkoutSessions)
        .values({
          userId: actor.userId,
          provider: 'test',
          priceId: TEST_PRICE_ID,
          expiresAt: new Date(Date.now() + 3_600_000),
        })
        .returning({ id: checkoutSessions.id });
      return session!.id;
    },
    newAnnouncementId: async () => {
      const [row] = await db
        .insert(announcements)
        .values({ title: 'Fixture', content: 'x' })
        .returning({ id: announcements.id });
      return row!.id;
    },
    newOfferId: async () => {
      const [row] = await db
        .insert(offers)
        .values({
          code: `MATRIX${randomUUID().slice(0, 8)}`,
          percentOff: 10,
          currency: 'usd',
          duration: 'once',
        })
        .returning({ id: offers.id });
      return row!.id;
    },
    offerCode,
    newNewsletterId: async (sentTo?: string | null) => {
      const [row] = await db
        .insert(newsletters)
        .values(
          sentTo
            ? { subject: 'Fixture', body: 'x', status: 'sent', sentAt: new Date() }
            : { subject: 'Fixture', body: 'x' },
        )
        .returning({ id: newsletters.id });
      if (sentTo) {
        await db
          .insert(newsletterDeliveries)
          .values({ newsletterId: row!.id, userId: sentTo, email: 'x@example.test' });
      }
      return row!.id;
    },
    newUserId: async () => (await createActor(t.app, 'member')).userId!,
    newUploadUrl,
    newUploadedFile: async (kind) => {
      const uploadUrl = await newUploadUrl();
      const url = new URL(uploadUrl);
      const body =
        kind === 'image'
          ? await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
              .png()
              .toBuffer()
          : fs.readFileSync(new URL('../../seed/demo-media/short-body-scan.mp3', import.meta.url));
      const put = await t.app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, payload: body });
      if (put.statusCode !== 200) throw new Error(`upload failed: ${put.body}`);
      return uploadUrl.split('?')[0]!;
    },
    giveTestSubscription: async (actor) => {
      if (!actor.userId) return;
      await db.transaction((tx) =>
        writeSubscription(tx, actor.userId!, {
          provider: 'test',
          stripeSubscriptionId: null,
          priceId: TEST_PRICE_ID,
          status: 'active',
          currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
          cancelAtPeriodEnd: false,
          canceledAt: null,
        }),
      );
    },
  };
});

async function questionnaireFixtures(db: TestApp['app']['database']['db'], userId: string) {
  const [question] = await db.select({ id: questionnaireQuestions.id }).from(questionnaireQuestions).limit(1);
  const [completed] = await db
    .insert(questionnaires)
    .values({ userId, version: 1, status: 'completed', completedAt: new Date() })
    .returning();
  const [open] = await db.insert(questionnaires).values({ userId, version: 1 }).returning();
  return { openQuestionnaireId: open!.id, completedQuestionnaireId: completed!.id, questionId: question!.id };
}

describe('authorization matrix', () => {
  it('has a row for every registered route', () => {
    const registered = [...new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`))].sort();
    const covered = new Set(MATRIX.map((row) => row.route));
    const missing = registered.filter((route) => !covered.has(route));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    const stale = [...covered].filter((route) => !registered.includes(route));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  it('every registered route declares who may call it (`config.policy.access`)', () => {
    const undeclared = t.app.registeredRoutes
      .filter((route) => route.policy?.access === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(
      undeclared,
      "declare `config: { policy: { access: '...' } }` (src/server/edge/policy.ts) on these routes",
    ).toEqual([]);
  });

  it("each route's declared access agrees with its row", () => {
    const rows = new Map(MATRIX.map((row) => [row.route, row.expected]));
    const disagreements: string[] = [];
    for (const route of t.app.registeredRoutes) {
      const name = `${route.method} ${route.url}`;
      const expected = rows.get(name);
      const access = route.policy?.access;
      if (!expected || access === undefined) continue; // the two tests above name these
      const label = typeof access === 'string' ? access : 'credential';
      // The roles the access itself refuses, and with what.
      const refused: Partial<Record<Role, number>> =
        label === 'admin'
          ? { visitor: 401, member: 403, premium: 403, moderator: 403 }
          : label === 'moderator'
            ? { visitor: 401, member: 403, premium: 403 }
            : label === 'premium'
              ? { visitor: 401, member: 403 }
              : label === 'member'
                ? { visitor: 401 }
                : {};
      for (const [role, status] of Object.entries(refused)) {
        if (expected[role as Role] !== status) {
          disagreements.push(`${name} is '${label}', but its row gives ${role} ${expected[role as Role]}`);
        }
      }
      // The least role the access admits is not refused by the route (an admin route declared
      // 'moderator' would otherwise pass, its handler refusing moderators itself).
      const least: Partial<Record<string, Role>> = {
        admin: 'admin',
        moderator: 'moderator',
        premium: 'premium',
        member: 'member',
      };
      const admitted = least[label];
      const refusedStatuses = label === 'member' ? [401] : [401, 403];
      if (admitted && refusedStatuses.includes(expected[admitted])) {
        disagreements.push(`${name} is '${label}', but its row refuses ${admitted} (${expected[admitted]})`);
      }
      // A row that turns visitors away as unsigned belongs to a route the edge guards.
      if (expected.visitor === 401 && !['member', 'premium', 'moderator', 'admin'].includes(label)) {
        disagreements.push(`${name} is '${label}', but its row gives visitor 401: declare its guard`);
      }
      // A public answer is the same for everyone, so its status is too.
      if (label === 'public' && new Set(Object.values(expected)).size > 1) {
        disagreements.push(`${name} is 'public', but its row differs by role`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  for (const row of MATRIX) {
    for (const role of ['visitor', 'member', 'premium', 'moderator', 'admin'] as const) {
      it(`${row.route} as ${role} → ${row.expected[role]}`, async () => {
        const [method] = row.route.split(' ');
        const actor = row.freshActor ? await createActor(t.app, role) : actors[role];
        const response = await actor.request({
          method: method as 'GET',
          ...(await row.request(fixtures, actor)),
        });
        expect(response.statusCode, response.body).toBe(row.expected[role]);
      });
    }
  }
});

/** Ownership: one member never reads or changes what belongs to another. */
describe('ownership', () => {
  it("another member's questionnaire, post, comment, favourites and checkout are out of reach", async () => {
    const [owner, other] = await Promise.all([createActor(t.app, 'member'), createActor(t.app, 'member')]);
    const db = t.app.database.db;

    const started = (await owner.request({ method: 'POST', url: '/api/questionnaire/start' })).json();
    for (const [method, url, payload] of [
      ['POST', `/api/questionnaire/${started.id}/response`, { questionId: fixtures.questionId, score: 3 }],
      ['POST', `/api/questionnaire/${started.id}/complete`, undefined],
      ['GET', `/api/questionnaire/${started.id}/results`, undefined],
    ] as const) {
      const response = await other.request({ method, url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }

    const post = (
      await owner.request({
        method: 'POST',
        url: `/api/forums/${fixtures.forumSlug}/posts`,
        payload: { title: 'Mine', content: 'Only mine to delete.' },
      })
    ).json();
    const comment = (
      await owner.request({
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        payload: { content: 'Mine too.' },
      })
    ).json();
    const deletePost = await other.request({ method: 'DELETE', url: `/api/posts/${post.id}` });
    expect(deletePost.statusCode).toBe(403);
    expect(deletePost.json().code).toBe('NOT_AUTHOR');
    expect((await other.request({ method: 'DELETE', url: `/api/comments/${comment.id}` })).statusCode).toBe(
      403,
    );
    expect((await owner.request({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(200);

    expect(
      (await owner.request({ method: 'POST', url: `/api/user/favorites/${fixtures.freeItemId}` })).statusCode,
    ).toBeLessThan(300);
    const mine = (await owner.request({ method: 'GET', url: '/api/user/favorites' })).json();
    const theirs = (await other.request({ method: 'GET', url: '/api/user/favorites' })).json();
    expect(JSON.stringify(mine)).toContain(fixtures.freeItemId);
    expect(JSON.stringify(theirs)).not.toContain(fixtures.freeItemId);

    const [session] = await db
      .insert(checkoutSessions)
      .values({
        userId: owner.userId!,
        provider: 'test',
        priceId: TEST_PRICE_ID,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: checkoutSessions.id });
    expect(
      (await other.request({ method: 'GET', url: `/api/checkout/test/${session!.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await other.request({ method: 'POST', url: `/api/checkout/test/${session!.id}/complete` })).statusCode,
    ).toBe(404);
    expect(
      (await other.request({ method: 'GET', url: '/api/auth/user' })).json().subscriptionStatus,
    ).toBeNull();
  });
});
