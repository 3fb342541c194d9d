import { NEXT_CURSOR_HEADER } from '@shared/schemas/content.ts';
import {
  MarkNotificationsReadSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
  PushPublicKeySchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  UnreadCountSchema,
} from '@shared/schemas/notifications.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireMember } from '../../plugins/auth.ts';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';
import { deletePushSubscription, savePushSubscription } from './push.service.ts';

const doc = routeDocs('notifications');

const errors = errorResponses(400, 401);

export async function notificationsRoutes(
  app: FastifyInstance,
  options: { pushAllowedHosts: readonly string[] },
) {
  const { api, db } = featureRoutes(app);

  api.get(
    '/api/notifications',
    {
      ...doc(
        "The member's own notifications, newest first, with how many are unread; next page in x-next-cursor",
        {
          querystring: NotificationsQuerySchema,
          response: { 200: NotificationsPageSchema, ...errors },
        },
      ),
      config: {
        policy: {
          access: 'member',
          premium: { none: 'notices naming a post or playlist by link and title' },
        },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      reply.header('cache-control', 'no-store');
      const { nextCursor, ...page } = await listNotifications(db, member.id, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return page;
    },
  );

  api.post(
    '/api/notifications/read',
    {
      ...doc("Mark some of the member's notifications ({ ids }) or all of them ({ all: true }) as read", {
        body: MarkNotificationsReadSchema,
        response: { 200: UnreadCountSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'an unread count' }, limit: 'reaction' } },
    },
    async (request) => markNotificationsRead(db, (await requireMember(request)).id, request.body),
  );

  api.get(
    '/api/push/public-key',
    {
      ...doc("The server's VAPID public key, for a browser's push subscription", {
        response: { 200: PushPublicKeySchema },
      }),
      config: { policy: { access: 'public', premium: { none: 'a public key' } } },
    },
    async () => ({ publicKey: await app.push.getPublicKey() }),
  );

  api.post(
    '/api/push/subscriptions',
    {
      ...doc(
        "Keep this browser's push subscription for the member (an https endpoint on a known push service)",
        {
          body: PushSubscriptionSchema,
          response: { 204: z.null(), ...errors },
        },
      ),
      config: { policy: { access: 'member', premium: { none: 'nothing' }, limit: 'profile' } },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      await savePushSubscription(db, member.id, request.body, options.pushAllowedHosts);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/push/subscriptions',
    {
      ...doc("Forget this browser's push subscription", {
        body: PushUnsubscribeSchema,
        response: { 204: z.null(), ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'nothing' }, limit: 'profile' } },
    },
    async (request, reply) => {
      await deletePushSubscription(db, (await requireMember(request)).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
