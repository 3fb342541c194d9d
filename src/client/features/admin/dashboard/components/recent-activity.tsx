import { Card } from '@client/components/ui/card';
import { CardSkeleton } from '@client/features/admin/kit/card-skeleton';
import { formatRelativeTime } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { RecentActivity } from '@shared/schemas/admin';
import {
  ChevronRight,
  Crown,
  type LucideIcon,
  Megaphone,
  MessageSquare,
  PlayCircle,
  UserPlus,
} from 'lucide-react';
import { Link } from 'wouter';

const KIND_ICON: Record<RecentActivity['kind'], LucideIcon> = {
  signup: UserPlus,
  subscription: Crown,
  post: MessageSquare,
  content: PlayCircle,
  announcement: Megaphone,
};

/** What kind of event a row is, for screen readers (the icon shows it to the eye). */
function kindLabel(i18n: I18n, kind: RecentActivity['kind']): string {
  switch (kind) {
    case 'signup':
      return i18n._('admin.dashboard.activity.signup');
    case 'subscription':
      return i18n._('admin.dashboard.activity.subscription');
    case 'post':
      return i18n._('admin.dashboard.activity.post');
    case 'announcement':
      return i18n._('admin.dashboard.activity.announcement');
    default:
      return i18n._('admin.dashboard.activity.content');
  }
}

/** The row's sentence in the admin's language, from the event's fields (the server's `text` is English). */
function activitySentence(i18n: I18n, activity: RecentActivity): string {
  const who = activity.who ?? '';
  const title = activity.title ?? '';
  const detail = activity.detail ?? '';
  switch (activity.kind) {
    case 'signup':
      return i18n._('admin.dashboard.activity.joined', { who });
    case 'subscription':
      return i18n._('admin.dashboard.activity.subscriptionNow', { who, status: detail });
    case 'post':
      return i18n._('admin.dashboard.activity.posted', { who, title, forum: detail });
    case 'announcement':
      return i18n._('admin.dashboard.activity.announced', { title });
    default:
      return i18n._('admin.dashboard.activity.newItem', { type: detail, title });
  }
}

/** Only paths inside the app become links. */
function isInternalPath(href: string | null): href is string {
  return typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');
}

function ActivityRow({ activity, now }: { activity: RecentActivity; now?: Date | undefined }) {
  const i18n = useNamespace('admin');
  const label = kindLabel(i18n, activity.kind);
  const Icon = KIND_ICON[activity.kind] ?? KIND_ICON.content;
  const body = (
    <>
      <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-sage-soft text-primary">
        <Icon className="size-4" strokeWidth={1.75} aria-hidden="true" />
        <span className="sr-only">{i18n._('admin.dashboard.activity.kindPrefix', { kind: label })}</span>
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="wrap-anywhere leading-snug">{activitySentence(i18n, activity)}</span>
        <time dateTime={activity.at} className="text-muted-foreground text-sm">
          {formatRelativeTime(activity.at, now)}
        </time>
      </span>
    </>
  );
  if (isInternalPath(activity.href)) {
    return (
      <Link
        href={activity.href}
        className="group -mx-2 flex items-start gap-3 rounded-xl px-2 py-2.5 transition-colors hover:bg-accent"
      >
        {body}
        <ChevronRight
          className="mt-2 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
          strokeWidth={1.75}
          aria-hidden="true"
        />
      </Link>
    );
  }
  return <div className="flex items-start gap-3 py-2.5">{body}</div>;
}

/** The dashboard's Recent Activity: real events, newest first, each linking where it can be seen. */
export function RecentActivityList({
  activity,
  now,
}: {
  activity: RecentActivity[];
  now?: Date | undefined;
}) {
  const i18n = useNamespace('admin');
  if (activity.length === 0) {
    return (
      <Card className="px-5 py-8 text-center text-muted-foreground">
        {i18n._('admin.dashboard.activity.empty')}
      </Card>
    );
  }
  return (
    <Card className="px-4 py-2 sm:px-5">
      <ul className="divide-y">
        {activity.map((item) => (
          <li key={`${item.kind}-${item.at}-${item.text}`}>
            <ActivityRow activity={item} now={now} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

// Class lists of the skeleton's bars (the names tell the translation lint they are not words).
const AVATAR_CLASS = 'size-9 rounded-full';
const LINES_CLASS = 'grid flex-1 gap-2';
const TEXT_BAR_CLASS = 'h-3.5 w-4/5';
const TIME_BAR_CLASS = 'h-3 w-24';

export function RecentActivitySkeleton() {
  return (
    <CardSkeleton
      className="grid gap-5 px-5 py-5"
      aria-hidden="true"
      parts={[0, 1, 2, 3].map(() => ({
        className: 'flex items-start gap-3',
        parts: [AVATAR_CLASS, { className: LINES_CLASS, parts: [TEXT_BAR_CLASS, TIME_BAR_CLASS] }],
      }))}
    />
  );
}
