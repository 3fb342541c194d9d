import { apiJson } from '@client/lib/api';
import type { FlagInput, FlagResult } from '@shared/schemas/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentQueries } from './comments';
import { forumQueries } from './forums';
import { postQueries } from './post';

export type FlagTarget = { kind: 'post' | 'comment'; id: string; postId: string };

/**
 * `POST /api/posts/{id}/flag` or `/api/comments/{id}/flag`: 201 `{isHidden, supportResources}`;
 * 409 when this member flagged it already, 403 on their own.
 */
export function useFlagItem(target: FlagTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FlagInput) =>
      apiJson<FlagResult>('POST', `/api/${target.kind}s/${encodeURIComponent(target.id)}/flag`, input),
    onSuccess: (result) => {
      // Hidden now: the lists and counts this member sees change.
      if (!result.isHidden) return undefined;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postQueries.detail(target.postId).queryKey }),
        queryClient.invalidateQueries({ queryKey: commentQueries.list(target.postId).queryKey }),
        queryClient.invalidateQueries({ queryKey: forumQueries.all() }),
      ]);
    },
  });
}
