import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LoadMoreButton } from '@client/components/ui/load-more-button';
import { LoadingPlaceholder, SkeletonLines } from '@client/components/ui/skeleton';
import { getErrorMessage } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatRelativeTime } from '@client/lib/format';

import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { Notification } from '@shared/schemas/notifications';
import { AtSign, BellOff, CalendarHeart, HeartHandshake, ListMusic, MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';

const KIND_ICONS = {
  post_reply: MessageCircle,
  thread_reply: MessageCircle,
  mention: AtSign,
  at_risk_flag: HeartHandshake,
  journey_month: CalendarHeart,
  playlist_item: ListMusic,
} as const;

/**
 * How a notice reads in the bell, in the member's language: kind words, no urgency except where
 * a flag says someone may be at risk (the server words the same notice for a push or an e-mail
 * from its own catalogue). Names and titles stay as written.
 */
function describeNotification(i18n: I18n, { kind, actor, subject }: Notification): string {
  const who =
    [actor?.firstName, actor?.lastName].filter(Boolean).join(' ') || i18n._('notifications.notice.someone');
  const words = { who, subject: subject ?? '', hasSubject: subject ? 'yes' : 'no' };
  switch (kind) {
    case 'post_reply':
      return i18n._('notifications.notice.postReply', words);
    case 'thread_reply':
      return i18n._('notifications.notice.threadReply', words);
    case 'mention':
      return i18n._('notifications.notice.mention', words);
    case 'at_risk_flag':
      return i18n._('notifications.notice.atRisk', words);
    case 'journey_month':
      return i18n._('notifications.notice.journeyMonth', words);
    case 'playlist_item':
      // The subject reads "<playlist>: <item title>".
      return i18n._('notifications.notice.playlistItem', words);
  }
}

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const Icon = KIND_ICONS[notification.kind];
  const isUnread = notification.readAt === null;
  const i18n = useNamespace('notifications');
  return (
    <li>
      <Link
        href={notification.link}
        onClick={onOpen}
        className={cn(
          'flex items-start gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
          isUnread && 'bg-sage-soft',
        )}
      >
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <span className="grid flex-1 gap-0.5">
          <span className={cn('text-sm leading-snug', isUnread && 'font-medium')}>
            {describeNotification(i18n, notification)}
          </span>
          <span className="text-muted-foreground text-xs">
            <time dateTime={notification.createdAt}>{formatRelativeTime(notification.createdAt)}</time>
            {isUnread && <span className="sr-only">{i18n._('notifications.row.unread')}</span>}
          </span>
        </span>
        {isUnread && <span className="mt-2 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
      </Link>
    </li>
  );
}

/** The member's notifications: newest first, each leading to what it is about. */
export function NotificationList() {
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  const i18n = useNamespace('notifications');

  if (list.isPending) {
    return (
      <LoadingPlaceholder label={i18n._('notifications.loading')}>
        <SkeletonLines className="grid gap-3" lines={['h-14 w-full', 'h-14 w-full', 'h-14 w-full']} />
      </LoadingPlaceholder>
    );
  }
  if (list.isError) {
    return <QueryError compact title={i18n._('notifications.failed')} query={list} />;
  }
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm" role="status">
          {unread > 0 ? i18n._('notifications.unread', { count: unread }) : i18n._('notifications.caughtUp')}
        </p>
        {unread > 0 && (
          <Button
            variant="outline"
            size="sm"
            isPending={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {i18n._('notifications.markAllRead')}
          </Button>
        )}
      </div>
      {markRead.isError && (
        <p role="alert" className="text-sm">
          {getErrorMessage(markRead.error) ?? i18n._('notifications.markFailed')}
        </p>
      )}
      {notifications.length === 0 ? (
        <MessageCard
          headingLevel={2}
          icon={<BellOff className="size-6 text-muted-foreground" aria-hidden="true" />}
          title={i18n._('notifications.empty.title')}
          description={i18n._('notifications.empty.text')}
        />
      ) : (
        <Card className="p-2">
          <ul className="grid gap-1" aria-label={i18n._('notifications.bell.label')}>
            {notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                onOpen={() => {
                  if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
                }}
              />
            ))}
          </ul>
        </Card>
      )}
      <LoadMoreButton pages={list} variant="ghost">
        {i18n._('notifications.showOlder')}
      </LoadMoreButton>
    </div>
  );
}
