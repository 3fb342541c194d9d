import { apiRequest } from '@client/lib/api';
import { cursorListOptions } from '@client/lib/cursor-pages';
import type { AuditEntry, ModerationItem, MuteInput } from '@shared/schemas/moderation';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

export const moderationQueries = {
  /** `GET /api/admin/moderation`: flagged items, most recently flagged first. */
  queue: () => cursorListOptions<ModerationItem>('/api/admin/moderation'),
  /** `GET /api/admin/audit-log` (admins): every moderation action, newest first. */
  auditLog: () => cursorListOptions<AuditEntry>('/api/admin/audit-log'),
};

export function useModerationQueue() {
  return useInfiniteQuery(moderationQueries.queue());
}

export function useAuditLog({ isEnabled }: { isEnabled: boolean }) {
  return useInfiniteQuery({ ...moderationQueries.auditLog(), enabled: isEnabled });
}

export type ModerationAction =
  | { type: 'restore'; item: ModerationItem }
  | { type: 'remove'; item: ModerationItem; reason: string }
  | { type: 'mute'; item: ModerationItem; input: MuteInput };

/** Restore (dismiss flags), remove with a reason, or mute the author; the queue refreshes after. */
export async function runModerationAction(action: ModerationAction): Promise<void> {
  const kind = action.item.kind === 'post' ? 'posts' : 'comments';
  const base = `/api/admin/moderation/${kind}/${encodeURIComponent(action.item.id)}`;
  switch (action.type) {
    case 'restore':
      await apiRequest('POST', `${base}/restore`, {});
      return;
    case 'remove':
      await apiRequest('POST', `${base}/remove`, { reason: action.reason });
      return;
    case 'mute':
      if (!action.item.author.id) return;
      await apiRequest(
        'POST',
        `/api/admin/users/${encodeURIComponent(action.item.author.id)}/mute`,
        action.input,
      );
  }
}

export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runModerationAction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/moderation'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/audit-log'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/forums'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/posts'] }),
      ]),
  });
}
