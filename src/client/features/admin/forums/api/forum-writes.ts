import { adminWriteApi } from '@client/features/admin/kit/write-api';
import { forumQueries } from '@client/features/community';
import type { Forum, ForumInput } from '@shared/schemas/community';

/**
 * `POST /api/forums` (an empty slug is made from the title), `PUT` and `DELETE /api/forums/{id}`
 * (its posts, comments and likes go with it). Every forum query (the list, one forum, its
 * posts) starts with '/api/forums', and the admin list and /community read the same list.
 */
export const forumWrites = adminWriteApi<Forum, ForumInput, Pick<Forum, 'id' | 'slug'>>({
  base: '/api/forums',
  refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: forumQueries.all() }),
  forget: (queryClient, forum) =>
    queryClient.removeQueries({ queryKey: forumQueries.detail(forum.slug).queryKey }),
});
