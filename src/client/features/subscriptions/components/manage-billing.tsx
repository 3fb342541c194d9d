import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { LinkButton } from '@client/components/ui/link-button';
import { toast } from '@client/components/ui/use-toast';
import type { BILLING_MANAGEMENT } from '@shared/schemas/subscription';
import { CreditCard, LifeBuoy, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useOpenBillingPortal } from '../api/billing-portal';
import { useCancelTestSubscription } from '../api/premium-changes';
import { explainBillingFailure } from './subscription-toasts';

export type BillingManagement = (typeof BILLING_MANAGEMENT)[number];

/** Where 'Contact Support' writes to. */
export const SUPPORT_EMAIL = 'support@stillpoint.local';

export const BILLING_FAILURES = {
  portal: 'Failed to open billing. Please try again.',
  cancel: 'Failed to cancel your subscription. Please try again.',
} as const;

/** What each way of managing billing lets the member do, in a sentence under the button. */
export const BILLING_HINTS: Record<BillingManagement, string> = {
  portal: 'Update your card, see invoices or cancel on Stripe’s secure billing page.',
  'test-cancel': 'Test mode: cancelling ends your subscription right away, so you can try the whole cycle.',
  'contact-support': 'Your membership is looked after by our team. Write to us and we will gladly help.',
};

/** `portal`: Manage Billing opens the Stripe Customer Portal in this tab. */
function ManageBillingButton() {
  const portal = useOpenBillingPortal((error) => explainBillingFailure(error, BILLING_FAILURES.portal));
  return (
    <Button onClick={portal.open} isPending={portal.isPending} pendingText="Opening billing…">
      <CreditCard aria-hidden="true" />
      Manage Billing
    </Button>
  );
}

/**
 * `test-cancel`: ends the test subscription at once, after asking; a free trial is cancelled at its
 * end instead (the member keeps the days and is never charged).
 */
function CancelTestSubscriptionButton({ isTrial }: { isTrial: boolean }) {
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
              title: 'Trial cancelled',
              description: 'Premium stays open until your trial ends, and you will not be charged.',
            }
          : {
              title: 'Subscription cancelled',
              description: 'Premium access has ended. You can subscribe again whenever you like.',
            },
      );
    } catch (error) {
      explainBillingFailure(error, BILLING_FAILURES.cancel);
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
          Cancel subscription
        </Button>
      }
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      title="Cancel your subscription?"
      description={() =>
        isTrial
          ? 'Your free trial stays open until it ends, and then closes without a charge. You can subscribe again at any time.'
          : 'In test mode your subscription ends right away: premium sessions, premium forums and assessment retakes close again. You can subscribe again at any time.'
      }
      cancelLabel="Keep subscription"
      confirmLabel="Cancel subscription"
      pendingText="Cancelling…"
      isPending={cancel.isPending}
      onConfirm={onConfirm}
    />
  );
}

/** `contact-support`: no portal and no test cancel (complimentary access): write to us. */
function ContactSupportButton() {
  return (
    <LinkButton
      href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('My Stillpoint subscription')}`}
      icon={LifeBuoy}
      native
      variant="outline"
    >
      Contact Support
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
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-3">
        {billingManagement === 'portal' && <ManageBillingButton />}
        {billingManagement === 'test-cancel' && <CancelTestSubscriptionButton isTrial={isTrial} />}
        {billingManagement === 'contact-support' && <ContactSupportButton />}
      </div>
      <p className="text-muted-foreground text-sm">{BILLING_HINTS[billingManagement]}</p>
    </div>
  );
}
