import { apiQuery } from '@client/lib/api';
import type { MemberNewsletter, MemberNewsletterSummary } from '@shared/schemas/newsletters';
import { useQuery } from '@tanstack/react-query';

export const newsletterQueries = {
  /** `GET /api/newsletters`: the newsletters sent to the signed-in member, newest first. */
  list: () => apiQuery<MemberNewsletterSummary[]>('/api/newsletters'),
  /** `GET /api/newsletters/{id}`: one of them (404 for any other). */
  detail: (id: string) => apiQuery<MemberNewsletter>('/api/newsletters', encodeURIComponent(id)),
};

export function useMemberNewsletters() {
  return useQuery(newsletterQueries.list());
}

export function useMemberNewsletter(id: string) {
  return useQuery(newsletterQueries.detail(id));
}
