import { apiQuery } from '@client/lib/api';
import type { Analytics } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';

export const analyticsQueries = {
  /** `GET /api/admin/analytics`: user, subscription, content and community metrics (admins only). */
  analytics: () => apiQuery<Analytics>('/api/admin/analytics'),
};

export function useAnalytics() {
  return useQuery(analyticsQueries.analytics());
}
