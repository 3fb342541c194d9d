import { apiQuery, apiRequest } from '@client/lib/api';
import { isNetworkError } from '@client/lib/online-status';
import type { ProgressEntry } from '@shared/schemas/content';
import { useQuery } from '@tanstack/react-query';
import { queueProgress } from './offline-progress';

export const progressQueries = {
  /** `GET /api/progress`: unfinished items, most recent first (at most 10). */
  list: () => apiQuery<ProgressEntry[]>('/api/progress'),
};

export function useProgress({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...progressQueries.list(), enabled: isEnabled });
}

/** `PUT /api/progress/{id}`: where the member is in an item, and whether they finished it. */
export async function sendProgress(
  videoId: string,
  input: { positionSeconds: number; completed: boolean },
): Promise<void> {
  await apiRequest('PUT', `/api/progress/${encodeURIComponent(videoId)}`, {
    positionSeconds: Math.max(0, Math.round(input.positionSeconds * 10) / 10),
    completed: input.completed,
  });
}

/** Saves progress; with no network it is kept on the device and sent later (offline-progress.ts). */
export async function saveProgress(
  videoId: string,
  input: { positionSeconds: number; completed: boolean },
): Promise<void> {
  try {
    await sendProgress(videoId, input);
  } catch (error) {
    if (isNetworkError(error) && queueProgress(videoId, input)) return;
    throw error;
  }
}
