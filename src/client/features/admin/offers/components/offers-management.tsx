import { LoadError } from '@client/components/content/state-cards';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { AdminPageHeader } from '@client/features/admin/kit/admin-page-header';
import { explainFailure } from '@client/features/admin/kit/toasts';
import { formatPrice, formatShortDate, usePlans } from '@client/features/subscriptions';
import { useDocumentTitle } from '@client/lib/use-document-title';
import {
  CreateOfferInputSchema,
  describeDiscount,
  describeOfferDuration,
  OFFER_DURATIONS,
  type Offer,
} from '@shared/schemas/offers';
import { type FormEvent, useId, useState } from 'react';
import { useAdminOffers, useCreateOffer, useWithdrawOffer } from '../api/admin-offers';

const DURATION_LABELS: Record<(typeof OFFER_DURATIONS)[number], string> = {
  once: 'The first payment',
  repeating: 'A number of months',
  forever: 'Every payment',
};

type FormValues = {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  duration: (typeof OFFER_DURATIONS)[number];
  months: string;
  maxRedemptions: string;
  endsOn: string;
  planId: string;
};

const EMPTY: FormValues = {
  code: '',
  kind: 'percent',
  value: '',
  duration: 'once',
  months: '3',
  maxRedemptions: '',
  endsOn: '',
  planId: '',
};

/** The form's values as the API's body (the shared schema parses it, as the route will). */
function toInput(values: FormValues, currencyDigits: number) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const value = number(values.value);
  return CreateOfferInputSchema.safeParse({
    code: values.code,
    ...(values.kind === 'percent'
      ? { percentOff: value }
      : { amountOffCents: value === undefined ? undefined : Math.round(value * 10 ** currencyDigits) }),
    duration: values.duration,
    ...(values.duration === 'repeating' ? { durationInMonths: number(values.months) } : {}),
    ...(values.maxRedemptions.trim() ? { maxRedemptions: number(values.maxRedemptions) } : {}),
    // The end of the chosen day, in the admin's time zone.
    ...(values.endsOn ? { expiresAt: new Date(`${values.endsOn}T23:59:59`).toISOString() } : {}),
    ...(values.planId ? { planId: values.planId } : {}),
  });
}

function OfferForm() {
  const id = useId();
  const plans = usePlans();
  const create = useCreateOffer();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const currency = plans.data?.[0]?.currency ?? 'usd';
  const set = (field: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toInput(values, currency.toLowerCase() === 'jpy' ? 0 : 2);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'code');
        const key = field === 'percentOff' || field === 'amountOffCents' ? 'value' : field;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (offer) => {
        toast({ title: 'Offer Created', description: `Members can now use ${offer.code}.` });
        setValues(EMPTY);
      },
      onError: (error) => explainFailure(error, 'The offer could not be created.'),
    });
  };

  return (
    <Card className="p-5 sm:p-7">
      <form onSubmit={onSubmit} className="grid gap-5" aria-labelledby={`${id}-title`} noValidate>
        <h2 id={`${id}-title`} className="font-semibold text-xl">
          New offer
        </h2>
        <Field
          label="Code"
          hint="Letters, digits, - and _; members may type it in any case."
          error={errors.code}
        >
          <Input value={values.code} onChange={set('code')} autoComplete="off" maxLength={40} />
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">Discount</legend>
          <div className="flex flex-wrap gap-4">
            {(['percent', 'amount'] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  checked={values.kind === kind}
                  onChange={() => setValues((current) => ({ ...current, kind }))}
                  className="size-4 accent-primary"
                />
                {kind === 'percent' ? 'Percent off' : `Amount off (${currency.toUpperCase()})`}
              </label>
            ))}
          </div>
          <Field label={values.kind === 'percent' ? 'Percent' : 'Amount'} error={errors.value}>
            <Input value={values.value} onChange={set('value')} inputMode="decimal" />
          </Field>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-duration`}>Applies to</Label>
          <NativeSelect id={`${id}-duration`} value={values.duration} onChange={set('duration')}>
            {OFFER_DURATIONS.map((duration) => (
              <option key={duration} value={duration}>
                {DURATION_LABELS[duration]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {values.duration === 'repeating' && (
          <Field label="Months" error={errors.durationInMonths}>
            <Input value={values.months} onChange={set('months')} inputMode="numeric" />
          </Field>
        )}
        <Field label="Most redemptions (optional)" error={errors.maxRedemptions}>
          <Input value={values.maxRedemptions} onChange={set('maxRedemptions')} inputMode="numeric" />
        </Field>
        <Field label="Last day (optional)" error={errors.expiresAt}>
          <Input type="date" value={values.endsOn} onChange={set('endsOn')} />
        </Field>
        {plans.data && plans.data.length > 1 && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-plan`}>Plan</Label>
            <NativeSelect id={`${id}-plan`} value={values.planId} onChange={set('planId')}>
              <option value="">Any plan</option>
              {plans.data.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.interval === 'year' ? 'Annual' : 'Monthly'} (
                  {formatPrice(plan.amountCents, plan.currency)})
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button type="submit" className="w-fit" isPending={create.isPending} pendingText="Creating...">
          Create Offer
        </Button>
      </form>
    </Card>
  );
}

