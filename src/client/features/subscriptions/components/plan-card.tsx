import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { i18n, useNamespace } from '@client/lib/i18n';
import type { BillingPlan, Plan } from '@shared/schemas/subscription';
import { FlaskConical, LockKeyhole } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { annualPlanName } from '../api/plans';
import { formatPlanPrice, formatShortDate } from '../format';
import { BenefitsList } from './benefits-list';

/** Shown whenever payments are simulated (docs/architecture.md, "Contracts"). */
export function TestModeBadge({ className }: { className?: string }) {
  const i18n = useNamespace('subscriptions');
  return (
    <Badge tone="orange" className={className} icon={FlaskConical}>
      {i18n._('subscriptions.testMode')}
    </Badge>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/**
 * When a trial's first charge happens, in words: 'Free for 14 days, then $12 per month. Your
 * first charge is on Dec 11, 2026; cancel before then and you pay nothing.'
 */
export function trialNote(plan: BillingPlan, now = new Date()): string {
  const firstCharge = formatShortDate(new Date(now.getTime() + plan.trialDays * DAY_MS).toISOString());
  return i18n._('subscriptions.trialNote', {
    days: plan.trialDays,
    price: formatPlanPrice(plan.amountCents, plan.currency),
    interval: plan.interval,
    date: firstCharge,
  });
}

/**
 * The plan card (docs/product.md, "Account, subscription" and "Constants and limits"): $12 per month, 30 days from purchase, cancel
 * anytime, the four benefits and Subscribe Now. With several plans the member's choice (`selected`)
 * sets the price, and `choice` holds the monthly/annual switch; `extra` holds the offer code field.
 */
export function PlanCard({
  plan,
  selected,
  choice,
  extra,
  onSubscribe,
  isPending,
  children,
}: {
  plan: Plan;
  /** The chosen plan from `GET /api/billing/plans` (absent: the monthly plan as `plan` says). */
  selected?: BillingPlan;
  /** The monthly/annual choice, above the price. */
  choice?: ReactNode;
  /** Below the price: the offer code field. */
  extra?: ReactNode;
  onSubscribe: () => void;
  isPending: boolean;
  /** A note between the benefits and the button (a checkout in another tab, an ended subscription). */
  children?: ReactNode;
}) {
  const i18n = useNamespace('subscriptions');
  const titleId = useId();
  const benefitsId = useId();
  const isTestMode = plan.mode === 'test';
  const isAnnual = selected?.interval === 'year';
  const price = selected ?? plan;
  const periodDays = selected ? (PERIOD_DAYS[selected.interval] ?? plan.periodDays) : plan.periodDays;
  return (
    <Card role="region" aria-labelledby={titleId} className="relative w-full overflow-hidden p-6 sm:p-9">
      <div
        aria-hidden="true"
        className="-top-24 -end-24 pointer-events-none absolute size-64 rounded-full bg-[radial-gradient(circle,var(--color-sage-soft),transparent_70%)]"
      />
      <div className="relative flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="font-medium text-primary text-sm uppercase tracking-[0.14em]">
            {isAnnual ? i18n._('subscriptions.plan.annual') : i18n._('subscriptions.plan.monthly')}
          </p>
          <h2 id={titleId} className="font-display font-medium text-2xl tracking-tight">
            {isAnnual ? annualPlanName(plan.name) : plan.name}
          </h2>
        </div>
        {isTestMode && <TestModeBadge className="text-sm" />}
      </div>
      {choice && <div className="relative mt-5">{choice}</div>}
      <p className="relative mt-5 flex items-baseline gap-2">
        <span className="font-display font-medium text-5xl tracking-tight">
          {formatPlanPrice(price.amountCents, price.currency)}
        </span>
        <span className="text-muted-foreground">
          {i18n._('subscriptions.perInterval', { interval: price.interval })}
        </span>
      </p>
      <p className="relative mt-2 text-muted-foreground">
        {i18n._('subscriptions.plan.period', { days: periodDays })}
      </p>
      {selected && selected.trialDays > 0 && (
        <p className="relative mt-2 font-medium text-foreground">{trialNote(selected)}</p>
      )}
      {extra && <div className="relative mt-5">{extra}</div>}
      <h3 id={benefitsId} className="relative mt-7 mb-3.5 font-semibold text-sm">
        {i18n._('subscriptions.plan.included')}
      </h3>
      <BenefitsList className="relative" labelledBy={benefitsId} />
      {children && <div className="relative mt-7">{children}</div>}
      <Button
        size="lg"
        className="relative mt-8 w-full"
        onClick={onSubscribe}
        isPending={isPending}
        pendingText={i18n._('subscriptions.plan.opening')}
      >
        {i18n._('subscriptions.plan.subscribe')}
      </Button>
      <p className="relative mt-4 text-center text-muted-foreground text-sm">
        {isTestMode ? (
          <FlaskConical className="-mt-0.5 me-1.5 inline size-4" strokeWidth={1.5} aria-hidden="true" />
        ) : (
          <LockKeyhole className="-mt-0.5 me-1.5 inline size-4" strokeWidth={1.5} aria-hidden="true" />
        )}
        {isTestMode ? i18n._('subscriptions.plan.testModeNote') : i18n._('subscriptions.plan.secureNote')}
      </p>
    </Card>
  );
}
