import { getQueryFn } from '@client/lib/api';
import type { SubscriptionDetails } from '@shared/schemas/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const subscriptionDetailsQueries = {
  /** `GET /api/subscription-details`: the member's subscription and how billing is managed (401 for visitors). */
  details: () =>
    queryOptions({
      queryKey: ['/api/subscription-details'],
      queryFn: getQueryFn<SubscriptionDetails>({ on401: 'throw' }),
    }),
};

export function useSubscriptionDetails({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...subscriptionDetailsQueries.details(), enabled: isEnabled });
}
