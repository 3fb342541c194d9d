import { apiQuery } from '@client/lib/api';
import type { Post } from '@shared/schemas/community';
import { useQuery } from '@tanstack/react-query';

export const postQueries = {
  /** `GET /api/posts/{id}`: the whole post, with its forum and the viewer's like. */
  detail: (id: string) => apiQuery<Post>('/api/posts', encodeURIComponent(id)),
};

export function usePost(id: string) {
  return useQuery(postQueries.detail(id));
}
