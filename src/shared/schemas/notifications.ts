import { z } from 'zod';
import { pageLimit } from './paging.ts';

/** The notification centre and Web Push (issue 17). */

export const NOTIFICATION_KINDS = [
  'post_reply',
  'thread_reply',
  'mention',
  'at_risk_flag',
  'journey_month',
  'playlist_item',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const MAX_NOTIFICATIONS_PAGE_SIZE = 50;
/** The most ids one mark-read request may name. */
export const MAX_MARK_READ_IDS = 100;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: z
    .object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable(),
  /** An in-app path (`/community/posts/<id>`, `/playlists/<slug>`). */
  link: z.string(),
  subject: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notifications */
export const NotificationsQuerySchema = z.object({
  cursor: z.string().max(200, 'cursor is not valid').optional(),
  limit: pageLimit(MAX_NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE),
});
/** One page; the next page's cursor is in `x-next-cursor`, as for every paged list (decision 006). */
export const NotificationsPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number(),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

/** POST /api/notifications/read: some ids, or every one (`all: true`). */
export const MarkNotificationsReadSchema = z.union(
  [
    z.object({
      ids: z
        .array(z.uuid('ids must be notification ids'))
        .min(1, 'Name at least one notification')
        .max(MAX_MARK_READ_IDS, `Name at most ${MAX_MARK_READ_IDS} notifications`),
    }),
    z.object({ all: z.literal(true, 'all must be true') }),
  ],
  'Send { ids: [...] } or { all: true }',
);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;
export const UnreadCountSchema = z.object({ unreadCount: z.number() });

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .url('endpoint must be a URL')
    .max(2000, 'endpoint is too long')
    .refine((url) => url.startsWith('https://'), 'endpoint must be an https:// URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string('keys.p256dh is required')
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'keys.p256dh is not a key'),
    auth: z.string('keys.auth is required').regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'keys.auth is not a key'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;
export const PushUnsubscribeSchema = z.object({ endpoint: z.url('endpoint must be a URL').max(2000) });
export const PushPublicKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives in a push and shows. */
export const PushPayloadSchema = z.object({ title: z.string(), body: z.string(), link: z.string() });
export type PushPayload = z.infer<typeof PushPayloadSchema>;
