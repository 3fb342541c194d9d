import { getQueryFn } from '@client/lib/api';
import type { TestCheckoutSession } from '@shared/schemas/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const testCheckoutQueries = {
  /** `GET /api/checkout/test/{sessionId}`: one test-mode checkout of the caller's (404 otherwise). */
  session: (sessionId: string) =>
    queryOptions({
      queryKey: ['/api/checkout/test', encodeURIComponent(sessionId)],
      queryFn: getQueryFn<TestCheckoutSession>({ on401: 'throw' }),
    }),
};

export function useTestCheckoutSession(sessionId: string) {
  return useQuery(testCheckoutQueries.session(sessionId));
}
