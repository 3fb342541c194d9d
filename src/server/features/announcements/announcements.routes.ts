import {
  AnnouncementInputSchema,
  AnnouncementListQuerySchema,
  AnnouncementSchema,
} from '@shared/schemas/announcements.ts';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content.ts';
import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { getSessionUser, requireAdmin } from '../../plugins/auth.ts';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from './announcements.service.ts';

const doc = routeDocs('announcements');
const IdParams = z.object({ id: z.uuid('id must be an announcement id') });
const writeErrors = errorResponses(400, 401, 403, 404);

/** The home page's 'What's New' and the admin's announcements screen. */
export async function announcementsRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.get(
    '/api/announcements',
    doc('Announcements, pinned first then newest (published ones; admins also get drafts)', {
      querystring: AnnouncementListQuerySchema,
      response: { 200: z.array(AnnouncementSchema), 400: ErrorBodySchema },
    }),
    async (request, reply) => {
      const viewer = await getSessionUser(request);
      const page = await listAnnouncements(db, { includeDrafts: viewer?.isAdmin === true, ...request.query });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.announcements;
    },
  );

  api.post(
    '/api/announcements',
    doc(null, {
      body: AnnouncementInputSchema,
      response: { 201: AnnouncementSchema, ...writeErrors },
    }),
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(await createAnnouncement(db, admin.id, request.body));
    },
  );

  api.put(
    '/api/announcements/:id',
    doc(null, {
      params: IdParams,
      body: AnnouncementInputSchema,
      response: { 200: AnnouncementSchema, ...writeErrors },
    }),
    async (request) => {
      await requireAdmin(request);
      return updateAnnouncement(db, request.params.id, request.body);
    },
  );

  api.delete(
    '/api/announcements/:id',
    doc(null, { params: IdParams, response: { 204: z.null(), ...writeErrors } }),
    async (request, reply) => {
      await requireAdmin(request);
      await deleteAnnouncement(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
