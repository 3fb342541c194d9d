import { getQueryFn } from '@client/lib/api';
import type { Plan } from '@shared/schemas/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const planQueries = {
  /** `GET /api/billing/plan`: the one plan, the price identifier checkout expects, and the payment mode. */
  plan: () =>
    queryOptions({ queryKey: ['/api/billing/plan'], queryFn: getQueryFn<Plan>({ on401: 'throw' }) }),
};

export function usePlan() {
  return useQuery(planQueries.plan());
}
