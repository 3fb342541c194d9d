import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A route's own JSON serialiser (the response schema's encoding, then JSON.stringify, exactly as
 * Fastify would run it) applied once per shared value. A page shared between readers (the
 * community caches) is the same object for each of them, so its bytes are kept beside it, weakly:
 * they go when the page leaves the cache. Only for values that are never changed once shared.
 */
export function serializedOnce<T extends object>(schema: z.ZodType, url: string): (value: T) => Buffer {
  const serialize = serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' }) as (
    data: unknown,
  ) => string;
  const bytes = new WeakMap<T, Buffer>();
  return (value) => {
    let body = bytes.get(value);
    if (!body) {
      body = Buffer.from(serialize(value));
      bytes.set(value, body);
    }
    return body;
  };
}

/**
 * Sends JSON that is already serialised (a cache's bytes): Fastify sends a Buffer as it is, with
 * no serialiser and no string to measure or encode again.
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}
