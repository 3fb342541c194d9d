import type { Post } from '@shared/schemas/community';
import { useQueryClient } from '@tanstack/react-query';
import { forumPostQueries } from './forum-posts';
import { sendLikeToggle, useLikeToggle, withLike } from './like-toggle';
import { postQueries } from './post';

/** Likes or unlikes a post at once; the forum's list is refreshed once the server has answered. */
export function useTogglePostLike(post: Pick<Post, 'id' | 'forum'>) {
  const queryClient = useQueryClient();
  return useLikeToggle<Post>({
    queryKey: postQueries.detail(post.id).queryKey,
    send: () => sendLikeToggle('/api/posts', post.id),
    apply: (data, _variables, answer) => data && withLike(data, answer),
    onLiked: () =>
      queryClient.invalidateQueries({ queryKey: forumPostQueries.list(post.forum.slug).queryKey }),
  });
}
