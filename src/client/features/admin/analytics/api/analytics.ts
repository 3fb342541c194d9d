import { adminQuery } from '@client/features/admin/kit/admin-query';
import type { Analytics } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';

export const analyticsQueries = {
  /** `GET /api/admin/analytics`: user, subscription, content and community metrics (admins only). */
  analytics: adminQuery<Analytics>('/api/admin/analytics'),
};

export function useAnalytics() {
  return useQuery(analyticsQueries.analytics());
}
