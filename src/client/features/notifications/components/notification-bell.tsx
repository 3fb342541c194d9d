import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { Bell } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'wouter';
import { useUnreadNotificationCount } from '../api/notifications';

/** The most the badge spells out; beyond it reads "99+". */
const MAX_BADGE = 99;

export function notificationsLabel(i18n: I18n, unread: number): string {
  return unread > 0
    ? i18n._('notifications.bell.unread', { count: unread })
    : i18n._('notifications.bell.label');
}

function BellLink() {
  const i18n = useNamespace('notifications');
  const unread = useUnreadNotificationCount().data ?? 0;
  return (
    <Link
      href="/notifications"
      aria-label={notificationsLabel(i18n, unread)}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-foreground transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute end-1 top-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 font-semibold text-[0.625rem] text-primary-foreground leading-none tabular-nums"
        >
          {unread > MAX_BADGE ? `${MAX_BADGE}+` : unread}
        </span>
      )}
    </Link>
  );
}

/**
 * The header's bell: a link to /notifications that says how many are unread. Its words are in the
 * notifications catalogue; while that loads (once per language) an empty space of the bell's size
 * holds its place, so the rest of the header never waits for it.
 */
export function NotificationBell() {
  return (
    <Suspense fallback={<div className="size-10" aria-hidden="true" />}>
      <BellLink />
    </Suspense>
  );
}
