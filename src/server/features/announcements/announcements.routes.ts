import { AnnouncementSchema } from '@shared/schemas/announcements.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The home page's 'What's New' feed. The announcements table and its admin screens arrive with
 * the announcements issue; until then there is nothing to list.
 */
export async function announcementsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/announcements',
    {
      schema: {
        tags: ['announcements'],
        summary: 'Published announcements, pinned first then newest',
        response: { 200: z.array(AnnouncementSchema) },
      },
    },
    async () => [],
  );
}
