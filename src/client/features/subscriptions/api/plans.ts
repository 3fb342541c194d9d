import { apiQuery } from '@client/lib/api';
import type { BillingPlan } from '@shared/schemas/subscription';
import { useQuery } from '@tanstack/react-query';

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
