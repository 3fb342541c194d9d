import { Card } from '@client/components/ui/card';
import { i18n, useNamespace } from '@client/lib/i18n';
import { Trans } from '@lingui/react';
import type { Plan, SubscriptionDetails } from '@shared/schemas/subscription';
import { CalendarClock, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { formatPlanPrice, formatShortDate } from '../format';
import { BenefitsList } from './benefits-list';
import { ManageBilling } from './manage-billing';
import { TestModeBadge } from './plan-card';
import { SubscriptionStatusBadge } from './status-badge';

/**
 * 'Renews on Jan 5, 2026'; 'Access until Jan 5, 2026' when it will not renew (cancelled, or a
 * test-mode subscription); for an overdue payment, what to do instead of a date that may not come;
 * for a free trial, when it ends and whether the first charge follows.
 */
export function periodEndLine(
  details: Pick<SubscriptionDetails, 'currentPeriodEnd' | 'cancelAtPeriodEnd'> &
    Partial<Pick<SubscriptionDetails, 'subscriptionStatus'>>,
) {
  const date = formatShortDate(details.currentPeriodEnd);
  if (!date) return null;
  if (details.subscriptionStatus === 'past_due' || details.subscriptionStatus === 'unpaid') {
    return i18n._('subscriptions.period.overdue');
  }
  if (details.subscriptionStatus === 'trialing') {
    return details.cancelAtPeriodEnd
      ? i18n._('subscriptions.period.trialEnds', { date })
      : i18n._('subscriptions.period.trialCharges', { date });
  }
  return details.cancelAtPeriodEnd
    ? i18n._('subscriptions.period.accessUntil', { date })
    : i18n._('subscriptions.period.renews', { date });
}

/**
 * docs/product.md, "Account, subscription": the 'Your Subscription' page for active subscribers: the status badge, when
 * it renews (or ends), the benefits and the way to manage billing.
 */
export function YourSubscription({
  details,
  status,
  plan,
}: {
  details: SubscriptionDetails;
  /** The status to show: the subscription's, else the member's. */
  status: string | null;
  plan: Plan | undefined;
}) {
  const i18n = useNamespace('subscriptions');
  const planTitleId = useId();
  const benefitsTitleId = useId();
  const periodEnd = periodEndLine(details);
  return (
    <div className="grid items-start gap-5 md:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] md:gap-6">
      <Card role="region" aria-labelledby={planTitleId} className="relative overflow-hidden p-6 sm:p-8">
        <div
          aria-hidden="true"
          className="-top-20 -end-20 pointer-events-none absolute size-56 rounded-full bg-[radial-gradient(circle,var(--color-sage-soft),transparent_70%)]"
        />
        <div className="relative flex flex-wrap items-center gap-2">
          <SubscriptionStatusBadge status={status} />
          {details.mode === 'test' && <TestModeBadge className="text-sm" />}
        </div>
        <h2 id={planTitleId} className="relative mt-4 font-display font-medium text-2xl tracking-tight">
          {plan?.name ?? i18n._('subscriptions.monthlyMembership')}
        </h2>
        {plan && (
          <p className="relative mt-1 text-muted-foreground">
            <Trans
              id="subscriptions.pricePer"
              values={{ price: formatPlanPrice(plan.amountCents, plan.currency), interval: plan.interval }}
              components={{ 0: <span className="font-medium text-foreground" /> }}
            />
          </p>
        )}
        {periodEnd && (
          <p className="relative mt-5 flex items-center gap-2.5 font-medium">
            <CalendarClock className="size-5 shrink-0 text-primary" strokeWidth={1.5} aria-hidden="true" />
            {periodEnd}
          </p>
        )}
        {details.cancelAtPeriodEnd && (
          <p className="relative mt-1.5 text-muted-foreground text-sm">
            {i18n._('subscriptions.willNotRenew')}
          </p>
        )}
        <div className="relative mt-7 border-border border-t pt-6">
          <ManageBilling
            billingManagement={details.billingManagement}
            isTrial={details.subscriptionStatus === 'trialing'}
          />
        </div>
      </Card>
      <Card role="region" aria-labelledby={benefitsTitleId} className="p-6 sm:p-8">
        <h2 id={benefitsTitleId} className="flex items-center gap-2.5 font-display font-medium text-xl">
          <Sparkles className="size-5 text-clay" strokeWidth={1.5} aria-hidden="true" />
          {i18n._('subscriptions.included')}
        </h2>
        <BenefitsList className="mt-5" labelledBy={benefitsTitleId} />
      </Card>
    </div>
  );
}
