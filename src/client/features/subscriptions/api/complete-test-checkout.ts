import { apiJson } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/**
 * `POST /api/checkout/test/{sessionId}/complete`: pays the test checkout and answers where to go
 * next (`/subscribe?success=true`). Replaying a completed session answers the same and does nothing.
 */
export async function completeTestCheckout(sessionId: string): Promise<{ redirectUrl: string }> {
  return apiJson<{ redirectUrl: string }>(
    'POST',
    `/api/checkout/test/${encodeURIComponent(sessionId)}/complete`,
  );
}

export function useCompleteTestCheckout(sessionId: string) {
  return useMutation({ mutationFn: () => completeTestCheckout(sessionId) });
}
