import { adminToasts } from '@client/features/admin/kit/toasts';
import type { Forum } from '@shared/schemas/community';

/** docs/product.md section 8, "Announcement and forum writes": the fallbacks when the server gives no message. */
export const FORUM_FAILURE_MESSAGES = {
  create: 'Failed to create forum',
  update: 'Failed to update forum',
  delete: 'Failed to delete forum',
} as const;

export type ForumWrite = keyof typeof FORUM_FAILURE_MESSAGES;

/** docs/product.md section 8: 'Forum Created/Updated/Deleted', each with a description sentence. */
export const { confirm: confirmForumWrite, explain: explainForumFailure } = adminToasts<
  Pick<Forum, 'title' | 'slug' | 'isActive'>,
  ForumWrite
>({
  noun: 'Forum',
  failures: FORUM_FAILURE_MESSAGES,
  describe: {
    create: (forum) =>
      forum.isActive
        ? `"${forum.title}" is now open at /community/${forum.slug}.`
        : `"${forum.title}" was created as inactive; only admins can see it.`,
    delete: (forum) => `"${forum.title}" and its posts have been removed from the community.`,
  },
});
