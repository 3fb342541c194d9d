import { apiQuery } from '@client/lib/api';
import type { AdminStats } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';

export const adminStatsQueries = {
  /** `GET /api/admin/stats`: the dashboard's counts and its recent activity (admins only). */
  stats: () => apiQuery<AdminStats>('/api/admin/stats'),
};

export function useAdminStats({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...adminStatsQueries.stats(), enabled: isEnabled });
}
