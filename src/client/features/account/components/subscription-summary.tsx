import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadingPlaceholder, Skeleton } from '@client/components/ui/skeleton';
import {
  formatPlanPrice,
  periodEndLine,
  SubscriptionStatusBadge,
  useSubscribedPlan,
  useSubscriptionDetails,
} from '@client/features/subscriptions';
import { useNamespace } from '@client/lib/i18n';
import { Trans } from '@lingui/react';
import { hasPremiumAccess } from '@shared/entitlements';
import type { CurrentUser } from '@shared/schemas/auth';
import { ArrowRight, CalendarClock, CloudOff, Sparkles } from 'lucide-react';
import { type ReactNode, useId } from 'react';

function SummarySkeleton() {
  const i18n = useNamespace('account');
  return (
    <LoadingPlaceholder label={i18n._('account.subscription.loading')} className="grid gap-3">
      <Skeleton className="h-6 w-20 rounded-full" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="mt-2 h-9 w-40 rounded-full" />
    </LoadingPlaceholder>
  );
}

/**
 * 'A subscription card' (docs/product.md, "Account, subscription"): the status badge (docs/product.md, "States and transitions"
 * colours), the plan and when it renews or ends, and the way to /subscribe.
 */
export function SubscriptionSummary({ user }: { user: CurrentUser }) {
  const i18n = useNamespace('account');
  // The status badge and periodEndLine speak through the subscriptions catalogue.
  useNamespace('subscriptions');
  const headingId = useId();
  const details = useSubscriptionDetails();
  // The plan they are on (annual when they bought it), else the monthly one.
  const plan = useSubscribedPlan(details.data?.priceId);
  const status = details.data?.subscriptionStatus ?? user.subscriptionStatus;
  const isPremium = hasPremiumAccess({
    subscriptionStatus: status,
    premiumAccessEndsAt: user.premiumAccessEndsAt,
  });

  let body: ReactNode;
  if (details.isPending) {
    body = <SummarySkeleton />;
  } else if (details.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-3">
        <p className="flex items-center gap-2 text-muted-foreground">
          <CloudOff className="size-5 shrink-0" strokeWidth={1.5} aria-hidden="true" />
          {i18n._('account.subscription.loadError')}
        </p>
        <Button variant="outline" size="sm" onClick={() => details.refetch()} isPending={details.isFetching}>
          {i18n._('account.subscription.tryAgain')}
        </Button>
      </div>
    );
  } else {
    const periodEnd = isPremium || details.data.cancelAtPeriodEnd ? periodEndLine(details.data) : null;
    body = (
      <div className="grid justify-items-start gap-3">
        <SubscriptionStatusBadge status={status} />
        <div className="grid gap-1">
          <p className="font-display font-medium text-xl tracking-tight">
            {isPremium
              ? (plan?.name ?? i18n._('account.subscription.monthly'))
              : i18n._('account.subscription.free')}
          </p>
          {isPremium && plan ? (
            <p className="text-muted-foreground">
              <Trans
                id="account.subscription.price"
                values={{ price: formatPlanPrice(plan.amountCents, plan.currency), interval: plan.interval }}
                components={{ 0: <span className="font-medium text-foreground" /> }}
              />
            </p>
          ) : (
            !isPremium && (
              <p className="text-muted-foreground">{i18n._('account.subscription.premiumOffer')}</p>
            )
          )}
        </div>
        {periodEnd && (
          <p className="flex items-center gap-2 font-medium text-sm">
            <CalendarClock className="size-4.5 shrink-0 text-primary" strokeWidth={1.5} aria-hidden="true" />
            {periodEnd}
          </p>
        )}
        <LinkButton
          href="/subscribe"
          iconAfter={ArrowRight}
          variant={isPremium ? 'outline' : 'default'}
          size="sm"
          className="mt-2"
        >
          {isPremium ? i18n._('account.subscription.manage') : i18n._('account.subscription.seePlan')}
        </LinkButton>
      </div>
    );
  }

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className="relative grid gap-5 overflow-hidden p-5 sm:p-7"
    >
      <div
        aria-hidden="true"
        className="-top-16 -end-16 pointer-events-none absolute size-48 rounded-full bg-[radial-gradient(circle,var(--color-sage-soft),transparent_70%)]"
      />
      <h2
        id={headingId}
        className="relative flex items-center gap-2.5 font-display font-medium text-2xl tracking-tight"
      >
        <Sparkles className="size-5 text-clay" strokeWidth={1.5} aria-hidden="true" />
        {i18n._('account.subscription.title')}
      </h2>
      <div className="relative">{body}</div>
    </Card>
  );
}
