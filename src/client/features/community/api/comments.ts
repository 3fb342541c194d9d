import { cursorPagesOptions, getCursorPage } from '@client/lib/cursor-pages';
import type { Comment } from '@shared/schemas/community';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';

export type CommentsPage = { comments: Comment[]; nextCursor: string | null };

/** `GET /api/posts/{id}/comments`: oldest first, a page at a time. */
export async function listComments(postId: string, cursor?: string | null): Promise<CommentsPage> {
  const page = await getCursorPage<Comment>(`/api/posts/${encodeURIComponent(postId)}/comments`, cursor);
  return { comments: page.items, nextCursor: page.nextCursor };
}

export const commentQueries = {
  list: (postId: string) =>
    cursorPagesOptions(['/api/posts', encodeURIComponent(postId), 'comments'], (cursor) =>
      listComments(postId, cursor),
    ),
};

export function useComments(postId: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useInfiniteQuery({ ...commentQueries.list(postId), enabled: isEnabled });
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
      comments: page.comments.flatMap((comment) => {
        if (comment.id !== commentId) return [comment];
        const next = change(comment);
        return next ? [next] : [];
      }),
    })),
  };
}
