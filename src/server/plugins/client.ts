import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PlanPrice } from '@shared/schemas/subscription.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE_PREFIX } from '../features/auth/auth.service.ts';
import { createLandingPricer } from './landing-price.ts';

/**
 * Serves the built client: hashed assets cached for a year, index.html (never cached) for every
 * client route. `/api/*` never gets index.html: unknown API paths are JSON 404s.
 */
export const clientPlugin = fp(
  async (
    app: FastifyInstance,
    options: { clientDir: string | undefined; planPrice?: (() => Promise<PlanPrice>) | undefined },
  ) => {
    const clientDir = options.clientDir;
    const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
    const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
    // The pre-rendered landing page (vite.config.ts): for '/' without a session, so it paints
    // before the JavaScript arrives. A member gets index.html, which renders their home.
    const hasLanding = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'landing.html'));
    const sessionCookie = `${SESSION_COOKIE_PREFIX}.session_token=`;
    const pricedLanding =
      hasLanding && clientDir && options.planPrice
        ? createLandingPricer(path.join(clientDir, 'landing.html'), options.planPrice)
        : undefined;

    if (hasClient && clientDir) {
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (vite.config.ts).
        preCompressed: true,
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !pathname.startsWith('/assets/');
      if (wantsPage && hasClient) {
        reply.header('cache-control', 'no-cache');
        if (pathname === '/') {
          reply.header('vary', 'Cookie');
          if (hasLanding && !request.headers.cookie?.includes(sessionCookie)) {
            // The operator's price, when it is not the one the build rendered. If it cannot be
            // read now (Stripe unreachable), the built page goes out and the client corrects it.
            const priced = await pricedLanding?.().catch(() => null);
            if (priced) {
              const accepts = String(request.headers['accept-encoding'] ?? '');
              const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
              reply.header('vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
              if (encoding) reply.header('content-encoding', encoding);
              return reply.send(encoding ? priced[encoding] : priced.html);
            }
            return reply.type('text/html; charset=utf-8').sendFile('landing.html');
          }
        }
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      }
      if (wantsPage && !hasClient) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The Stillpoint client has not been built. Run `npm run build` (npm start does this for you).',
          );
      }
      return reply
        .status(404)
        .send({ message: `${request.method} ${pathname} not found`, code: 'NOT_FOUND' });
    });
  },
  { name: 'client' },
);
