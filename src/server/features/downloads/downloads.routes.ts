import { DownloadGrantSchema } from '@shared/schemas/downloads.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import { grantDownload } from './downloads.service.ts';

const IdParams = z.object({ id: z.uuid('id must be a content id') });

export async function downloadsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  api.post(
    '/api/videos/:id/download',
    {
      schema: {
        tags: ['library'],
        summary: 'A short-lived link to save an item for offline listening (premium members, admins)',
        params: IdParams,
        response: {
          200: DownloadGrantSchema,
          ...errorResponses(400, 401, 403, 404, 409),
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
