import { apiJson } from '@client/lib/api';
import type { OfferPreview } from '@shared/schemas/offers';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const offerQueries = {
  /** `GET /api/billing/offers/{code}?planId=`: what a code gives for the plan, 404 when it cannot be used. */
  lookup: (code: string, planId: string) =>
    queryOptions({
      queryKey: ['/api/billing/offers', code, planId],
      queryFn: () =>
        apiJson<OfferPreview>(
          'GET',
          `/api/billing/offers/${encodeURIComponent(code)}?planId=${encodeURIComponent(planId)}`,
        ),
      // A refused code is an answer, not a failure to retry (and lookups are rate-limited).
      retry: false,
      staleTime: 60_000,
    }),
};

/** The offer the member applied, looked up for the chosen plan; idle while no code is applied. */
export function useOffer(code: string | null, planId: string | undefined) {
  return useQuery({
    ...offerQueries.lookup(code ?? '', planId ?? ''),
    enabled: Boolean(code && planId),
  });
}
