import { ConfirmDeleteDialog } from '@client/features/admin/kit/confirm-delete-dialog';
import { formatCount } from '@client/features/community/components/like-button';
import type { Forum } from '@shared/schemas/community';
import { MessageSquareText, Users } from 'lucide-react';
import { ForumCategoryBadge, ForumStatusBadges, forumPath } from './admin-forum-card';

/** docs/product.md section 2, /admin/forums: the delete dialog's question, word for word. */
export const DELETE_FORUM_TEXT = 'Are you sure you want to delete this forum? This action cannot be undone.';

/**
 * 'Delete Forum' with a summary of what goes (its title, address, members and posts); it stays
 * open while the request runs, its button showing 'Deleting...'.
 */
export function DeleteForumDialog({
  forum,
  isPending,
  onConfirm,
  onClose,
}: {
  forum: Forum | null;
  isPending: boolean;
  onConfirm: (forum: Forum) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDeleteDialog
      item={forum}
      title="Delete Forum"
      confirmLabel="Delete Forum"
      description={() => DELETE_FORUM_TEXT}
      descriptionClassName=""
      className="max-h-[calc(100dvh-1.5rem)] overflow-y-auto"
      isPending={isPending}
      onConfirm={onConfirm}
      onClose={onClose}
      summary={(forum) => <ForumDeleteSummary forum={forum} />}
    />
  );
}

function ForumDeleteSummary({ forum }: { forum: Forum }) {
  return (
    <div className="grid gap-3 rounded-xl border bg-muted/50 p-4" data-testid="forum-summary">
      <div className="flex flex-wrap gap-1.5">
        <ForumCategoryBadge category={forum.category} />
        <ForumStatusBadges forum={forum} />
      </div>
      <div className="grid gap-0.5">
        <p className="font-semibold leading-snug wrap-anywhere">{forum.title}</p>
        <code className="font-mono text-muted-foreground text-xs wrap-anywhere">{forumPath(forum.slug)}</code>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1.5">
          <Users className="size-4 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
          {formatCount(forum.memberCount, 'member')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <MessageSquareText className="size-4 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
          {formatCount(forum.postCount, 'post')}
        </span>
      </div>
      {forum.postCount > 0 && (
        <p className="text-muted-foreground text-sm">Its posts and their comments are deleted with it.</p>
      )}
    </div>
  );
}