function OfferCard({ offer, onWithdraw }: { offer: Offer; onWithdraw: (offer: Offer) => void }) {
  const limit = offer.maxRedemptions === null ? 'no limit' : `of ${offer.maxRedemptions}`;
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-mono font-semibold text-lg">{offer.code}</h3>
        {offer.planId && <Badge tone="blue">One plan</Badge>}
      </div>
      <p>
        {describeDiscount(offer, formatPrice)} {describeOfferDuration(offer)}
      </p>
      <p className="text-muted-foreground text-sm">
        Used {offer.redemptions} times ({limit})
        {offer.expiresAt && <> · ends {formatShortDate(offer.expiresAt)}</>}
      </p>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => onWithdraw(offer)}>
        Withdraw {offer.code}
      </Button>
    </Card>
  );
}

/** /admin/offers: make offer codes, see how often each was used, withdraw them. */
export function OffersManagement() {
  useDocumentTitle('Offers');
  const offers = useAdminOffers();
  const withdraw = useWithdrawOffer();
  const [pending, setPending] = useState<Offer | null>(null);
  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title="Offers"
        description="Codes members enter at checkout, or follow as /subscribe?offer=CODE"
      />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <OfferForm />
        <section aria-labelledby="offers-list" className="grid gap-4">
          <h2 id="offers-list" className="font-semibold text-xl">
            Live offers
          </h2>
          {offers.isPending && <p role="status">Loading offers...</p>}
          {offers.isError && (
            <LoadError
              headingLevel={3}
              title="The offers could not be loaded"
              isRetrying={offers.isFetching}
              onRetry={() => void offers.refetch()}
            />
          )}
          {offers.data?.length === 0 && <p className="text-muted-foreground">No offers yet.</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            {offers.data?.map((offer) => (
              <OfferCard key={offer.id} offer={offer} onWithdraw={setPending} />
            ))}
          </div>
        </section>
      </div>
      <ConfirmDialog
        item={pending}
        title="Withdraw Offer"
        description={(offer) =>
          `Withdraw ${offer.code}? No new checkout can use it; members already discounted keep their discount.`
        }
        confirmLabel="Withdraw"
        pendingText="Withdrawing..."
        isPending={withdraw.isPending}
        onConfirm={(offer) =>
          withdraw.mutate(offer, {
            onSuccess: () => {
              toast({ title: 'Offer Withdrawn', description: `${offer.code} can no longer be used.` });
              setPending(null);
            },
            onError: (error) => explainFailure(error, 'The offer could not be withdrawn.'),
          })
        }
        onClose={() => setPending(null)}
      />
    </div>
  );
}

/** The screen behind the admin gate: members see Access Denied. */
export const AdminOffersScreen = behindAdminGate(OffersManagement);
