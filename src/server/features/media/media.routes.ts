import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidMediaLink, notFound, privateObject, unauthorized } from '../../lib/errors.ts';
import { type ByteRange, isPublicImageType, isValidObjectKey } from '../../lib/storage/storage.ts';
import { getSessionUser } from '../../plugins/auth.ts';

/** Parses a single `bytes=` range; 'unsatisfiable' answers 416, null serves the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // multiple or malformed ranges: the whole file is a valid answer
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const KeyParams = z.object({ '*': z.string() });

export async function mediaRoutes(
  app: FastifyInstance,
  options: { mediaCdnBaseUrl?: string | undefined } = {},
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function sendObject(request: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string) {
    const rangeHeader = request.headers.range;
    const object = await app.storage.stat(key);
    if (!object) throw notFound('File');
    reply.header('accept-ranges', 'bytes');
    const range = parseRange(rangeHeader, object.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${object.size}`);
      return reply
        .status(416)
        .send({ message: 'The requested range is outside the file.', code: 'RANGE_NOT_SATISFIABLE' });
    }
    reply.header('content-type', object.contentType);
    reply.header('cache-control', cacheControl);
    const file = app.storage.localFile?.(key);
    if (file) {
      // Files on disk go through @fastify/send: ETag and Last-Modified, 304 for If-None-Match and
      // If-Modified-Since, Range and If-Range, and a file stream the app never buffers.
      const sent = await send(request.raw, file.path, {
        root: file.root,
        acceptRanges: true,
        cacheControl: false,
        contentType: false,
        etag: true,
        lastModified: true,
        dotfiles: 'deny',
        index: false,
      });
      if (sent.type === 'error') throw notFound('File');
      return reply.status(sent.statusCode).headers(sent.headers).send(sent.stream);
    }
    reply.header('last-modified', object.lastModified.toUTCString());
    if (range) {
      reply.status(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
      reply.header('content-length', range.end - range.start + 1);
      return reply.send(await app.storage.read(key, range));
    }
    reply.header('content-length', object.size);
    return reply.send(await app.storage.read(key));
  }

  // Private audio and video: only through a signed, unexpired link (GET /api/videos/{id}/signed-url).
  api.get(
    '/media/*',
    {
      schema: {
        hide: true,
        params: KeyParams,
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
      },
      config: {
        policy: {
          access: { credential: 'a signed, unexpired media link (GET /api/videos/:id/signed-url)' },
          premium: { none: 'media bytes behind a signed link (the signed-URL route checks premium)' },
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (
        !isValidObjectKey(key) ||
        !app.mediaSigner.verify(key, request.query.expires, request.query.signature)
      ) {
        throw invalidMediaLink();
      }
      // The browser may reuse the bytes only while the link itself is valid; so may the operator's
      // CDN, whose cache key is the whole signed link.
      const secondsLeft = Math.max(0, Number(request.query.expires) - Math.floor(Date.now() / 1000));
      const scope = options.mediaCdnBaseUrl ? 'public' : 'private';
      // Pages on PUBLIC_URL play it from the CDN's origin: another origin, so the default
      // same-origin resource policy would block the audio and video elements.
      if (options.mediaCdnBaseUrl) reply.header('cross-origin-resource-policy', 'cross-origin');
      return sendObject(request, reply, key, `${scope}, max-age=${secondsLeft}`);
    },
  );

  // Uploaded images are public; every other object needs a signed media link.
  api.get(
    '/objects/*',
    {
      schema: { hide: true, params: KeyParams },
      config: { policy: { access: 'viewer', premium: { none: 'public images' } } },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isValidObjectKey(key)) throw notFound('File');
      const object = await app.storage.stat(key);
      if (!object) throw notFound('File');
      if (!isPublicImageType(object.contentType)) {
        if (!(await getSessionUser(request))) throw unauthorized();
        throw privateObject();
      }
      return sendObject(request, reply, key, 'public, max-age=31536000, immutable');
    },
  );
}
