import { type ContentItem, ContentItemSchema } from '@shared/schemas/content.ts';
import {
  type ForumHit,
  ForumHitSchema,
  SearchQuerySchema,
  SearchResultSchema,
} from '@shared/schemas/search.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { sendJsonBytes, serializedOnce } from '../../lib/json-bytes.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireMemberAccess } from '../../plugins/auth.ts';
import { search } from './search.service.ts';

const doc = routeDocs('search');

export async function searchRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);
  // Each section's hits are shared for a few seconds (search.service.ts), so their bytes are too
  // (lib/json-bytes.ts): a busy search is encoded once, not once per member.
  const contentJson = serializedOnce<ContentItem[]>(z.array(ContentItemSchema), '/api/search');
  const postsJson = serializedOnce<ForumHit[]>(z.array(ForumHitSchema), '/api/search');

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
      // The bytes SearchResultSchema's serialiser would write, its keys in the schema's order.
      const { content, posts } = result.nextCursors;
      return sendJsonBytes(
        reply,
        Buffer.concat([
          Buffer.from('{"content":'),
          contentJson(result.content),
          Buffer.from(',"posts":'),
          postsJson(result.posts),
          Buffer.from(`,"nextCursors":${JSON.stringify({ content, posts })}}`),
        ]),
      );
    },
  );
}
