import { getQueryFn } from '@client/lib/api';
import type { Analytics } from '@shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const analyticsQueries = {
  /** `GET /api/admin/analytics`: user, subscription, content and community metrics (admins only). */
  analytics: () =>
    queryOptions({
      queryKey: ['/api/admin/analytics'],
      queryFn: getQueryFn<Analytics>({ on401: 'throw' }),
    }),
};

export function useAnalytics() {
  return useQuery(analyticsQueries.analytics());
}
