import type { Comment } from '@shared/schemas/community';
import type { InfiniteData } from '@tanstack/react-query';
import { type CommentsPage, commentQueries, updateComment } from './comments';
import { sendLikeToggle, useLikeToggle, withLike } from './like-toggle';

/** Like a comment optimistically; a failure restores the comments as they were. */
export function useToggleCommentLike(postId: string) {
  return useLikeToggle<InfiniteData<CommentsPage, unknown>, Pick<Comment, 'id'>>({
    queryKey: commentQueries.list(postId).queryKey,
    send: (comment) => sendLikeToggle('/api/comments', comment.id),
    apply: (data, comment, answer) => updateComment(data, comment.id, (current) => withLike(current, answer)),
  });
}
