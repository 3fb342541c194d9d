import { apiRequest } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/**
 * `POST /api/billing-portal`: `{url}` of the Stripe Customer Portal for the member. 409 or 404
 * with a message when there is no portal to open (test mode, no customer yet).
 */
export async function openBillingPortal(): Promise<{ url: string }> {
  const response = await apiRequest('POST', '/api/billing-portal');
  return (await response.json()) as { url: string };
}

export function useBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
