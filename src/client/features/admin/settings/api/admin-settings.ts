import { apiQuery } from '@client/lib/api';
import type { AdminSettings } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';

export const adminSettingsQueries = {
  /** `GET /api/admin/settings`: what the operator configured (never a secret; admins only). */
  settings: () => apiQuery<AdminSettings>('/api/admin/settings'),
};

export function useAdminSettings() {
  return useQuery(adminSettingsQueries.settings());
}
