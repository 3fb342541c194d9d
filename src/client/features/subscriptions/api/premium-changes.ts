import { apiJson } from '@client/lib/api';
import type { SubscriptionDetails, SyncResult } from '@shared/schemas/subscription';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionDetailsQueries } from './subscription-details';

/**
 * A change to the member's premium: afterwards every premium answer may differ (content, forums,
 * assessments, the current user first among them), so all of them are refreshed. `keep` stores
 * the answer first when it is worth showing at once.
 */
function usePremiumChange<T>(path: string, keep?: (answer: T, queryClient: QueryClient) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<T>('POST', path),
    onSuccess: (answer) => {
      keep?.(answer, queryClient);
      return queryClient.invalidateQueries();
    },
  });
}

/** `POST /api/sync-subscription-status`: success is true when the member now has premium access. */
export function useSyncSubscriptionStatus() {
  return usePremiumChange<SyncResult>('/api/sync-subscription-status');
}

/** `POST /api/checkout/test/cancel`: ends the caller's test subscription at once (status `canceled`). */
export function useCancelTestSubscription() {
  return usePremiumChange<SubscriptionDetails>('/api/checkout/test/cancel', (details, queryClient) =>
    queryClient.setQueryData(subscriptionDetailsQueries.details().queryKey, details),
  );
}
