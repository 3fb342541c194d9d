import {
  CreateUploadSchema,
  RegisteredUploadSchema,
  RegisterImageSchema,
  RegisterVideoSchema,
  UploadUrlSchema,
} from '@shared/schemas/uploads.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, invalidUploadUrl, notOffered } from '../../lib/errors.ts';
import { routeDocs } from '../../lib/route-docs.ts';
import { requireAdmin, requireMember } from '../../plugins/auth.ts';
import {
  createUpload,
  receiveLocalUpload,
  registerImage,
  registerMedia,
  type UploadQuota,
} from './uploads.service.ts';

const doc = routeDocs('uploads');
const errors = errorResponses(400, 401, 403, 404, 409, 410);

export async function uploadsRoutes(app: FastifyInstance, options: { quota: UploadQuota }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.database.db, storage: app.storage };

  api.post(
    '/api/objects/upload',
    {
      ...doc(
        "A single-use upload URL for a file of { size } bytes (PUT exactly that many there within 15 minutes; size is required with S3); members upload pictures up to 10 MB, admins also media; 413 past the per-file limit or the account's upload allowance",
        {
          body: CreateUploadSchema,
          response: {
            200: UploadUrlSchema,
            ...errorResponses(400, 401, 403, 413),
          },
        },
      ),
      config: { policy: { access: 'member', premium: { none: 'an upload URL' }, limit: 'upload' } },
    },
    async (request) => {
      const user = await requireMember(request);
      return createUpload(deps, user, request.body?.size, options.quota);
    },
  );

  api.put(
    '/api/uploaded-images',
    {
      ...doc('Register an uploaded image: JPEG, PNG, GIF or WebP up to 10 MB, re-encoded to WebP', {
        body: RegisterImageSchema,
        response: { 200: RegisteredUploadSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'an image path' }, limit: 'upload' } },
    },
    async (request) => {
      const user = await requireMember(request);
      return registerImage(deps, request.body.imageURL, user);
    },
  );

  api.put(
    '/api/uploaded-videos',
    {
      ...doc(
        'Register an uploaded video (up to 500 MB) or audio file (up to 100 MB); private. Answers with its duration in whole seconds, or null and a durationNote when its length cannot be read',
        {
          body: RegisterVideoSchema,
          response: { 200: RegisteredUploadSchema, ...errors },
        },
      ),
      config: { policy: { access: 'admin', premium: { none: 'a media path' }, limit: 'upload' } },
    },
    async (request) => {
      await requireAdmin(request);
      return registerMedia(deps, request.body.videoURL);
    },
  );

  // The local driver's upload target. The signature is the permission (no cookie needed, like an
  // S3 presigned URL); the body is streamed to disk as it arrives, never buffered whole.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/objects/uploads/:id',
      {
        schema: {
          hide: true,
          params: z.object({ id: z.uuid('invalid upload id') }),
          querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        },
        config: {
          policy: {
            access: {
              credential: 'a signed upload URL, made for an admin or member by POST /api/objects/upload',
            },
            premium: { none: 'an upload receipt' },
            limit: 'upload',
          },
        },
      },
      async (request, reply) => {
        const key = `uploads/${request.params.id}`;
        if (app.storage.driver !== 'local') throw notOffered('Uploads go to S3 on this server.');
        if (!app.uploadSigner.verify(key, request.query.expires, request.query.signature)) {
          throw invalidUploadUrl();
        }
        const length = request.headers['content-length'];
        await receiveLocalUpload(deps, request.params.id, request.raw, length ? Number(length) : undefined);
        return reply.status(200).send({ ok: true });
      },
    );
  });
}
