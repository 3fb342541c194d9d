import { apiRequest, getQueryFn } from '@client/lib/api';
import type { ProgressEntry } from '@shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const progressQueries = {
  /** `GET /api/progress`: unfinished items, most recent first (at most 10). */
  list: () =>
    queryOptions({ queryKey: ['/api/progress'], queryFn: getQueryFn<ProgressEntry[]>({ on401: 'throw' }) }),
};

export function useProgress({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...progressQueries.list(), enabled: isEnabled });
}

/** `PUT /api/progress/{id}`: where the member is in an item, and whether they finished it. */
export async function saveProgress(
  videoId: string,
  input: { positionSeconds: number; completed: boolean },
): Promise<void> {
  await apiRequest('PUT', `/api/progress/${encodeURIComponent(videoId)}`, {
    positionSeconds: Math.max(0, Math.round(input.positionSeconds * 10) / 10),
    completed: input.completed,
  });
}
