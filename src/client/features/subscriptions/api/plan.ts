import { apiQuery } from '@client/lib/api';
import { isPlanPrice, PLAN } from '@shared/plan';
import type { Plan, PlanPrice } from '@shared/schemas/subscription';
import { useQuery } from '@tanstack/react-query';

export const planQueries = {
  /** `GET /api/billing/plan`: the one plan, the price identifier checkout expects, and the payment mode. */
  plan: () => apiQuery<Plan>('/api/billing/plan'),
};

export function usePlan() {
  return useQuery(planQueries.plan());
}

/**
 * The price on the landing page's plan card. The pre-rendered page carries the operator's price in
 * `<meta name="stillpoint-plan">` (written by the server, docs/decisions/021-operator-plan-price.md),
 * so the first paint is already right; the plan from the API replaces it once it arrives.
 */
export function readPlanHint(doc: Document | undefined = globalThis.document): PlanPrice | undefined {
  const content = doc?.querySelector('meta[name="stillpoint-plan"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const parsed: unknown = JSON.parse(content);
    if (!isPlanPrice(parsed)) return undefined;
    const { amountCents, currency, interval, periodDays } = parsed;
    return { amountCents, currency, interval, periodDays };
  } catch {
    return undefined;
  }
}

const DEFAULT_PRICE: PlanPrice = {
  amountCents: PLAN.amountCents,
  currency: PLAN.currency,
  interval: PLAN.interval,
  periodDays: PLAN.periodDays,
};

export function useLandingPlanPrice(): PlanPrice {
  const { data } = useQuery(planQueries.plan());
  return data ?? readPlanHint() ?? DEFAULT_PRICE;
}
