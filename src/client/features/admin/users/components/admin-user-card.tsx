import { Avatar, AvatarFallback } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { BadgeList } from '@client/features/admin/kit/badges';
import { CardSkeleton, type SkeletonPart } from '@client/features/admin/kit/card-skeleton';
import { statusTone } from '@client/features/subscriptions';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { getFullName, getInitials } from '@shared/initials';
import type { AdminUser } from '@shared/schemas/admin';
import { Check, Gift, Shield, ShieldCheck, VolumeX, X } from 'lucide-react';
import { useId } from 'react';
import { actionButtonLabel, availableActions, type UserActionKind } from '../user-actions';
import { SuspendControl } from './suspend-control';

/** docs/product.md, "Constants and limits": short dates, 'Mar 14, 2025' in English. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date);
}

/** A complimentary end date: the day it was given as (stored as that day's start in UTC). */
export function formatUtcDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : // eslint-disable-next-line lingui/no-unlocalized-strings -- a time zone's id, not a word
      formatDate(date, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * A subscription status in the admin's language; English shows it as stored ('active'). A status
 * this list does not know shows as stored in every language.
 */
function statusWords(i18n: I18n, status: string | null): string {
  switch (status || 'free') {
    case 'free':
      return i18n._('admin.users.status.free');
    case 'active':
      return i18n._('admin.users.status.active');
    case 'trialing':
      return i18n._('admin.users.status.trialing');
    case 'past_due':
      return i18n._('admin.users.status.pastDue');
    case 'canceled':
      return i18n._('admin.users.status.canceled');
    case 'cancelled':
      return i18n._('admin.users.status.cancelled');
    case 'incomplete':
      return i18n._('admin.users.status.incomplete');
    case 'incomplete_expired':
      return i18n._('admin.users.status.incompleteExpired');
    case 'unpaid':
      return i18n._('admin.users.status.unpaid');
    case 'paused':
      return i18n._('admin.users.status.paused');
    default:
      return status ?? '';
  }
}

/**
 * docs/product.md, "Admin" and "States and transitions": the status as stored, 'free' when empty; active green with a check,
 * canceled or cancelled red with a cross, trialing blue, anything else grey.
 */
export function UserStatusBadge({ status }: { status: string | null }) {
  const i18n = useNamespace('admin');
  const tone = statusTone(status);
  return (
    <Badge tone={tone} data-tone={tone}>
      {tone === 'green' && <Check aria-hidden="true" strokeWidth={2.25} />}
      {tone === 'red' && <X aria-hidden="true" strokeWidth={2.25} />}
      <span className="sr-only">{i18n._('admin.users.subscriptionPrefix')}</span>
      <span>{statusWords(i18n, status)}</span>
    </Badge>
  );
}

function initialsOf(user: AdminUser): string {
  const initials = getInitials(user);
  if (initials !== 'U') return initials;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an initial and a locale id, not words
  return user.email.charAt(0).toLocaleUpperCase('en-US') || 'U';
}

/**
 * docs/product.md, "Admin", /admin/users: the e-mail, an Admin badge, Joined {date}, the subscription
 * status ('free' if empty), the user id and the payment-provider customer id; then the actions.
 */
export function AdminUserCard({
  user,
  isSelf,
  onAction,
}: {
  user: AdminUser;
  isSelf: boolean;
  onAction: (kind: UserActionKind, user: AdminUser) => void;
}) {
  const i18n = useNamespace('admin');
  const titleId = useId();
  const name = getFullName(user);
  return (
    <Card role="article" aria-labelledby={titleId} className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <Avatar className="size-10">
          <AvatarFallback>{initialsOf(user)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={titleId} className="font-medium leading-snug wrap-anywhere">
            {user.email}
          </h3>
          <p className="text-muted-foreground text-sm wrap-anywhere">
            {name && <span className="text-foreground">{name} · </span>}
            <time dateTime={user.createdAt}>
              {i18n._('admin.users.joined', { date: formatShortDate(user.createdAt) })}
            </time>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <BadgeList
              entries={[
                [user.isAdmin, 'default', ShieldCheck, i18n._('admin.users.badge.admin')],
                [user.isModerator, 'default', Shield, i18n._('admin.users.badge.moderator')],
                [Boolean(user.mute), 'outline', VolumeX, i18n._('admin.users.badge.muted')],
                [isSelf, 'outline', undefined, i18n._('admin.users.badge.you')],
              ]}
            />
            <UserStatusBadge status={user.subscriptionStatus} />
            <BadgeList
              entries={[
                [Boolean(user.complimentary), 'clay', Gift, i18n._('admin.users.badge.complimentary')],
              ]}
            />
          </div>
        </div>
      </div>

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <div className="contents">
          <dt className="text-muted-foreground">{i18n._('admin.users.userId')}</dt>
          <dd className="font-mono text-xs leading-5 wrap-anywhere">{user.id}</dd>
        </div>
        {user.complimentaryUntil && (
          <div className="contents">
            <dt className="text-muted-foreground">{i18n._('admin.users.complimentaryUntil')}</dt>
            <dd>
              <time dateTime={user.complimentaryUntil}>{formatUtcDate(user.complimentaryUntil)}</time>
            </dd>
          </div>
        )}
        {user.stripeCustomerId && (
          <div className="contents">
            <dt className="text-muted-foreground">{i18n._('admin.users.customerId')}</dt>
            <dd className="font-mono text-xs leading-5 wrap-anywhere">{user.stripeCustomerId}</dd>
          </div>
        )}
      </dl>

      <div className="flex flex-wrap gap-2 border-t pt-4">
        {availableActions(user).map((kind) => (
          <Button
            key={kind}
            variant="outline"
            size="sm"
            aria-label={i18n._('admin.users.actionFor', {
              action: actionButtonLabel(i18n, kind),
              email: user.email,
            })}
            onClick={() => onAction(kind, user)}
          >
            {actionButtonLabel(i18n, kind)}
          </Button>
        ))}
        <SuspendControl user={user} isSelf={isSelf} />
      </div>
    </Card>
  );
}

// The skeleton's bars are class lists, not words.
/* eslint-disable lingui/no-unlocalized-strings */
const SKELETON_PARTS: SkeletonPart[] = [
  {
    className: 'flex items-start gap-3',
    parts: [
      'size-10 rounded-full',
      { className: 'grid flex-1 gap-2', parts: ['h-4 w-3/5', 'h-3.5 w-2/5', 'h-5 w-20 rounded-full'] },
    ],
  },
  { className: 'grid gap-2', parts: ['h-3.5 w-40', 'h-3.5 w-64 max-w-full'] },
];
/* eslint-enable lingui/no-unlocalized-strings */

export function AdminUserCardSkeleton() {
  return (
    <CardSkeleton className="grid gap-4 p-4 sm:p-5" data-testid="user-skeleton" parts={SKELETON_PARTS} />
  );
}
