import { apiQuery } from '@client/lib/api';
import type { SubscriptionDetails } from '@shared/schemas/subscription';
import { useQuery } from '@tanstack/react-query';

export const subscriptionDetailsQueries = {
  /** `GET /api/subscription-details`: the member's subscription and how billing is managed (401 for visitors). */
  details: () => apiQuery<SubscriptionDetails>('/api/subscription-details'),
};

export function useSubscriptionDetails({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...subscriptionDetailsQueries.details(), enabled: isEnabled });
}
