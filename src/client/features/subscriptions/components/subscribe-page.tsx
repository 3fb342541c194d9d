import { ReassuranceList } from '@client/components/content/reassurance-list';
import { LoadError } from '@client/components/content/state-cards';
import { PageHeader } from '@client/components/page-header';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { useCurrentUser } from '@client/features/auth';
import { getErrorStatus } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { hasPremiumAccess } from '@shared/entitlements';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, ExternalLink, Leaf, LockKeyhole, RefreshCcw, Sprout } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { isOfferForPlan, useOffer } from '../api/offer';
import { usePlan } from '../api/plan';
import { subscribedPlan, usePlans } from '../api/plans';
import { useSubscriptionDetails } from '../api/subscription-details';
import { browser } from '../browser';
import { isFinalStatus } from '../status';
import { CheckoutReturnPanel, useCheckoutReturn } from './checkout-return';
import { OfferCodeField } from './offer-code-field';
import { PlanCard } from './plan-card';
import { PlanChoice } from './plan-choice';
import { SubscriptionLoading } from './subscription-states';
import {
  explainCheckoutFailure,
  explainMissingCheckoutUrl,
  isSignedOutError,
  sendToSignIn,
} from './subscription-toasts';
import { YourSubscription } from './your-subscription';

/**
 * /subscribe (docs/product.md, "Account, subscription", "States and transitions" and "Errors shown"): the plan card for members without a subscription,
 * 'Your Subscription' for subscribers, and the checkout return (success=true) in between.
 */
