import { getQueryFn } from '@client/lib/api';
import type { Post } from '@shared/schemas/community';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const postQueries = {
  /** `GET /api/posts/{id}`: the whole post, with its forum and the viewer's like. */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['/api/posts', encodeURIComponent(id)],
      queryFn: getQueryFn<Post>({ on401: 'throw' }),
    }),
};

export function usePost(id: string) {
  return useQuery(postQueries.detail(id));
}
