import { apiQuery } from '@client/lib/api';
import type { ProgressEntry } from '@shared/schemas/content';
import { useQuery } from '@tanstack/react-query';

export const progressQueries = {
  /** `GET /api/progress`: unfinished items, most recent first (at most 10). */
  list: () => apiQuery<ProgressEntry[]>('/api/progress'),
};

export function useProgress({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...progressQueries.list(), enabled: isEnabled });
}
