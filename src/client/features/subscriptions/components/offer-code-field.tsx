import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { describeDiscount, describeOfferDuration, discountedAmount } from '@shared/schemas/offers';
import type { BillingPlan } from '@shared/schemas/subscription';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { isOfferForPlan, useOffer } from '../api/offer';
import { formatPlanPrice } from '../format';

/**
 * The offer code at checkout: typed, or pre-filled from `/subscribe?offer=CODE`. The server says
 * what it gives for the chosen plan (or why it cannot be used); checkout sends it only then.
 */
export function OfferCodeField({
  plan,
  plans,
  appliedCode,
  onApply,
}: {
  plan: BillingPlan;
  plans: readonly BillingPlan[];
  appliedCode: string | null;
  onApply: (code: string | null) => void;
}) {
  const i18n = useNamespace('subscriptions');
  const id = useId();
  const [draft, setDraft] = useState(appliedCode ?? '');
  const offer = useOffer(appliedCode);
  const offerPlan = offer.data?.planId
    ? plans.find((candidate) => candidate.id === offer.data.planId)
    : undefined;
  const isOtherPlan = Boolean(offer.data && !isOfferForPlan(offer.data, plan.id));
  const messageId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const code = draft.trim().toUpperCase();
    onApply(code || null);
  };

  let message = null;
  if (appliedCode && isOtherPlan) {
    message = (
      <p id={messageId} role="alert" className="text-destructive text-sm">
        {offerPlan?.interval === 'year'
          ? i18n._('subscriptions.offer.forAnnual')
          : i18n._('subscriptions.offer.forMonthly')}
      </p>
    );
  } else if (appliedCode && offer.isError) {
    message = (
      <p id={messageId} role="alert" className="text-destructive text-sm">
        {getErrorMessage(offer.error) ?? i18n._('subscriptions.offer.checkFailed')}
      </p>
    );
  } else if (appliedCode && offer.data) {
    const first = discountedAmount(plan.amountCents, offer.data);
    message = (
      <p id={messageId} role="status" className="flex items-start gap-2 text-sm">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <span className="font-medium">{offer.data.code}</span>:{' '}
          {describeDiscount(offer.data, formatPlanPrice)} {describeOfferDuration(offer.data)}.{' '}
          {i18n._('subscriptions.offer.firstPayment', {
            first: formatPlanPrice(first, plan.currency, { withCents: true }),
            usual: formatPlanPrice(plan.amountCents, plan.currency, { withCents: true }),
          })}
        </span>
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-2" aria-label={i18n._('subscriptions.offer.label')}>
      <Label htmlFor={id}>{i18n._('subscriptions.offer.field')}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={appliedCode && (offer.isError || isOtherPlan) ? true : undefined}
          aria-describedby={message ? messageId : undefined}
        />
        <Button
          type="submit"
          variant="outline"
          isPending={offer.isFetching}
          pendingText={i18n._('subscriptions.offer.checking')}
        >
          {i18n._('subscriptions.offer.apply')}
        </Button>
      </div>
      {message}
    </form>
  );
}
