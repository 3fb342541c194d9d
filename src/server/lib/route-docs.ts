import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Where a feature's routes start: the zod-typed registrar and the database. */
export function featureRoutes(app: FastifyInstance) {
  return { api: app.withTypeProvider<ZodTypeProvider>(), db: app.database.db };
}

/**
 * The documented contract of one feature's routes. `const doc = routeDocs('practice')`, then
 * `doc('Record a session', { body, response })` is the route option
 * `{ schema: { tags: ['practice'], summary: 'Record a session', body, response } }`: the tag is
 * written once per feature, the rest of each route's schema stays at the route, and the OpenAPI
 * document is the same as with the object written out (route-docs.test.ts). `null` leaves the
 * summary out.
 */
export function routeDocs(tag: string) {
  const tags = [tag];
  return <const S extends Omit<FastifySchema, 'tags' | 'summary'>>(summary: string | null, schema: S) => ({
    schema: { tags, ...(summary === null ? {} : { summary }), ...schema },
  });
}
