import { type CursorPage, cursorListOptions } from '@client/lib/cursor-pages';
import type { Comment } from '@shared/schemas/community';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';

export type CommentsPage = CursorPage<Comment>;

/** `GET /api/posts/{id}/comments`: oldest first, a page at a time. */
export const commentQueries = {
  list: (postId: string) => cursorListOptions<Comment>('/api/posts', encodeURIComponent(postId), 'comments'),
};

export function useComments(postId: string) {
  return useInfiniteQuery(commentQueries.list(postId));
}

/** Applies `change` to one comment wherever it sits in the loaded pages. */
export function updateComment<Data extends InfiniteData<CommentsPage, unknown>>(
  data: Data | undefined,
  commentId: string,
  change: (comment: Comment) => Comment | null,
): Data | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((comment) => {
        if (comment.id !== commentId) return [comment];
        const next = change(comment);
        return next ? [next] : [];
      }),
    })),
  };
}
