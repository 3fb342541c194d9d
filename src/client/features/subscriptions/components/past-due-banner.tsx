import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { useNamespace } from '@client/lib/i18n';
import { CreditCard, TriangleAlert } from 'lucide-react';
import { useLocation } from 'wouter';
import { useOpenBillingPortal } from '../api/billing-portal';

// English, for the tests that read it (the banner shows subscriptions.pastDue.text).
export const PAST_DUE_MESSAGE =
  // eslint-disable-next-line lingui/no-unlocalized-strings
  'Your last payment didn’t go through. Update your card to keep your premium access.';

/**
 * Shown at the top of every member screen while the subscription is past due or unpaid. Update
 * card opens the Stripe billing portal; when there is none to open, the subscription page explains.
 */
export default function PastDueBanner() {
  const i18n = useNamespace('subscriptions');
  const [, navigate] = useLocation();
  const portal = useOpenBillingPortal(() => navigate('/subscribe'));

  return (
    <section
      aria-label={i18n._('subscriptions.pastDue.label')}
      className="border-amber-200 border-b bg-amber-50 text-amber-950 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <PageContainer className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <p role="status" className="flex items-start gap-3 text-sm sm:items-center sm:text-base">
          <TriangleAlert
            className="mt-0.5 size-5 shrink-0 text-amber-700 sm:mt-0 dark:text-amber-300"
            strokeWidth={1.75}
            aria-hidden="true"
          />
          <span>{i18n._('subscriptions.pastDue.text')}</span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="self-start border-amber-300 bg-white/70 text-amber-950 hover:bg-white sm:self-auto dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50 dark:hover:bg-amber-950"
          onClick={portal.open}
          isPending={portal.isPending}
          pendingText={i18n._('subscriptions.billing.opening')}
        >
          <CreditCard aria-hidden="true" />
          {i18n._('subscriptions.pastDue.updateCard')}
        </Button>
      </PageContainer>
    </section>
  );
}
