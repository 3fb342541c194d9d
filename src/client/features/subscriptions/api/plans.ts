import { apiQuery } from '@client/lib/api';
import type { BillingPlan, Plan } from '@shared/schemas/subscription';
import { useQuery } from '@tanstack/react-query';
import { usePlan } from './plan';

export const plansQueries = {
  /** `GET /api/billing/plans`: the plans on sale, monthly first, with any free trial. */
  list: () => apiQuery<BillingPlan[]>('/api/billing/plans'),
};

export function usePlans() {
  return useQuery(plansQueries.list());
}

/**
 * What the annual plan saves against twelve monthly payments, or null when it saves nothing
 * (or the two are in different currencies): the card only claims a saving that is real.
 */
export function annualSaving(
  plans: readonly BillingPlan[],
): { amountCents: number; percent: number; currency: string } | null {
  const monthly = plans.find((plan) => plan.interval === 'month');
  const annual = plans.find((plan) => plan.interval === 'year');
  if (!monthly || !annual || monthly.currency !== annual.currency) return null;
  const yearOfMonths = monthly.amountCents * 12;
  const amountCents = yearOfMonths - annual.amountCents;
  if (amountCents <= 0) return null;
  // Rounded down: "save 30%" must never promise more than the member saves.
  return { amountCents, percent: Math.floor((amountCents / yearOfMonths) * 100), currency: annual.currency };
}

/**
 * The annual plan's name beside the monthly one's: the server names the monthly plan after the site
 * ("Quiet Harbour Monthly"), so the annual one is "Quiet Harbour Annual".
 */
export function annualPlanName(monthlyName: string): string {
  if (monthlyName.endsWith(' Annual')) return monthlyName;
  return monthlyName.endsWith(' Monthly')
    ? `${monthlyName.slice(0, -' Monthly'.length)} Annual`
    : `${monthlyName}, annual`;
}

/** The plan a subscriber is on, as cards show it: the annual one when they bought it. */
export function subscribedPlan(
  monthly: Plan,
  plans: readonly BillingPlan[] | undefined,
  priceId: string | null,
): Plan {
  const annual = plans?.find((candidate) => candidate.id === priceId && candidate.interval === 'year');
  if (!annual) return monthly;
  return {
    ...monthly,
    priceId: annual.id,
    name: annualPlanName(monthly.name),
    amountCents: annual.amountCents,
    currency: annual.currency,
    interval: 'year',
    periodDays: 365,
  };
}

/** `subscribedPlan` from the plan and plans queries; undefined until the plan is known. */
export function useSubscribedPlan(priceId: string | null | undefined): Plan | undefined {
  const plan = usePlan();
  const plans = usePlans();
  return plan.data ? subscribedPlan(plan.data, plans.data, priceId ?? null) : undefined;
}
