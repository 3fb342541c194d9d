import { PageQuerySchema } from '@shared/schemas/community.ts';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content.ts';
import {
  AuditEntrySchema,
  ModerationItemSchema,
  ModerationKindSchema,
  ModerationReasonSchema,
  MuteInputSchema,
  MuteStateSchema,
  OptionalReasonSchema,
  RevisionSchema,
} from '@shared/schemas/moderation.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireAdmin, requireModerator } from '../../plugins/auth.ts';
import { deleteComment } from './comments.service.ts';
import { withMentionNamesIn } from './mentions.ts';
import {
  listAuditLog,
  listModerationQueue,
  listRevisions,
  muteMember,
  removeItem,
  setItemHidden,
  unmuteMember,
} from './moderation.service.ts';
import { deletePost } from './posts.service.ts';

const doc = routeDocs('moderation');
const errors = errorResponses(400, 401, 403, 404, 409);
const ItemParams = z.object({ kind: ModerationKindSchema, id: z.uuid('id is not valid') });
const UserParams = z.object({ id: z.uuid('id must be a user id') });
const itemKind = (kind: 'posts' | 'comments') => (kind === 'posts' ? 'post' : 'comment');

/**
 * The moderators' screens: the queue and its actions, mutes, earlier versions of edited items.
 * Moderators and admins pass (403 MODERATOR_REQUIRED for members); the audit log is for admins.
 */
export async function moderationRoutes(app: FastifyInstance, options: { config: Config; mailer: Mailer }) {
  const { api, db } = featureRoutes(app);
  const { mailer, config } = options;
  api.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/api/admin/moderation',
    {
      ...doc('Flagged posts and comments awaiting a look, most recently flagged first (x-next-cursor)', {
        querystring: PageQuerySchema,
        response: { 200: z.array(ModerationItemSchema), ...errors },
      }),
      config: { policy: { access: 'moderator', premium: { none: 'flagged forum posts and comments' } } },
    },
    async (request, reply) => {
      await requireModerator(request);
      const page = await listModerationQueue(db, request.query, config.newAccountHours);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  for (const action of ['hide', 'restore'] as const) {
    api.post(
      `/api/admin/moderation/:kind/:id/${action}`,
      {
        ...doc(
          action === 'hide'
            ? 'Hide a post or comment pending review'
            : 'Show a post or comment again and dismiss its flags',
          {
            params: ItemParams,
            body: OptionalReasonSchema.nullish(),
            response: { 204: z.null(), ...errors },
          },
        ),
        config: {
          policy: { access: 'moderator', premium: { none: 'answers 204 without a body' }, limit: 'admin' },
        },
      },
      async (request, reply) => {
        const moderator = await requireModerator(request);
        const { kind, id } = request.params;
        await setItemHidden(db, itemKind(kind), id, action === 'hide', request.body?.reason, moderator);
        return reply.status(204).send(null);
      },
    );
  }

  api.post(
    '/api/admin/moderation/:kind/:id/remove',
    {
      ...doc('Remove a post or comment; the reason is sent to its author', {
        params: ItemParams,
        body: ModerationReasonSchema,
        response: { 204: z.null(), ...errors },
      }),
      config: {
        policy: { access: 'moderator', premium: { none: 'answers 204 without a body' }, limit: 'admin' },
      },
    },
    async (request, reply) => {
      const moderator = await requireModerator(request);
      const { kind, id } = request.params;
      await removeItem(
        db,
        mailer,
        itemKind(kind),
        id,
        request.body.reason,
        moderator,
        kind === 'posts'
          ? (postId, viewer) => deletePost(db, postId, viewer)
          : (commentId, viewer) => deleteComment(db, commentId, viewer),
      );
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/admin/moderation/:kind/:id/revisions',
    {
      ...doc('Earlier versions of an edited post or comment, newest first', {
        params: ItemParams,
        response: { 200: z.array(RevisionSchema), ...errors },
      }),
      config: {
        policy: { access: 'moderator', premium: { none: 'earlier versions of forum posts and comments' } },
      },
    },
    async (request) => {
      const moderator = await requireModerator(request);
      const revisions = await listRevisions(db, itemKind(request.params.kind), request.params.id, moderator);
      return withMentionNamesIn(db, revisions);
    },
  );

  api.post(
    '/api/admin/users/:id/mute',
    {
      ...doc('Mute a member for 1, 7 or 30 days, or until lifted (days null)', {
        params: UserParams,
        body: MuteInputSchema,
        response: { 200: MuteStateSchema, ...errors },
      }),
      config: { policy: { access: 'moderator', premium: { none: 'a mute' }, limit: 'admin' } },
    },
    async (request) =>
      muteMember(db, mailer, request.params.id, request.body, await requireModerator(request)),
  );

  api.delete(
    '/api/admin/users/:id/mute',
    {
      ...doc('Lift a mute', {
        params: UserParams,
        response: { 200: MuteStateSchema, ...errors },
      }),
      config: { policy: { access: 'moderator', premium: { none: 'a mute' }, limit: 'admin' } },
    },
    async (request) => unmuteMember(db, request.params.id, await requireModerator(request)),
  );

  api.get(
    '/api/admin/audit-log',
    {
      ...doc('Every moderation action, newest first (admins; x-next-cursor)', {
        querystring: PageQuerySchema,
        response: { 200: z.array(AuditEntrySchema), ...errors },
      }),
      config: {
        policy: { access: 'admin', premium: { none: 'moderation actions on posts, comments and members' } },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const page = await listAuditLog(db, request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.entries;
    },
  );
}
