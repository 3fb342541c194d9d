import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { acceptedEncoding } from './client.ts';

/** The document's bytes, made once: plain, brotli and gzip, with their ETag. */
type OpenApiDocument = { json: Buffer; br: Buffer; gzip: Buffer; etag: string };

/**
 * The OpenAPI document is generated from the route schemas; the browsable UI is for development.
 * The document is served to everyone, built once and sent compressed (docs/decisions/077): it
 * holds only schemas (no stored data), and generating ~1 MB of JSON per request was the cost.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, options: { withUi: boolean }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Stillpoint API', version: '1' },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'stillpoint.session_token' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    if (options.withUi) {
      await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    }
    // The routes are fixed once the app is ready, so the document is too: made on first request.
    let document: OpenApiDocument | undefined;
    const load = (): OpenApiDocument => {
      if (!document) {
        const json = Buffer.from(JSON.stringify(app.swagger()));
        document = {
          json,
          br: zlib.brotliCompressSync(json),
          gzip: zlib.gzipSync(json, { level: 9 }),
          etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
        };
      }
      return document;
    };
    app.get(
      '/api/openapi.json',
      {
        schema: { hide: true },
        config: {
          policy: {
            access: 'public',
            premium: { none: 'the generated document: schemas, no stored rows or examples' },
          },
        },
      },
      async (request, reply) => {
        const { json, br, gzip, etag } = load();
        reply
          .type('application/json; charset=utf-8')
          .header('etag', etag)
          .header('vary', 'Accept-Encoding')
          // Public and the same for everyone; a new release may change it, so caches ask again.
          .header('cache-control', 'public, max-age=300, must-revalidate');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        const encoding = acceptedEncoding(request);
        if (!encoding) return reply.send(json);
        return reply.header('content-encoding', encoding).send(encoding === 'br' ? br : gzip);
      },
    );
  },
  { name: 'openapi' },
);
