import { DownloadGrantSchema } from '@shared/schemas/downloads.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireMember } from '../../plugins/auth.ts';
import { grantDownload } from './downloads.service.ts';

const doc = routeDocs('library');

const IdParams = z.object({ id: z.uuid('id must be a content id') });

export async function downloadsRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.post(
    '/api/videos/:id/download',
    {
      ...doc('A short-lived link to save an item for offline listening (premium members, admins)', {
        params: IdParams,
        response: {
          200: DownloadGrantSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      config: {
        policy: {
          access: 'member',
          premium: { none: 'a short-lived file link for entitled members; no item text' },
          limit: 'reaction',
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireMember(request);
      reply.header('cache-control', 'no-store');
      return grantDownload(db, { storage: app.storage, signer: app.mediaSigner }, request.params.id, viewer);
    },
  );
}
