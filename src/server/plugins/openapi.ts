import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the route schemas; the browsable UI is for development. */
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
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
