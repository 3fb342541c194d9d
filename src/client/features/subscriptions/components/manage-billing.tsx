import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { LinkButton } from '@client/components/ui/link-button';
import { toast } from '@client/components/ui/use-toast';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import type { I18n } from '@lingui/core';
import type { BILLING_MANAGEMENT } from '@shared/schemas/subscription';
import { CreditCard, LifeBuoy, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useOpenBillingPortal } from '../api/billing-portal';
import { useCancelTestSubscription } from '../api/premium-changes';
import { explainBillingFailure } from './subscription-toasts';

export type BillingManagement = (typeof BILLING_MANAGEMENT)[number];

/** Where 'Contact Support' writes to (an address, not words). */
// eslint-disable-next-line lingui/no-unlocalized-strings
export const SUPPORT_EMAIL = 'support@stillpoint.local';

/** What each way of managing billing lets the member do, in a sentence under the button. */
function billingHint(billingManagement: BillingManagement, i18n: I18n): string {
  if (billingManagement === 'portal') return i18n._('subscriptions.billing.hint.portal');
  if (billingManagement === 'test-cancel') return i18n._('subscriptions.billing.hint.testCancel');
  return i18n._('subscriptions.billing.hint.contactSupport');
}

/** `portal`: Manage Billing opens the Stripe Customer Portal in this tab. */
function ManageBillingButton() {
  const i18n = useNamespace('subscriptions');
  const portal = useOpenBillingPortal((error) =>
    explainBillingFailure(error, i18n._('subscriptions.billing.portalFailed')),
  );
  return (
    <Button
      onClick={portal.open}
      isPending={portal.isPending}
      pendingText={i18n._('subscriptions.billing.opening')}
    >
      <CreditCard aria-hidden="true" />
      {i18n._('subscriptions.billing.manage')}
    </Button>
  );
}

/**
 * `test-cancel`: ends the test subscription at once, after asking; a free trial is cancelled at its
 * end instead (the member keeps the days and is never charged).
 */
function CancelTestSubscriptionButton({ isTrial }: { isTrial: boolean }) {
  const i18n = useNamespace('subscriptions');
  const cancel = useCancelTestSubscription();
  const [isOpen, setIsOpen] = useState(false);
  // mutateAsync: the page swaps to the plan card as soon as the refreshed status arrives, which
  // unmounts this button before `mutate`'s own callbacks would run.
  const onConfirm = async () => {
    try {
      await cancel.mutateAsync();
      toast(
        isTrial
          ? {
              title: i18n._('subscriptions.cancel.trialDone'),
              description: i18n._('subscriptions.cancel.trialDoneText'),
            }
          : {
              title: i18n._('subscriptions.cancel.done'),
              description: i18n._('subscriptions.cancel.doneText'),
            },
      );
    } catch (error) {
      explainBillingFailure(error, i18n._('subscriptions.cancel.failed'));
    } finally {
      setIsOpen(false);
    }
  };
  return (
    <ConfirmDialog
      item={isOpen ? true : null}
      trigger={
        <Button variant="outline">
          <LogOut aria-hidden="true" />
          {i18n._('subscriptions.cancel.open')}
        </Button>
      }
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      title={i18n._('subscriptions.cancel.title')}
      description={() =>
        isTrial ? i18n._('subscriptions.cancel.trialText') : i18n._('subscriptions.cancel.text')
      }
      cancelLabel={i18n._('subscriptions.cancel.keep')}
      confirmLabel={i18n._('subscriptions.cancel.open')}
      pendingText={i18n._('subscriptions.cancel.cancelling')}
      isPending={cancel.isPending}
      onConfirm={onConfirm}
    />
  );
}

/** `contact-support`: no portal and no test cancel (complimentary access): write to us. */
function ContactSupportButton() {
  const i18n = useNamespace('subscriptions');
  const { name: siteName } = useSite();
  const subject = i18n._('subscriptions.support.subject', { siteName });
  return (
    <LinkButton
      href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`}
      icon={LifeBuoy}
      native
      variant="outline"
    >
      {i18n._('subscriptions.support.contact')}
    </LinkButton>
  );
}

/** docs/product.md, "Account, subscription": the 'Your Subscription' page's Manage Billing (Contact Support) button. */
export function ManageBilling({
  billingManagement,
  isTrial = false,
}: {
  billingManagement: BillingManagement;
  /** A free trial: cancelling keeps it to its end. */
  isTrial?: boolean;
}) {
  const i18n = useNamespace('subscriptions');
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-3">
        {billingManagement === 'portal' && <ManageBillingButton />}
        {billingManagement === 'test-cancel' && <CancelTestSubscriptionButton isTrial={isTrial} />}
        {billingManagement === 'contact-support' && <ContactSupportButton />}
      </div>
      <p className="text-muted-foreground text-sm">{billingHint(billingManagement, i18n)}</p>
    </div>
  );
}
