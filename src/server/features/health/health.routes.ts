import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '../../lib/version.ts';
import { getSessionUser } from '../../plugins/auth.ts';
import type { HealthProbe, ReadinessCheck } from './health.service.ts';

const HEALTH_OK_BODY = JSON.stringify({ status: 'ok' });

export async function healthRoutes(
  app: FastifyInstance,
  options: {
    probe: HealthProbe;
    readiness: ReadinessCheck;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: "Liveness and database check; an admin's request also gets the running version",
        response: {
          200: z.object({ status: z.literal('ok'), version: z.string().optional() }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
      // Polled by load balancers (and benchmarked against a bare node:http server), which send no
      // cookie: once Fastify has answered it healthy, the HTTP server repeats those bytes to such
      // requests while the database check is fresh (src/server/edge/early-answers.ts). A request
      // with a session goes through Fastify: an admin's answer also names the running version.
      config: {
        policy: {
          access: 'viewer',
          premium: { none: 'database health only' },
          earlyAnswer: {
            url: '/api/health',
            for: 'visitors',
            isCurrent: () => options.probe.isFreshlyHealthy(),
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await options.probe.check())) return reply.status(503).send({ status: 'unavailable' as const });
      if (request.headers.cookie && (await getSessionUser(request))?.isAdmin) {
        return { status: 'ok' as const, version: APP_VERSION };
      }
      // Everyone else's healthy answer is always the same bytes: sent as they are, no serializer work.
      return reply
        .type('application/json; charset=utf-8')
        .send(HEALTH_OK_BODY as unknown as { status: 'ok' });
    },
  );

  // Readiness, for a load balancer or an orchestrator deciding whether to send traffic here (and
  // an operator's monitor): the reasons say what to fix. Liveness stays `/api/health`, above.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: database, job queue and free disk',
        response: {
          200: z.object({ ok: z.literal(true) }),
          503: z.object({ ok: z.literal(false), reasons: z.array(z.string()) }),
        },
      },
      config: { policy: { access: 'public', premium: { none: 'readiness reasons only' } } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const reasons = await options.readiness();
      if (reasons.length === 0) return { ok: true as const };
      return reply.status(503).send({ ok: false as const, reasons });
    },
  );
}
