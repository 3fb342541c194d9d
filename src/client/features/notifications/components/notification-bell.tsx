import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { useUnreadNotificationCount } from '../api/notifications';

/** The most the badge spells out; beyond it reads "99+". */
const MAX_BADGE = 99;

export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The header's bell: a link to /notifications that says how many are unread. */
export function NotificationBell() {
  const unread = useUnreadNotificationCount().data ?? 0;
  return (
    <Link
      href="/notifications"
      aria-label={notificationsLabel(unread)}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-foreground transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 font-semibold text-[0.625rem] text-primary-foreground leading-none tabular-nums"
        >
          {unread > MAX_BADGE ? `${MAX_BADGE}+` : unread}
        </span>
      )}
    </Link>
  );
}
