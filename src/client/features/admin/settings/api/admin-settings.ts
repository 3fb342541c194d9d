import { getQueryFn } from '@client/lib/api';
import type { AdminSettings } from '@shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const adminSettingsQueries = {
  /** `GET /api/admin/settings`: what the operator configured (never a secret; admins only). */
  settings: () =>
    queryOptions({
      queryKey: ['/api/admin/settings'],
      queryFn: getQueryFn<AdminSettings>({ on401: 'throw' }),
    }),
};

export function useAdminSettings() {
  return useQuery(adminSettingsQueries.settings());
}
