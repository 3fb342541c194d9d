import { apiJson } from '@client/lib/api';
import type { SyncResult } from '@shared/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `POST /api/sync-subscription-status`: success is true when the member now has premium access. */
export async function syncSubscriptionStatus(): Promise<SyncResult> {
  return apiJson<SyncResult>('POST', '/api/sync-subscription-status');
}

/**
 * After the sync the member's status may have changed, and with it every premium answer (content,
 * forums, assessments): refresh them all, the current user first among them.
 */
export function useSyncSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncSubscriptionStatus,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
