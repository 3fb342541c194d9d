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
import { usePlans } from '@client/features/subscriptions';
import { formatCurrency, formatDate, formatPercent } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import { CreateOfferInputSchema, OFFER_DURATIONS, type Offer } from '@shared/schemas/offers';
import { type FormEvent, useId, useState } from 'react';
import { useAdminOffers, useCreateOffer, useWithdrawOffer } from '../api/admin-offers';

function durationLabel(i18n: I18n, duration: (typeof OFFER_DURATIONS)[number]): string {
  switch (duration) {
    case 'once':
      return i18n._('admin.offers.duration.once');
    case 'repeating':
      return i18n._('admin.offers.duration.repeating');
    case 'forever':
      return i18n._('admin.offers.duration.forever');
  }
}

/** "20% off for 3 months", "$10.00 off on the first payment": one sentence in the admin's language. */
function describeOffer(i18n: I18n, offer: Offer): string {
  return i18n._('admin.offers.gives', {
    kind: offer.percentOff !== null ? 'percent' : 'amount',
    percent: formatPercent((offer.percentOff ?? 0) / 100),
    amount: formatCurrency(offer.amountOffCents ?? 0, offer.currency.toUpperCase()),
    duration: offer.duration,
    months: offer.durationInMonths ?? 1,
  });
}

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
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a date and time for Date, not words
    ...(values.endsOn ? { expiresAt: new Date(`${values.endsOn}T23:59:59`).toISOString() } : {}),
    ...(values.planId ? { planId: values.planId } : {}),
  });
}

function OfferForm() {
  const i18n = useNamespace('admin');
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
        toast({
          title: i18n._('admin.offers.created'),
          description: i18n._('admin.offers.createdText', { code: offer.code }),
        });
        setValues(EMPTY);
      },
      onError: (error) => explainFailure(error, i18n._('admin.offers.createFailed')),
    });
  };

  return (
    <Card className="p-5 sm:p-7">
      <form onSubmit={onSubmit} className="grid gap-5" aria-labelledby={`${id}-title`} noValidate>
        <h2 id={`${id}-title`} className="font-semibold text-xl">
          {i18n._('admin.offers.new')}
        </h2>
        <Field label={i18n._('admin.offers.code')} hint={i18n._('admin.offers.codeHint')} error={errors.code}>
          <Input value={values.code} onChange={set('code')} autoComplete="off" maxLength={40} />
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">{i18n._('admin.offers.discount')}</legend>
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
                {kind === 'percent'
                  ? i18n._('admin.offers.percentOff')
                  : i18n._('admin.offers.amountOff', { currency: currency.toUpperCase() })}
              </label>
            ))}
          </div>
          <Field
            label={values.kind === 'percent' ? i18n._('admin.offers.percent') : i18n._('admin.offers.amount')}
            error={errors.value}
          >
            <Input value={values.value} onChange={set('value')} inputMode="decimal" />
          </Field>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-duration`}>{i18n._('admin.offers.appliesTo')}</Label>
          <NativeSelect id={`${id}-duration`} value={values.duration} onChange={set('duration')}>
            {OFFER_DURATIONS.map((duration) => (
              <option key={duration} value={duration}>
                {durationLabel(i18n, duration)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {values.duration === 'repeating' && (
          <Field label={i18n._('admin.offers.months')} error={errors.durationInMonths}>
            <Input value={values.months} onChange={set('months')} inputMode="numeric" />
          </Field>
        )}
        <Field label={i18n._('admin.offers.maxRedemptions')} error={errors.maxRedemptions}>
          <Input value={values.maxRedemptions} onChange={set('maxRedemptions')} inputMode="numeric" />
        </Field>
        <Field label={i18n._('admin.offers.lastDay')} error={errors.expiresAt}>
          <Input type="date" value={values.endsOn} onChange={set('endsOn')} />
        </Field>
        {plans.data && plans.data.length > 1 && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-plan`}>{i18n._('admin.offers.plan')}</Label>
            <NativeSelect id={`${id}-plan`} value={values.planId} onChange={set('planId')}>
              <option value="">{i18n._('admin.offers.anyPlan')}</option>
              {plans.data.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {i18n._('admin.offers.planOption', {
                    interval: plan.interval,
                    price: formatCurrency(plan.amountCents, plan.currency.toUpperCase()),
                  })}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button
          type="submit"
          className="w-fit"
          isPending={create.isPending}
          pendingText={i18n._('admin.offers.creating')}
        >
          {i18n._('admin.offers.create')}
        </Button>
      </form>
    </Card>
  );
}

function OfferCard({ offer, onWithdraw }: { offer: Offer; onWithdraw: (offer: Offer) => void }) {
  const i18n = useNamespace('admin');
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-mono font-semibold text-lg">{offer.code}</h3>
        {offer.planId && <Badge tone="blue">{i18n._('admin.offers.onePlan')}</Badge>}
      </div>
      <p>{describeOffer(i18n, offer)}</p>
      <p className="text-muted-foreground text-sm">
        {offer.maxRedemptions === null
          ? i18n._('admin.offers.usedNoLimit', { count: offer.redemptions })
          : i18n._('admin.offers.usedOf', { count: offer.redemptions, max: offer.maxRedemptions })}
        {offer.expiresAt && i18n._('admin.offers.ends', { date: formatDate(offer.expiresAt) })}
      </p>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => onWithdraw(offer)}>
        {i18n._('admin.offers.withdrawCode', { code: offer.code })}
      </Button>
    </Card>
  );
}

/** /admin/offers: make offer codes, see how often each was used, withdraw them. */
export function OffersManagement() {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.offers.title'));
  const offers = useAdminOffers();
  const withdraw = useWithdrawOffer();
  const [pending, setPending] = useState<Offer | null>(null);
  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title={i18n._('admin.offers.title')}
        description={i18n._('admin.offers.description')}
      />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <OfferForm />
        <section aria-labelledby="offers-list" className="grid gap-4">
          <h2 id="offers-list" className="font-semibold text-xl">
            {i18n._('admin.offers.live')}
          </h2>
          {offers.isPending && <p role="status">{i18n._('admin.offers.loading')}</p>}
          {offers.isError && (
            <LoadError
              headingLevel={3}
              title={i18n._('admin.offers.loadFailed')}
              isRetrying={offers.isFetching}
              onRetry={() => void offers.refetch()}
            />
          )}
          {offers.data?.length === 0 && (
            <p className="text-muted-foreground">{i18n._('admin.offers.none')}</p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {offers.data?.map((offer) => (
              <OfferCard key={offer.id} offer={offer} onWithdraw={setPending} />
            ))}
          </div>
        </section>
      </div>
      <ConfirmDialog
        item={pending}
        title={i18n._('admin.offers.withdrawTitle')}
        description={(offer) => i18n._('admin.offers.withdrawQuestion', { code: offer.code })}
        confirmLabel={i18n._('admin.offers.withdraw')}
        pendingText={i18n._('admin.offers.withdrawing')}
        isPending={withdraw.isPending}
        onConfirm={(offer) =>
          withdraw.mutate(offer, {
            onSuccess: () => {
              toast({
                title: i18n._('admin.offers.withdrawn'),
                description: i18n._('admin.offers.withdrawnText', { code: offer.code }),
              });
              setPending(null);
            },
            onError: (error) => explainFailure(error, i18n._('admin.offers.withdrawFailed')),
          })
        }
        onClose={() => setPending(null)}
      />
    </div>
  );
}

/** The screen behind the admin gate: members see Access Denied. */
export const AdminOffersScreen = behindAdminGate(OffersManagement);
