import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { createHealthProbe } from './health.service.ts';

const OK = JSON.stringify({ status: 'ok' });

export async function healthRoutes(app: FastifyInstance, options: { db: Database }) {
  const healthy = createHealthProbe(options.db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // The healthy answer is always the same bytes: sent as they are, with no serializer work.
      if (await healthy())
        return reply.type('application/json; charset=utf-8').send(OK as unknown as { status: 'ok' });
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );
}
