import {
  AdminContentListQuerySchema,
  BulkContentInputSchema,
  BulkContentResultSchema,
} from '@shared/schemas/admin-content.ts';
import {
  ContentInputSchema,
  ContentItemSchema,
  ContentLanguagesSchema,
  ContentListQuerySchema,
  FavoriteSchema,
  FavoriteToggleResponseSchema,
  NEXT_CURSOR_HEADER,
  ProgressEntrySchema,
  ProgressInputSchema,
  SignedUrlResponseSchema,
} from '@shared/schemas/content.ts';
import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { toViewerAccess } from '../../lib/viewer.ts';
import { adminWriteRoutes } from '../../plugins/admin-writes.ts';
import { getViewerAccess, requireAdmin, requireMemberAccess } from '../../plugins/auth.ts';
import { applyBulkContentAction, listAdminContent } from './admin-content.service.ts';
import {
  contentListCache,
  contentSearchCache,
  createContent,
  deleteContent,
  getContent,
  getSignedMediaUrl,
  LANGUAGES_CACHE_KEY,
  listCacheKey,
  listContent,
  listContentLanguages,
  updateContent,
} from './content.service.ts';
import { listFavorites, toggleFavorite } from './favorites.service.ts';
import { listProgress, saveProgress } from './progress.service.ts';

const doc = routeDocs('library');