export function SubscribePage() {
  const i18n = useNamespace('subscriptions');
  const queryClient = useQueryClient();
  const { user, authState } = useCurrentUser();
  const isSignedIn = authState === 'signedIn';
  const checkoutReturn = useCheckoutReturn();
  const plan = usePlan();
  const plans = usePlans();
  const search = useSearch();
  const [chosenPlanId, setChosenPlanId] = useState<string | null>(null);
  // `/subscribe?offer=CODE` (a link in a newsletter) arrives with the code applied.
  const [offerCode, setOfferCode] = useState<string | null>(
    () => new URLSearchParams(search).get('offer')?.trim().toUpperCase() || null,
  );
  const offer = useOffer(offerCode);
  // `/subscribe?plan=year` (the landing card's Annual choice, after sign-up) arrives with that plan chosen.
  const linkedInterval = new URLSearchParams(search).get('plan');
  const linkedPlanId = plans.data?.find((candidate) => candidate.interval === linkedInterval)?.id ?? null;
  // The member's own choice wins, then the link's plan, then the plan a one-plan offer is for.
  const preferredPlanId = chosenPlanId ?? linkedPlanId ?? offer.data?.planId ?? null;
  const selectedPlan = plans.data?.find((candidate) => candidate.id === preferredPlanId) ?? plans.data?.[0];
  const details = useSubscriptionDetails({ isEnabled: isSignedIn });
  const checkout = useCreateCheckoutSession();
  const [isAwaitingCheckout, setIsAwaitingCheckout] = useState(false);
  const isDetailsSignedOut = details.isError && isSignedOutError(details.error);

  // docs/product.md, "Errors shown" (Signed-out on subscribe). The router shows not-found to visitors, so this
  // is for a session that ends while the page is open (or a screen rendered outside the router).
  useEffect(() => {
    if (authState === 'signedOut' || isDetailsSignedOut) return sendToSignIn();
  }, [authState, isDetailsSignedOut]);

  // Checkout runs in another tab: when the member comes back, see where they stand now.
  useEffect(() => {
    if (!isAwaitingCheckout) return;
    const onFocus = () => void queryClient.invalidateQueries();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [isAwaitingCheckout, queryClient]);

  const onSubscribe = () => {
    if (!plan.data) return;
    const priceId = selectedPlan?.id ?? plan.data.priceId;
    // Only a code the server has said yes to (for this plan) goes to checkout.
    const promotionCode =
      offerCode && offer.data && isOfferForPlan(offer.data, priceId) ? offerCode : undefined;
    checkout.mutate(promotionCode ? { priceId, promotionCode } : { priceId }, {
      onSuccess: ({ url }) => {
        if (!url) {
          explainMissingCheckoutUrl();
          return;
        }
        if (browser.openInNewTab(url)) setIsAwaitingCheckout(true);
        else browser.assign(url);
      },
      onError: (error) => {
        explainCheckoutFailure(error);
        // 409: already subscribed (perhaps in another tab): show the member where they stand.
        if (getErrorStatus(error) === 409) void queryClient.invalidateQueries();
      },
    });
  };

  const { outcome } = checkoutReturn;
  if (outcome.state === 'syncing' || outcome.state === 'success') {
    return <CheckoutReturnPanel outcome={outcome} />;
  }
  if (
    authState !== 'signedIn' ||
    isDetailsSignedOut ||
    plan.isPending ||
    plans.isPending ||
    details.isPending
  ) {
    return <SubscriptionLoading />;
  }
  if (plan.isError || details.isError) {
    return (
      <LoadError
        headingLevel={2}
        title={i18n._('subscriptions.loadError')}
        isRetrying={plan.isFetching || details.isFetching}
        onRetry={() => {
          if (plan.isError) void plan.refetch();
          if (details.isError) void details.refetch();
        }}
      />
    );
  }

  const subscription = details.data;
  const status = subscription.subscriptionStatus ?? user?.subscriptionStatus ?? null;
  // A paid status (the premium rule without the admin pass: admins without a plan see the plan card).
  const isSubscriber =
    hasPremiumAccess({
      subscriptionStatus: user?.subscriptionStatus,
      premiumAccessEndsAt: user?.premiumAccessEndsAt,
    }) ||
    (subscription.hasSubscription &&
      subscription.subscriptionStatus != null &&
      !isFinalStatus(subscription.subscriptionStatus));

  if (isSubscriber) {
    return (
      <div className="grid gap-8">
        <PageHeader title={i18n._('subscriptions.yours.title')} lead={i18n._('subscriptions.yours.lead')} />
        <YourSubscription
          details={subscription}
          status={status}
          plan={subscribedPlan(plan.data, plans.data, subscription.priceId)}
        />
      </div>
    );
  }

  let notice: ReactNode = null;
  if (isAwaitingCheckout) {
    notice = (
      <Alert role="status">
        <ExternalLink aria-hidden="true" />
        <p>{i18n._('subscriptions.notice.checkoutOpen')}</p>
      </Alert>
    );
  } else if (isFinalStatus(status)) {
    notice = (
      <Alert>
        <Leaf aria-hidden="true" />
        <p>{i18n._('subscriptions.notice.ended')}</p>
      </Alert>
    );
  }

  const banner =
    outcome.state === 'failed' ? (
      <Alert variant="destructive" role="alert" className="items-start">
        <CircleAlert aria-hidden="true" />
        <div className="grid flex-1 gap-2">
          <p className="font-semibold">{i18n._('subscriptions.notice.notConfirmed')}</p>
          <p>{outcome.message}</p>
          <Button variant="outline" size="sm" className="w-fit" onClick={checkoutReturn.retry}>
            {i18n._('subscriptions.notice.checkAgain')}
          </Button>
        </div>
      </Alert>
    ) : null;

  // docs/product.md, "Account, subscription": members without a subscription see the monthly plan card.
  return (
    <div className="grid gap-8">
      {banner}
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-14">
        <div className="grid gap-6 lg:pt-6">
          <PageHeader title={i18n._('subscriptions.plan.title')} lead={i18n._('subscriptions.plan.lead')} />
          <ReassuranceList
            items={[
              { icon: Sprout, text: i18n._('subscriptions.reassurance.opens') },
              { icon: RefreshCcw, text: i18n._('subscriptions.reassurance.period') },
              { icon: LockKeyhole, text: i18n._('subscriptions.reassurance.card') },
            ]}
            className="hidden gap-3 text-muted-foreground lg:grid"
            itemClassName="flex items-start gap-3 [&>svg]:mt-0.5"
          />
        </div>
        <PlanCard
          plan={plan.data}
          {...(selectedPlan ? { selected: selectedPlan } : {})}
          choice={
            plans.data && plans.data.length > 1 && selectedPlan ? (
              <PlanChoice plans={plans.data} selectedId={selectedPlan.id} onSelect={setChosenPlanId} />
            ) : null
          }
          extra={
            selectedPlan ? (
              <OfferCodeField
                plan={selectedPlan}
                plans={plans.data ?? []}
                appliedCode={offerCode}
                onApply={setOfferCode}
              />
            ) : null
          }
          onSubscribe={onSubscribe}
          isPending={checkout.isPending}
        >
          {notice}
        </PlanCard>
      </div>
    </div>
  );
}
