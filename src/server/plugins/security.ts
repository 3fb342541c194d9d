import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

/** Methods that only read; every other method is a write and carries the Origin check. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes (as registered) called by servers, not browsers: authenticated by a signature instead. */
const ORIGIN_EXEMPT_ROUTES = new Set(['/api/stripe/webhook']);

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: { config: Config; connectOrigins?: string[]; mediaOrigins?: string[] },
  ) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // Signed media may be played from the bucket (presigned GET) or the operator's CDN.
          mediaSrc: ["'self'", 'blob:', 'https:', ...(options.mediaOrigins ?? [])],
          // Uploads go straight to the bucket when S3 is configured.
          connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
          frameSrc: ["'self'"],
          // The service worker and the web app manifest (docs/decisions/022).
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          ...(options.config.isProduction && options.config.publicUrl.startsWith('https:')
            ? { upgradeInsecureRequests: [] }
            : {}),
        },
      },
      strictTransportSecurity: options.config.publicUrl.startsWith('https:')
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });

    // A write must come from our own pages (ARCHITECTURE.md: Origin equal to PUBLIC_URL). A foreign
    // Origin is refused even without cookies (no login CSRF); a missing one only where no cookie rides.
    // Every write is checked, whatever its path; the one exemption is decided on the route the
    // router matched, never on the raw URL, which the router decodes first (`/%61pi/...` is
    // `/api/...`) — decision 015, security.test.ts walks the spellings.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (ORIGIN_EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return;
      const origin = request.headers.origin;
      if (origin === undefined && !request.headers.cookie) return;
      if (origin !== options.config.publicUrl) {
        throw new AppError(403, 'This request did not come from Stillpoint.', 'INVALID_ORIGIN');
      }
    });
  },
  { name: 'security' },
);
