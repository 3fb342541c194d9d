import {
  type Comment,
  CommentSchema,
  CreateCommentInputSchema,
  CreatePostInputSchema,
  ForumInputSchema,
  ForumSchema,
  LikeToggleResponseSchema,
  MentionableQuerySchema,
  MentionableSchema,
  PageQuerySchema,
  PinInputSchema,
  type Post,
  PostSchema,
} from '@shared/schemas/community.ts';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content.ts';
import {
  FlagInputSchema,
  FlagResultSchema,
  UpdateCommentInputSchema,
  UpdatePostInputSchema,
} from '@shared/schemas/moderation.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/errors.ts';
import { sendJsonBytes, serializedOnce } from '../../lib/json-bytes.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { getSessionUser, requireAdmin, requireMember, requireModerator } from '../../plugins/auth.ts';
import {
  createComment,
  deleteComment,
  listComments,
  toggleCommentLike,
  updateComment,
} from './comments.service.ts';
import {
  createForum,
  deleteForum,
  getForumRowBySlug,
  listForums,
  toForum,
  updateForum,
} from './forums.service.ts';
import { listMentionable } from './mentions.ts';
import { assertNotMuted, flagItem, needsReview } from './moderation.service.ts';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  setPostPinned,
  togglePostLike,
  updatePost,
} from './posts.service.ts';

const IdParams = z.object({ id: z.uuid('id is not valid') });
const SlugParams = z.object({ slug: z.string().min(1).max(200) });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['community'];

/** A member who may write in the community: signed in (401) and not muted (403 MUTED). */
async function requireWriter(request: FastifyRequest) {
  const user = await requireMember(request);
  assertNotMuted(user);
  return user;
}