const IdParams = z.object({ id: z.uuid('id must be a content id') });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export async function libraryRoutes(
  app: FastifyInstance,
  options: { mediaCdnBaseUrl?: string | undefined } = {},
) {
  const { api, db } = featureRoutes(app);
  // Public list pages for a few seconds (docs/decisions/007-public-list-cache.md); writes clear it.
  const listCache = contentListCache(db);

  api.get(
    '/api/videos',
    {
      ...doc('Content items, newest first (or popular); next page cursor in x-next-cursor', {
        querystring: ContentListQuerySchema,
        response: { 200: z.array(ContentItemSchema), 400: ErrorBodySchema },
      }),
      config: {
        policy: {
          access: 'viewer',
          premium: 'items',
          // Every non-admin with the same access sees the same published list (premium texts are
          // teasers without access): the edge answers from the cache, keyed by the query and that
          // access. An admin's list holds drafts and is theirs alone.
          cache: {
            store: listCache,
            key: async (request) => {
              const viewer = await getViewerAccess(request);
              // Validated before the edge asks (its hook runs after validation).
              return viewer.role === 'admin'
                ? null
                : listCacheKey(request.query as z.output<typeof ContentListQuerySchema>, viewer);
            },
            keepHeaders: [NEXT_CURSOR_HEADER],
          },
          // Visitors' first page (no query) is the busiest read: while its cache entry is warm the
          // HTTP server sends it again without running Fastify (docs/decisions/054).
          earlyAnswer: { url: '/api/videos', for: 'visitors' },
        },
      },
    },
    async (request, reply) => {
      const page = await listContent(db, request.query, await getViewerAccess(request));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  // The languages the published library is in (issue 37): the library offers a language filter
  // when there are two or more. Shared by everyone, from the list cache (the same writes clear it).
  api.get(
    '/api/videos/languages',
    {
      ...doc('The languages published items are in (BCP 47 tags, at most 50), for the library filter', {
        response: { 200: ContentLanguagesSchema },
      }),
      config: {
        policy: {
          access: 'public',
          premium: { none: 'language tags of published items, no text of them' },
          cache: { store: listCache, key: () => LANGUAGES_CACHE_KEY },
        },
      },
    },
    async () => ({ languages: await listContentLanguages(db) }),
  );

  api.get(
    '/api/videos/:id',
    {
      ...doc(null, { params: IdParams, response: { 200: ContentItemSchema, ...errors } }),
      config: { policy: { access: 'viewer', premium: 'items' } },
    },
    async (request) => getContent(db, request.params.id, await getViewerAccess(request)),
  );

  adminWriteRoutes(api, doc, '/api/videos', {
    name: 'a content item',
    idParams: IdParams,
    input: ContentInputSchema,
    output: ContentItemSchema,
    errors,
    create: (body, admin) => createContent(db, body, toViewerAccess(admin)),
    update: (id, body, admin) => updateContent(db, id, body, toViewerAccess(admin)),
    remove: (id) => deleteContent(db, id),
    // The admin's writes change the list and the header search's library section: the edge
    // empties both caches after each one.
    clears: [listCache, contentSearchCache(db)],
    premium: 'items',
  });

  // The admin content table (issue 36): every item, drafts included, sorted and filtered.
  api.get(
    '/api/admin/content',
    {
      ...doc(
        'Every content item, drafts included, sorted and filtered (admin); next page cursor in x-next-cursor',
        {
          querystring: AdminContentListQuerySchema,
          response: { 200: z.array(ContentItemSchema), ...errors },
        },
      ),
      config: { policy: { access: 'admin', premium: 'items' } },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const page = await listAdminContent(db, request.query, toViewerAccess(admin));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  api.post(
    '/api/admin/content/bulk',
    {
      ...doc(
        'Publish, unpublish, make premium or free, or delete up to 100 items at once, all or none (admin); 404 when any id is not an item',
        { body: BulkContentInputSchema, response: { 200: BulkContentResultSchema, ...errors } },
      ),
      // Limited and clearing the same caches as the single writes (adminWriteRoutes).
      config: {
        policy: {
          access: 'admin',
          premium: { none: 'answers the action and the ids it changed' },
          limit: 'admin',
          clears: [listCache, contentSearchCache(db)],
        },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const result = await applyBulkContentAction(db, request.body);
      // The record of who changed what: single content writes leave none beyond the access log.
      request.log.info({ adminId: admin.id, action: result.action, ids: result.ids }, 'bulk content action');
      return result;
    },
  );

  api.get(
    '/api/videos/:id/signed-url',
    {
      ...doc('A playable URL and its expiry: a signed link to the file (10 minutes), or the stream (null)', {
        params: IdParams,
        response: { 200: SignedUrlResponseSchema, ...errors },
      }),
      config: {
        policy: { access: 'member', premium: { none: 'a media link only, refused without premium access' } },
      },
    },
    async (request, reply) => {
      const viewer = await requireMemberAccess(request);
      reply.header('cache-control', 'no-store');
      return getSignedMediaUrl(
        db,
        { storage: app.storage, signer: app.mediaSigner, cdnBaseUrl: options.mediaCdnBaseUrl },
        request.params.id,
        viewer,
      );
    },
  );

  api.get(
    '/api/user/favorites',
    {
      ...doc("The member's favourites, newest first", {
        response: { 200: z.array(FavoriteSchema), 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: 'items' } },
    },
    async (request) => listFavorites(db, await requireMemberAccess(request)),
  );

  api.post(
    '/api/user/favorites/:id',
    {
      ...doc('Toggle a favourite', {
        params: IdParams,
        response: { 200: FavoriteToggleResponseSchema, ...errors },
      }),
      config: {
        policy: { access: 'member', premium: { none: 'answers {isFavorite} only' }, limit: 'reaction' },
      },
    },
    async (request) => toggleFavorite(db, await requireMemberAccess(request), request.params.id),
  );

  api.get(
    '/api/progress',
    {
      ...doc('Unfinished items, most recently played first', {
        response: { 200: z.array(ProgressEntrySchema), 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: 'items' } },
    },
    async (request) => listProgress(db, await requireMemberAccess(request)),
  );

  api.put(
    '/api/progress/:id',
    {
      ...doc('Save the playback position of an item', {
        params: IdParams,
        body: ProgressInputSchema,
        response: { 200: ProgressEntrySchema.omit({ video: true }), ...errors },
      }),
      config: {
        policy: {
          access: 'member',
          premium: { none: 'answers the position without the item' },
          limit: 'progress',
        },
      },
    },
    async (request) => saveProgress(db, await requireMemberAccess(request), request.params.id, request.body),
  );
}
