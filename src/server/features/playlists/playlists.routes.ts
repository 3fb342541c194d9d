import {
  CourseEnrolmentSchema,
  PlaylistFollowSchema,
  PlaylistInputSchema,
  PlaylistItemsInputSchema,
  PlaylistSchema,
  PlaylistSummarySchema,
} from '@shared/schemas/content.ts';
import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  JourneyMonthQuerySchema,
  JourneyMonthSchema,
  JourneyScheduleInputSchema,
  JourneyScheduleSchema,
} from '@shared/schemas/journeys.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { toViewerAccess } from '../../lib/viewer.ts';
import { adminWriteRoutes } from '../../plugins/admin-writes.ts';
import { getViewerAccess, requireAdmin, requireMemberAccess } from '../../plugins/auth.ts';
import {
  addJourneySchedule,
  deleteJourneySchedule,
  getJourneyMonth,
  listJourneySchedules,
} from './journeys.service.ts';
import {
  createPlaylist,
  deletePlaylist,
  enrolInCourse,
  getPlaylistBySlug,
  listPlaylists,
  listPublishedPlaylists,
  setPlaylistFollow,
  setPlaylistItems,
  updatePlaylist,
} from './playlists.service.ts';

const doc = routeDocs('playlists');

const IdParams = z.object({ id: z.uuid('id must be a playlist id') });
const ScheduleParams = z.object({
  id: z.uuid('id must be a playlist id'),
  scheduleId: z.uuid('scheduleId must be a schedule id'),
});
const SlugParams = z.object({ slug: z.string().max(200) });
const errors = errorResponses(400, 401, 403, 404, 409);
export async function playlistsRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.get(
    '/api/playlists',
    {
      ...doc('Playlists with published items, the calendar journey first (at most 100)', {
        response: { 200: z.array(PlaylistSummarySchema) },
      }),
      config: {
        policy: {
          access: 'public',
          premium: { none: 'playlist summaries: titles and published item counts, no items' },
        },
      },
    },
    async () => listPublishedPlaylists(db),
  );

  api.get(
    '/api/playlists/:slug',
    {
      ...doc(null, {
        params: SlugParams,
        response: { 200: PlaylistSchema, 404: ErrorBodySchema },
      }),
      config: { policy: { access: 'viewer', premium: 'items' } },
    },
    async (request) => getPlaylistBySlug(db, request.params.slug, await getViewerAccess(request)),
  );

  api.post(
    '/api/playlists/:slug/follow',
    {
      ...doc('Follow a playlist: hear when a new item is added (idempotent)', {
        params: SlugParams,
        response: { 200: PlaylistFollowSchema, ...errors },
      }),
      config: {
        policy: {
          access: 'member',
          premium: { none: 'whether the member follows, and a follower count' },
          limit: 'reaction',
        },
      },
    },
    async (request) => setPlaylistFollow(db, request.params.slug, await requireMemberAccess(request), true),
  );

  api.delete(
    '/api/playlists/:slug/follow',
    {
      ...doc('Stop following a playlist (idempotent)', {
        params: SlugParams,
        response: { 200: PlaylistFollowSchema, ...errors },
      }),
      config: {
        policy: {
          access: 'member',
          premium: { none: 'whether the member follows, and a follower count' },
          limit: 'reaction',
        },
      },
    },
    async (request) => setPlaylistFollow(db, request.params.slug, await requireMemberAccess(request), false),
  );

  api.post(
    '/api/playlists/:slug/enrolment',
    {
      ...doc('Enrol in a course: its lessons open from now, as its drip says (idempotent)', {
        params: SlugParams,
        response: { 200: CourseEnrolmentSchema, ...errors },
      }),
      config: {
        policy: { access: 'member', premium: { none: 'the date the member enrolled' }, limit: 'reaction' },
      },
    },
    async (request) => enrolInCourse(db, request.params.slug, await requireMemberAccess(request)),
  );

  api.get(
    '/api/admin/playlists',
    {
      ...doc('All playlists (admin)', {
        response: { 200: z.array(PlaylistSummarySchema), ...errors },
      }),
      config: {
        policy: {
          access: 'admin',
          premium: { none: 'playlist summaries: titles and item counts, no items' },
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listPlaylists(db);
    },
  );

  adminWriteRoutes(api, doc, '/api/admin/playlists', {
    name: 'a playlist',
    idParams: IdParams,
    input: PlaylistInputSchema,
    output: PlaylistSchema,
    errors,
    create: (body, admin) => createPlaylist(db, body, toViewerAccess(admin)),
    update: (id, body, admin) => updatePlaylist(db, id, body, toViewerAccess(admin)),
    remove: (id) => deletePlaylist(db, id),
    premium: 'items',
  });

  api.put(
    '/api/admin/playlists/:id/items',
    {
      ...doc("Replace a playlist's items (admin)", {
        params: IdParams,
        body: PlaylistItemsInputSchema,
        response: { 200: PlaylistSchema, ...errors },
      }),
      config: { policy: { access: 'admin', premium: 'items', limit: 'admin' } },
    },
    async (request) =>
      setPlaylistItems(db, request.params.id, request.body, toViewerAccess(await requireAdmin(request))),
  );

  // Monthly journeys: a calendar playlist's days, scheduled by month (journeys.service.ts).
  api.get(
    '/api/journeys/month',
    {
      ...doc(
        "The scheduled journeys' days of a month, on the member's own dates (default: their current month)",
        {
          querystring: JourneyMonthQuerySchema,
          response: { 200: JourneyMonthSchema, ...errors },
        },
      ),
      config: { policy: { access: 'viewer', premium: 'items' } },
    },
    async (request) => getJourneyMonth(db, await getViewerAccess(request), request.query),
  );

  api.get(
    '/api/admin/playlists/:id/schedules',
    {
      ...doc("A journey's schedules (admin)", {
        params: IdParams,
        response: { 200: z.array(JourneyScheduleSchema), ...errors },
      }),
      config: {
        policy: { access: 'admin', premium: { none: "a journey's schedules: months only, no items" } },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listJourneySchedules(db, request.params.id);
    },
  );

  api.post(
    '/api/admin/playlists/:id/schedules',
    {
      ...doc('Schedule a journey for one month or every month from a start month (admin)', {
        params: IdParams,
        body: JourneyScheduleInputSchema,
        response: { 201: JourneyScheduleSchema, ...errors },
      }),
      config: {
        policy: {
          access: 'admin',
          premium: { none: 'answers the new schedule: months only, no items' },
          limit: 'admin',
        },
      },
    },
    async (request, reply) => {
      const admin = toViewerAccess(await requireAdmin(request));
      return reply.status(201).send(await addJourneySchedule(db, request.params.id, request.body, admin));
    },
  );

  api.delete(
    '/api/admin/playlists/:id/schedules/:scheduleId',
    {
      ...doc("Remove one of a journey's schedules (admin)", {
        params: ScheduleParams,
        response: { 204: z.null(), ...errors },
      }),
      config: {
        policy: { access: 'admin', premium: { none: 'answers 204 without a body' }, limit: 'admin' },
      },
    },
    async (request, reply) => {
      const admin = toViewerAccess(await requireAdmin(request));
      await deleteJourneySchedule(db, request.params.id, request.params.scheduleId, admin);
      return reply.status(204).send(null);
    },
  );
}
