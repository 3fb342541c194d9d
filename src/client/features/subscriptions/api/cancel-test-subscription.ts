import { apiJson } from '@client/lib/api';
import type { SubscriptionDetails } from '@shared/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionDetailsQueries } from './subscription-details';

/** `POST /api/checkout/test/cancel`: ends the caller's test subscription at once (status `canceled`). */
export async function cancelTestSubscription(): Promise<SubscriptionDetails> {
  return apiJson<SubscriptionDetails>('POST', '/api/checkout/test/cancel');
}

/** Premium closes again: the details are the answer, and everything premium-dependent is refreshed. */
export function useCancelTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTestSubscription,
    onSuccess: (details) => {
      queryClient.setQueryData(subscriptionDetailsQueries.details().queryKey, details);
      return queryClient.invalidateQueries();
    },
  });
}
