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
  DeleteItemInputSchema,
  FlagInputSchema,
  FlagResultSchema,
  UpdateCommentInputSchema,
  UpdatePostInputSchema,
} from '@shared/schemas/moderation.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/errors.ts';
import { sendJsonBytes, serializedOnce } from '../../lib/json-bytes.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { adminWriteRoutes } from '../../plugins/admin-writes.ts';
import { getSessionUser, requireMember, requireModerator } from '../../plugins/auth.ts';
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
import { assertNotMuted, deleteOrRemoveItem, flagItem, needsReview } from './moderation.service.ts';
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
const doc = routeDocs('community');

/** A member who may write in the community: signed in (401) and not muted (403 MUTED). */
async function requireWriter(request: FastifyRequest) {
  const user = await requireMember(request);
  assertNotMuted(user);
  return user;
}

/**
 * A page of posts or comments: the next page's cursor in x-next-cursor; a visitor gets the shared
 * page as it is, its bytes worked out once per cache entry (`json`).
 */
function sendPage<T extends object>(
  reply: FastifyReply,
  viewer: Viewer,
  nextCursor: string | null,
  items: T,
  json: (items: T) => Buffer,
) {
  if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
  return viewer ? items : sendJsonBytes(reply, json(items));
}

export async function communityRoutes(app: FastifyInstance, options: { config: Config; mailer: Mailer }) {
  const { api, db } = featureRoutes(app);
  const { mailer, config } = options;
  // The shared pages' bytes, by the routes' own response schemas (lib/json-bytes.ts).
  const postsJson = serializedOnce<Post[]>(z.array(PostSchema), '/api/forums/:slug/posts');
  const commentsJson = serializedOnce<Comment[]>(z.array(CommentSchema), '/api/posts/:id/comments');

  api.get(
    '/api/forums',
    {
      ...doc('Forums with their counts (inactive ones for admins only)', {
        response: { 200: z.array(ForumSchema) },
      }),
      config: { policy: { access: 'viewer', premium: { none: 'forums' } } },
    },
    async (request) => listForums(db, await getSessionUser(request)),
  );

  api.get(
    '/api/forums/:slug',
    {
      ...doc(null, { params: SlugParams, response: { 200: ForumSchema, ...errors } }),
      config: { policy: { access: 'viewer', premium: { none: 'a forum' } } },
    },
    async (request) =>
      toForum(await getForumRowBySlug(db, request.params.slug, await getSessionUser(request))),
  );

  api.get(
    '/api/forums/:slug/posts',
    {
      ...doc('Posts, pinned first then newest, with 150-character previews; next page in x-next-cursor', {
        params: SlugParams,
        querystring: PageQuerySchema,
        response: { 200: z.array(PostSchema), ...errors },
      }),
      config: { policy: { access: 'viewer', premium: { none: "a forum's posts" } } },
    },
    async (request, reply) => {
      const viewer = await getSessionUser(request);
      const page = await listPosts(db, request.params.slug, request.query, viewer);
      return sendPage(reply, viewer, page.nextCursor, page.posts, postsJson);
    },
  );

  api.post(
    '/api/forums/:slug/posts',
    {
      ...doc(null, {
        params: SlugParams,
        body: CreatePostInputSchema,
        response: { 200: PostSchema, 201: PostSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'the post written' }, limit: 'community' } },
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

  adminWriteRoutes(api, doc, '/api/forums', {
    name: 'a forum',
    idParams: IdParams,
    input: ForumInputSchema,
    output: ForumSchema,
    errors,
    create: (body) => createForum(db, body),
    update: (id, body) => updateForum(db, id, body),
    remove: (id) => deleteForum(db, id),
    premium: { none: 'the forum written' },
  });

  api.get(
    '/api/forums/:id/mentionable',
    {
      ...doc("People to mention while writing: the thread's, then the forum's recent posters (at most 8)", {
        params: IdParams,
        querystring: MentionableQuerySchema,
        response: { 200: z.array(MentionableSchema), ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'names of people in a forum' } } },
    },
    async (request) => listMentionable(db, request.params.id, request.query, await requireMember(request)),
  );

  api.get(
    '/api/posts/:id',
    {
      ...doc(null, { params: IdParams, response: { 200: PostSchema, ...errors } }),
      config: { policy: { access: 'viewer', premium: { none: 'a forum post' } } },
    },
    async (request) => getPost(db, request.params.id, await getSessionUser(request)),
  );

  api.put(
    '/api/posts/:id/pin',
    {
      ...doc('Pin or unpin a post (moderators and admins)', {
        params: IdParams,
        body: PinInputSchema,
        response: { 200: PostSchema, ...errors },
      }),
      config: { policy: { access: 'moderator', premium: { none: 'the pinned post' }, limit: 'admin' } },
    },
    async (request) =>
      setPostPinned(db, request.params.id, request.body.isPinned, await requireModerator(request)),
  );

  api.get(
    '/api/posts/:id/comments',
    {
      ...doc('Comments, oldest first; next page in x-next-cursor', {
        params: IdParams,
        querystring: PageQuerySchema,
        response: { 200: z.array(CommentSchema), ...errors },
      }),
      config: { policy: { access: 'viewer', premium: { none: 'comments' } } },
    },
    async (request, reply) => {
      const viewer = await getSessionUser(request);
      const page = await listComments(db, request.params.id, request.query, viewer);
      return sendPage(reply, viewer, page.nextCursor, page.comments, commentsJson);
    },
  );

  api.post(
    '/api/posts/:id/comments',
    {
      ...doc(null, {
        params: IdParams,
        body: CreateCommentInputSchema,
        response: { 201: CommentSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'the comment written' }, limit: 'community' } },
    },
    async (request, reply) => {
      const viewer = await requireWriter(request);
      const holdForReview = needsReview(viewer, [request.body.content], config.newAccountHours);
      return reply
        .status(201)
        .send(await createComment(db, request.params.id, request.body, viewer, { holdForReview }));
    },
  );

  api.put(
    '/api/posts/:id',
    {
      ...doc('Edit your own post (the earlier version is kept for moderators)', {
        params: IdParams,
        body: UpdatePostInputSchema,
        response: { 200: PostSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'the post edited' }, limit: 'community' } },
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
      ...doc('Edit your own comment (the earlier version is kept for moderators)', {
        params: IdParams,
        body: UpdateCommentInputSchema,
        response: { 200: CommentSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'the comment edited' }, limit: 'community' } },
    },
    async (request) => {
      const viewer = await requireWriter(request);
      const holdForReview = needsReview(viewer, [request.body.content], config.newAccountHours);
      return updateComment(db, request.params.id, request.body.content, viewer, { holdForReview });
    },
  );

  // What a writer does the same way to a post or a comment: delete their own, like, flag.
  const byKind = {
    post: { remove: deletePost, toggleLike: togglePostLike },
    comment: { remove: deleteComment, toggleLike: toggleCommentLike },
  };
  for (const kind of ['post', 'comment'] as const) {
    api.delete(
      `/api/${kind}s/:id`,
      {
        ...doc(
          `Delete your own ${kind}; moderators remove anyone's with a reason (audited, the author told by e-mail)`,
          { params: IdParams, body: DeleteItemInputSchema.nullish(), response: { 204: z.null(), ...errors } },
        ),
        config: {
          policy: { access: 'member', premium: { none: 'answers 204 without a body' }, limit: 'community' },
        },
      },
      async (request, reply) => {
        const viewer = await requireWriter(request);
        await deleteOrRemoveItem(
          db,
          mailer,
          kind,
          request.params.id,
          request.body?.reason,
          viewer,
          (id, who) => byKind[kind].remove(db, id, who),
        );
        return reply.status(204).send(null);
      },
    );

    api.post(
      `/api/${kind}s/:id/like`,
      {
        ...doc(`Like or unlike a ${kind}`, {
          params: IdParams,
          response: { 200: LikeToggleResponseSchema, ...errors },
        }),
        config: { policy: { access: 'member', premium: { none: 'a like count' }, limit: 'reaction' } },
      },
      async (request) => byKind[kind].toggleLike(db, request.params.id, await requireWriter(request)),
    );

    api.post(
      `/api/${kind}s/:id/flag`,
      {
        ...doc(`Flag a ${kind} for the moderators (once per member)`, {
          params: IdParams,
          body: FlagInputSchema,
          response: { 201: FlagResultSchema, ...errors },
        }),
        config: {
          policy: {
            access: 'member',
            premium: { none: 'whether the item is hidden, and support resources' },
            limit: 'community',
          },
        },
      },
      async (request, reply) => {
        const viewer = await requireWriter(request);
        const result = await flagItem(
          db,
          mailer,
          {
            kind,
            id: request.params.id,
            ...request.body,
            threshold: config.flagHideThreshold,
            newAccountHours: config.newAccountHours,
            publicUrl: config.publicUrl,
          },
          viewer,
        );
        return reply.status(201).send(result);
      },
    );
  }
}
