import { apiRequest } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

export type CheckoutChoice = { priceId: string; promotionCode?: string };

/**
 * `POST /api/create-checkout-session` with the chosen plan's price identifier (and an offer code):
 * `{url}` of the hosted checkout (Stripe, or the test-mode screen). 401 for visitors, 409 when
 * already subscribed, 400 for a code that cannot be used. The url is read defensively:
 * docs/product.md, "Errors shown" has words for an answer without one.
 */
export async function createCheckoutSession(choice: CheckoutChoice): Promise<{ url: string | null }> {
  const response = await apiRequest('POST', '/api/create-checkout-session', choice);
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  return { url: typeof body?.url === 'string' && body.url ? body.url : null };
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
