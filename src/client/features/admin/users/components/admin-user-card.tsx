import { Avatar, AvatarFallback } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { BadgeList } from '@client/features/admin/kit/badges';
import { CardSkeleton } from '@client/features/admin/kit/card-skeleton';
import { statusTone } from '@client/features/subscriptions';
import { getFullName, getInitials } from '@shared/initials';
import type { AdminUser } from '@shared/schemas/admin';
import { Check, Gift, Shield, ShieldCheck, VolumeX, X } from 'lucide-react';
import { useId } from 'react';
import { ACTION_BUTTON_LABELS, availableActions, type UserActionKind } from '../user-actions';
import { SuspendControl } from './suspend-control';

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** docs/product.md, "Constants and limits": dates in en-US short form, e.g. 'Mar 14, 2025'. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}

const utcDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A complimentary end date: the day it was given as (stored as that day's start in UTC). */
export function formatUtcDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : utcDate.format(date);
}

/**
 * docs/product.md, "Admin" and "States and transitions": the status as stored, 'free' when empty; active green with a check,
 * canceled or cancelled red with a cross, trialing blue, anything else grey.
 */
export function UserStatusBadge({ status }: { status: string | null }) {
  const tone = statusTone(status);
  return (
    <Badge tone={tone} data-tone={tone}>
      {tone === 'green' && <Check aria-hidden="true" strokeWidth={2.25} />}
      {tone === 'red' && <X aria-hidden="true" strokeWidth={2.25} />}
      <span className="sr-only">Subscription: </span>
      <span>{status || 'free'}</span>
    </Badge>
  );
}

function initialsOf(user: AdminUser): string {
  const initials = getInitials(user);
  if (initials !== 'U') return initials;
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
            <time dateTime={user.createdAt}>Joined {formatShortDate(user.createdAt)}</time>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <BadgeList
              entries={[
                [user.isAdmin, 'default', ShieldCheck, 'Admin'],
                [user.isModerator, 'default', Shield, 'Moderator'],
                [Boolean(user.mute), 'outline', VolumeX, 'Muted'],
                [isSelf, 'outline', undefined, 'You'],
              ]}
            />
            <UserStatusBadge status={user.subscriptionStatus} />
            <BadgeList entries={[[Boolean(user.complimentary), 'clay', Gift, 'Complimentary']]} />
          </div>
        </div>
      </div>

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <div className="contents">
          <dt className="text-muted-foreground">User ID</dt>
          <dd className="font-mono text-xs leading-5 wrap-anywhere">{user.id}</dd>
        </div>
        {user.complimentaryUntil && (
          <div className="contents">
            <dt className="text-muted-foreground">Complimentary until</dt>
            <dd>
              <time dateTime={user.complimentaryUntil}>{formatUtcDate(user.complimentaryUntil)}</time>
            </dd>
          </div>
        )}
        {user.stripeCustomerId && (
          <div className="contents">
            <dt className="text-muted-foreground">Customer ID</dt>
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
            aria-label={`${ACTION_BUTTON_LABELS[kind]} for ${user.email}`}
            onClick={() => onAction(kind, user)}
          >
            {ACTION_BUTTON_LABELS[kind]}
          </Button>
        ))}
        <SuspendControl user={user} isSelf={isSelf} />
      </div>
    </Card>
  );
}

export function AdminUserCardSkeleton() {
  return (
    <CardSkeleton
      className="grid gap-4 p-4 sm:p-5"
      data-testid="user-skeleton"
      parts={[
        {
          className: 'flex items-start gap-3',
          parts: [
            'size-10 rounded-full',
            { className: 'grid flex-1 gap-2', parts: ['h-4 w-3/5', 'h-3.5 w-2/5', 'h-5 w-20 rounded-full'] },
          ],
        },
        { className: 'grid gap-2', parts: ['h-3.5 w-40', 'h-3.5 w-64 max-w-full'] },
      ]}
    />
  );
}
