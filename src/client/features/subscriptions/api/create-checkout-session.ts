import { apiRequest } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/**
 * `POST /api/create-checkout-session` with the plan's price identifier: `{url}` of the hosted
 * checkout (Stripe, or the test-mode screen). 401 for visitors, 409 when already subscribed.
 * The url is read defensively: docs/product.md, "Errors shown" has words for an answer without one.
 */
export async function createCheckoutSession(priceId: string): Promise<{ url: string | null }> {
  const response = await apiRequest('POST', '/api/create-checkout-session', { priceId });
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  return { url: typeof body?.url === 'string' && body.url ? body.url : null };
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
