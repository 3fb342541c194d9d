import { apiRequest } from '@client/lib/api';
import type { Comment } from '@shared/schemas/community';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/content';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

export const COMMENTS_PAGE_SIZE = 20;

export type CommentsPage = { comments: Comment[]; nextCursor: string | null };

export function buildCommentsUrl(postId: string, cursor?: string | null): string {
  const query = new URLSearchParams({ limit: String(COMMENTS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return `/api/posts/${encodeURIComponent(postId)}/comments?${query}`;
}

/** `GET /api/posts/{id}/comments`: oldest first; the next page's cursor is in `x-next-cursor`. */
export async function listComments(postId: string, cursor?: string | null): Promise<CommentsPage> {
  const response = await apiRequest('GET', buildCommentsUrl(postId, cursor));
  const comments = (await response.json()) as Comment[];
  return { comments, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

export const commentQueries = {
  list: (postId: string) =>
    infiniteQueryOptions({
      queryKey: ['/api/posts', encodeURIComponent(postId), 'comments'],
      queryFn: ({ pageParam }) => listComments(postId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
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
