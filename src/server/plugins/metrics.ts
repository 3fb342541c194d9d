import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound, unauthorized } from '../lib/errors.ts';
import type { AppMetrics } from '../lib/metrics.ts';

/**
 * `GET /metrics` in Prometheus text format (lib/metrics.ts: prom-client), for an operator's
 * scraper. Only with METRICS_TOKEN set, and only for `Authorization: Bearer <token>`; unset, the
 * route answers 404 like any unknown path, and requests are not timed at all (README, "Monitoring").
 */
const sameSecret = (given: string, expected: string) =>
  // Hashing first gives equal lengths, so the comparison takes the same time for any input.
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

type Observer = { observe: (value: number) => void };

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { token: string | undefined; metrics: AppMetrics }) => {
    const { token, metrics } = options;
    if (token) {
      metrics.collectProcessMetrics();
      // Each (method, status, route) series is looked up by a plain string key: prom-client's
      // `labels()` hashes its label object, which a busy route should not pay on every response.
      const seriesByKey = new Map<string, Observer>();
      app.addHook('onResponse', (request, reply, done) => {
        // The route's pattern (`/api/content/:id`), never the raw URL: one series per route.
        const route = request.routeOptions.url ?? 'unmatched';
        const key = `${request.method} ${reply.statusCode} ${route}`;
        let series = seriesByKey.get(key);
        if (!series) {
          series = metrics.httpRequestDuration.labels(request.method, route, String(reply.statusCode));
          seriesByKey.set(key, series);
        }
        series.observe(reply.elapsedTime / 1000);
        done();
      });
    }

    app.get(
      '/metrics',
      {
        schema: { hide: true },
        config: {
          policy: {
            access: { credential: "the scraper's bearer token (METRICS_TOKEN)" },
            premium: { none: 'Prometheus counters for a scraper; 404 without METRICS_TOKEN' },
          },
        },
      },
      async (request, reply) => {
        if (!token) throw notFound(`${request.method} /metrics`);
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!given || !sameSecret(given, token)) {
          reply.header('www-authenticate', 'Bearer');
          throw unauthorized();
        }
        return reply
          .header('cache-control', 'no-store')
          .type(metrics.registry.contentType)
          .send(await metrics.registry.metrics());
      },
    );
  },
  { name: 'metrics' },
);