export async function communityRoutes(app: FastifyInstance, options: { config: Config; mailer: Mailer }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { mailer, config } = options;
  // The shared pages' bytes, by the routes' own response schemas (lib/json-bytes.ts).
  const postsJson = serializedOnce<Post[]>(z.array(PostSchema), '/api/forums/:slug/posts');
  const commentsJson = serializedOnce<Comment[]>(z.array(CommentSchema), '/api/posts/:id/comments');

  api.get(
    '/api/forums',
    {
      schema: {
        tags,
        summary: 'Forums with their counts (inactive ones for admins only)',
        response: { 200: z.array(ForumSchema) },
      },
    },
    async (request) => listForums(db, await getSessionUser(request)),
  );

  api.get(
    '/api/forums/:slug',
    { schema: { tags, params: SlugParams, response: { 200: ForumSchema, ...errors } } },
    async (request) =>
      toForum(await getForumRowBySlug(db, request.params.slug, await getSessionUser(request))),
  );

  api.get(
    '/api/forums/:slug/posts',
    {
      schema: {
        tags,
        summary: 'Posts, pinned first then newest, with 150-character previews; next page in x-next-cursor',
        params: SlugParams,
        querystring: PageQuerySchema,
        response: { 200: z.array(PostSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await getSessionUser(request);
      const page = await listPosts(db, request.params.slug, request.query, viewer);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      // A visitor gets the shared page as it is: its bytes are worked out once per cache entry.
      if (!viewer) return sendJsonBytes(reply, postsJson(page.posts));
      return page.posts;
    },
  );

  api.post(
    '/api/forums/:slug/posts',
    {
      schema: {
        tags,
        params: SlugParams,
        body: CreatePostInputSchema,
        response: { 200: PostSchema, 201: PostSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireWriter(request);
      const { post, created } = await createPost(db, request.params.slug, request.body, viewer, {
        holdForReview: needsReview(
          viewer,
          [request.body.title, request.body.content],
          config.newAccountHours,
        ),
      });
      // 201 for a new post; 200 for a retry of one already made (same client-chosen id).
      return reply.status(created ? 201 : 200).send(post);
    },
  );

  api.post(
    '/api/forums',
    {
      schema: {
        tags,
        summary: 'Create a forum (admin)',
        body: ForumInputSchema,
        response: { 201: ForumSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.status(201).send(await createForum(db, request.body));
    },
  );

  api.put(
    '/api/forums/:id',
    { schema: { tags, params: IdParams, body: ForumInputSchema, response: { 200: ForumSchema, ...errors } } },
    async (request) => {
      await requireAdmin(request);
      return updateForum(db, request.params.id, request.body);
    },
  );

  api.delete('/api/forums/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await requireAdmin(request);
    await deleteForum(db, request.params.id);
    return reply.status(204).send();
  });

  api.get(
    '/api/forums/:id/mentionable',
    {
      schema: {
        tags,
        summary: "People to mention while writing: the thread's, then the forum's recent posters (at most 8)",
        params: IdParams,
        querystring: MentionableQuerySchema,
        response: { 200: z.array(MentionableSchema), ...errors },
      },
    },
    async (request) => listMentionable(db, request.params.id, request.query, await requireMember(request)),
  );

  api.get(
    '/api/posts/:id',
    { schema: { tags, params: IdParams, response: { 200: PostSchema, ...errors } } },
    async (request) => getPost(db, request.params.id, await getSessionUser(request)),
  );

  api.delete('/api/posts/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await deletePost(db, request.params.id, await requireWriter(request));
    return reply.status(204).send();
  });

  api.post(
    '/api/posts/:id/like',
    {
      schema: {
        tags,
        summary: 'Like or unlike a post',
        params: IdParams,
        response: { 200: LikeToggleResponseSchema, ...errors },
      },
    },
    async (request) => togglePostLike(db, request.params.id, await requireWriter(request)),
  );

  api.put(
    '/api/posts/:id/pin',
    {
      schema: {
        tags,
        summary: 'Pin or unpin a post (moderators and admins)',
        params: IdParams,
        body: PinInputSchema,
        response: { 200: PostSchema, ...errors },
      },
    },
    async (request) =>
      setPostPinned(db, request.params.id, request.body.isPinned, await requireModerator(request)),
  );

  api.get(
    '/api/posts/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comments, oldest first; next page in x-next-cursor',
        params: IdParams,
        querystring: PageQuerySchema,
        response: { 200: z.array(CommentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await getSessionUser(request);
      const page = await listComments(db, request.params.id, request.query, viewer);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      if (!viewer) return sendJsonBytes(reply, commentsJson(page.comments));
      return page.comments;
    },
  );

  api.post(
    '/api/posts/:id/comments',
    {
      schema: {
        tags,
        params: IdParams,
        body: CreateCommentInputSchema,
        response: { 201: CommentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireWriter(request);
      const holdForReview = needsReview(viewer, [request.body.content], config.newAccountHours);
      return reply
        .status(201)
        .send(await createComment(db, request.params.id, request.body, viewer, { holdForReview }));
    },
  );

  api.delete('/api/comments/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteComment(db, request.params.id, await requireWriter(request));
    return reply.status(204).send();
  });

  api.post(
    '/api/comments/:id/like',
    {
      schema: {
        tags,
        summary: 'Like or unlike a comment',
        params: IdParams,
        response: { 200: LikeToggleResponseSchema, ...errors },
      },
    },
    async (request) => toggleCommentLike(db, request.params.id, await requireWriter(request)),
  );

  api.put(
    '/api/posts/:id',
    {
      schema: {
        tags,
        summary: 'Edit your own post (the earlier version is kept for moderators)',
        params: IdParams,
        body: UpdatePostInputSchema,
        response: { 200: PostSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await requireWriter(request);
      const holdForReview = needsReview(
        viewer,
        [request.body.title, request.body.content],
        config.newAccountHours,
      );
      return updatePost(db, request.params.id, request.body, viewer, { holdForReview });
    },
  );

  api.put(
    '/api/comments/:id',
    {
      schema: {
        tags,
        summary: 'Edit your own comment (the earlier version is kept for moderators)',
        params: IdParams,
        body: UpdateCommentInputSchema,
        response: { 200: CommentSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await requireWriter(request);
      const holdForReview = needsReview(viewer, [request.body.content], config.newAccountHours);
      return updateComment(db, request.params.id, request.body.content, viewer, { holdForReview });
    },
  );

  for (const kind of ['post', 'comment'] as const) {
    api.post(
      `/api/${kind}s/:id/flag`,
      {
        schema: {
          tags,
          summary: `Flag a ${kind} for the moderators (once per member)`,
          params: IdParams,
          body: FlagInputSchema,
          response: { 201: FlagResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const viewer = await requireWriter(request);
        const result = await flagItem(
          db,
          mailer,
          { kind, id: request.params.id, ...request.body, threshold: config.flagHideThreshold },
          viewer,
        );
        return reply.status(201).send(result);
      },
    );
  }
}
