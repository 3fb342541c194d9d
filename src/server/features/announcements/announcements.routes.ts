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
import { adminWriteRoutes } from '../../plugins/admin-writes.ts';
import { getSessionUser } from '../../plugins/auth.ts';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from './announcements.service.ts';

const doc = routeDocs('announcements');
const IdParams = z.object({ id: z.uuid('id must be an announcement id') });

/** The home page's 'What's New' and the admin's announcements screen. */
export async function announcementsRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.get(
    '/api/announcements',
    {
      ...doc('Announcements, pinned first then newest (published ones; admins also get drafts)', {
        querystring: AnnouncementListQuerySchema,
        response: { 200: z.array(AnnouncementSchema), 400: ErrorBodySchema },
      }),
      config: {
        policy: { access: 'viewer', premium: { none: 'announcements link out by URL; they embed no items' } },
      },
    },
    async (request, reply) => {
      const viewer = await getSessionUser(request);
      const page = await listAnnouncements(db, { includeDrafts: viewer?.isAdmin === true, ...request.query });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.announcements;
    },
  );

  adminWriteRoutes(api, doc, '/api/announcements', {
    name: 'an announcement',
    idParams: IdParams,
    input: AnnouncementInputSchema,
    output: AnnouncementSchema,
    errors: errorResponses(400, 401, 403, 404),
    create: (body, admin) => createAnnouncement(db, admin.id, body),
    update: (id, body) => updateAnnouncement(db, id, body),
    remove: (id) => deleteAnnouncement(db, id),
    premium: { none: 'the announcement written' },
  });
}
