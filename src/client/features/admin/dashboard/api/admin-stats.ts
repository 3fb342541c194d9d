import { getQueryFn } from '@client/lib/api';
import type { AdminStats } from '@shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const adminStatsQueries = {
  /** `GET /api/admin/stats`: the dashboard's counts and its recent activity (admins only). */
  stats: () =>
    queryOptions({
      queryKey: ['/api/admin/stats'],
      queryFn: getQueryFn<AdminStats>({ on401: 'throw' }),
    }),
};

export function useAdminStats({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...adminStatsQueries.stats(), enabled: isEnabled });
}
