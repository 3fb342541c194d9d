import { apiRequest } from '@client/lib/api';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content';
import type { AuditEntry, ModerationItem, MuteInput } from '@shared/schemas/moderation';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

export const MODERATION_PAGE_SIZE = 20;

type Page<T> = { items: T[]; nextCursor: string | null };

async function getPage<T>(path: string, cursor: string | null): Promise<Page<T>> {
  const query = new URLSearchParams({ limit: String(MODERATION_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const response = await apiRequest('GET', `${path}?${query}`);
  return {
    items: (await response.json()) as T[],
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

export const moderationQueries = {
  /** `GET /api/admin/moderation`: flagged items, most recently flagged first. */
  queue: () =>
    infiniteQueryOptions({
      queryKey: ['/api/admin/moderation'],
      queryFn: ({ pageParam }) => getPage<ModerationItem>('/api/admin/moderation', pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  /** `GET /api/admin/audit-log` (admins): every moderation action, newest first. */
  auditLog: () =>
    infiniteQueryOptions({
      queryKey: ['/api/admin/audit-log'],
      queryFn: ({ pageParam }) => getPage<AuditEntry>('/api/admin/audit-log', pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
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
