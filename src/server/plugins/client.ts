import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE_PREFIX } from '../features/auth/auth.service.ts';

/** Written by the build at the root of the client (vite.config.ts, `installableApp`). */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Serves the built client: hashed assets cached for a year, index.html (never cached) for every
 * client route. `/api/*` never gets index.html: unknown API paths are JSON 404s.
 */
export const clientPlugin = fp(
  async (app: FastifyInstance, options: { clientDir: string | undefined }) => {
    const clientDir = options.clientDir;
    const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
    const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
    // The pre-rendered landing page (vite.config.ts): for '/' without a session, so it paints
    // before the JavaScript arrives. A member gets index.html, which renders their home.
    const hasLanding = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'landing.html'));
    const sessionCookie = `${SESSION_COOKIE_PREFIX}.session_token=`;

    if (hasClient && clientDir) {
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (vite.config.ts).
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const name = path.basename(filePath);
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (name === SERVICE_WORKER_FILE) {
            // The browser must see a new worker as soon as it is deployed (decision 022).
            res.header('cache-control', 'no-cache, max-age=0');
            res.header('service-worker-allowed', '/');
          } else {
            res.header('cache-control', 'no-cache');
          }
          if (name.startsWith('manifest.webmanifest')) {
            res.header('content-type', 'application/manifest+json; charset=utf-8');
          }
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !pathname.startsWith('/assets/') &&
        // A missing worker must be a 404, never the HTML shell (the browser would refuse it anyway).
        pathname !== `/${SERVICE_WORKER_FILE}`;
      if (wantsPage && hasClient) {
        reply.header('cache-control', 'no-cache');
        if (pathname === '/') {
          reply.header('vary', 'Cookie');
          if (hasLanding && !request.headers.cookie?.includes(sessionCookie)) {
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
