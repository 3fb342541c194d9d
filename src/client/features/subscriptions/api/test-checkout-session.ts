import { apiQuery } from '@client/lib/api';
import type { TestCheckoutSession } from '@shared/schemas/subscription';
import { useQuery } from '@tanstack/react-query';

export const testCheckoutQueries = {
  /** `GET /api/checkout/test/{sessionId}`: one test-mode checkout of the caller's (404 otherwise). */
  session: (sessionId: string) =>
    apiQuery<TestCheckoutSession>('/api/checkout/test', encodeURIComponent(sessionId)),
};

export function useTestCheckoutSession(sessionId: string) {
  return useQuery(testCheckoutQueries.session(sessionId));
}
