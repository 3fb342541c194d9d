import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { invalidOrigin } from '../lib/errors.ts';

/** Methods that only read; every other method is a write and carries the Origin check. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes (as registered) called by servers, not browsers: authenticated by a signature instead. */
const ORIGIN_EXEMPT_ROUTES = new Set(['/api/stripe/webhook']);

/**
 * Helmet's headers for these options, worked out once. @fastify/helmet rebuilt helmet's
 * middleware (parsing and validating every CSP directive) on each request; the answer depends
 * only on the configuration, so it is computed at start and copied onto each response
 * (docs/decisions/042).
 */
export function securityHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, [string, string]>();
  const response = {
    setHeader: (name: string, value: string | number) =>
      headers.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers.values()];
}

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: { config: Config; connectOrigins?: string[]; mediaOrigins?: string[] },
  ) => {
    const headers = securityHeaders({
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
    // Given to the reply (written with its own headers by one writeHead, validated once there)
    // rather than set one by one on the raw response, which validated and stored each again.
    const headerObject = Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headerObject);
      done();
    });

    // A write must come from our own pages (docs/architecture.md, "Contracts": Origin equal to PUBLIC_URL). A foreign
    // Origin is refused even without cookies (no login CSRF); a missing one only where no cookie rides.
    // Every write is checked, whatever its path; the one exemption is decided on the route the
    // router matched, never on the raw URL, which the router decodes first (`/%61pi/...` is
    // `/api/...`) — decision 015, security.test.ts walks the spellings.
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      if (ORIGIN_EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return done();
      const origin = request.headers.origin;
      if (origin === undefined && !request.headers.cookie) return done();
      if (origin !== options.config.publicUrl) {
        return done(invalidOrigin());
      }
      done();
    });
  },
  { name: 'security' },
);
