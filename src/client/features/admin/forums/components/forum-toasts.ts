import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';
import type { Forum } from '@shared/schemas/community';

/** docs/product.md section 8, "Announcement and forum writes": the fallbacks when the server gives no message. */
export const FORUM_FAILURE_MESSAGES = {
  create: 'Failed to create forum',
  update: 'Failed to update forum',
  delete: 'Failed to delete forum',
} as const;

export type ForumWrite = keyof typeof FORUM_FAILURE_MESSAGES;

/** docs/product.md section 8: 'Forum Created/Updated/Deleted', each with a description sentence. */
export function confirmForumWrite(
  write: ForumWrite,
  forum: Pick<Forum, 'title' | 'slug' | 'isActive'>,
): void {
  switch (write) {
    case 'create':
      toast({
        title: 'Forum Created',
        description: forum.isActive
          ? `"${forum.title}" is now open at /community/${forum.slug}.`
          : `"${forum.title}" was created as inactive; only admins can see it.`,
      });
      return;
    case 'update':
      toast({ title: 'Forum Updated', description: `Your changes to "${forum.title}" have been saved.` });
      return;
    case 'delete':
      toast({
        title: 'Forum Deleted',
        description: `"${forum.title}" and its posts have been removed from the community.`,
      });
      return;
  }
}

/** A destructive 'Error' toast with the server's message, else docs/product.md's sentence. */
export function explainForumFailure(write: ForumWrite, error: unknown): void {
  toast({
    variant: 'destructive',
    title: 'Error',
    description: getErrorMessage(error) ?? FORUM_FAILURE_MESSAGES[write],
  });
}
