import { SearchQuerySchema, SearchResultSchema } from '@shared/schemas/search.ts';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/errors.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireMemberAccess } from '../../plugins/auth.ts';
import { search } from './search.service.ts';

const doc = routeDocs('search');

export async function searchRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.get(
    '/api/search',
    {
      ...doc('Members search the library and the forums; each section newest first, in cursor pages', {
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, ...errorResponses(400, 401) },
      }),
      config: { policy: { access: 'member', premium: 'items' } },
    },
    async (request, reply) => {
      const result = await search(db, request.query, await requireMemberAccess(request));
      // One section's page also carries its next cursor in `x-next-cursor`, as every paged list
      // does (decision 006); both sections at once carry theirs in `nextCursors`.
      const section = request.query.section;
      const next = section ? result.nextCursors[section] : null;
      if (next) reply.header('x-next-cursor', next);
      return result;
    },
  );
}
