import { apiQuery, apiRequest } from '@client/lib/api';
import type { CreateOfferInput, Offer } from '@shared/schemas/offers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const adminOfferQueries = {
  /** `GET /api/admin/offers`: the live offers, newest first (a handful: no paging). */
  list: () => apiQuery<Offer[]>('/api/admin/offers'),
};

export function useAdminOffers() {
  return useQuery(adminOfferQueries.list());
}

/** `POST /api/admin/offers`; the list is fresh when it resolves. */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateOfferInput) =>
      (await (await apiRequest('POST', '/api/admin/offers', input)).json()) as Offer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOfferQueries.list().queryKey }),
  });
}

/** `DELETE /api/admin/offers/{id}`: withdraws the offer. */
export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (offer: Offer) => {
      await apiRequest('DELETE', `/api/admin/offers/${encodeURIComponent(offer.id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOfferQueries.list().queryKey }),
  });
}
