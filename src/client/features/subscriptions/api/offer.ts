import { apiJson } from '@client/lib/api';
import type { OfferPreview } from '@shared/schemas/offers';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const offerQueries = {
  /**
   * `GET /api/billing/offers/{code}`: what a code gives (and for which plan), 404 when it cannot be
   * used at all. Asked once per code, not per plan: the screen compares the offer's plan itself,
   * so choosing a plan sends nothing and an offer for another plan is not an error.
   */
  lookup: (code: string) =>
    queryOptions({
      queryKey: ['/api/billing/offers', code],
      queryFn: () => apiJson<OfferPreview>('GET', `/api/billing/offers/${encodeURIComponent(code)}`),
      // A refused code is an answer, not a failure to retry (and lookups are rate-limited).
      retry: false,
      staleTime: 60_000,
    }),
};

/** The offer the member applied; idle while no code is applied. */
export function useOffer(code: string | null) {
  return useQuery({ ...offerQueries.lookup(code ?? ''), enabled: Boolean(code) });
}

/** Whether an offer can be used with `planId` (an offer for one plan only fits that plan). */
export const isOfferForPlan = (offer: OfferPreview, planId: string) =>
  !offer.planId || offer.planId === planId;
