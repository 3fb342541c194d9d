import { SearchQuerySchema, SearchResultSchema } from '@shared/schemas/search.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import { search } from './search.service.ts';

export async function searchRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  api.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Members search the library and the forums; each section newest first, in cursor pages',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => search(db, request.query, await requireMember(request)),
  );
}
