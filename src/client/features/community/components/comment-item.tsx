import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { formatRelativeTime } from '@shared/relative-time';
import { authorName, type Comment } from '@shared/schemas/community';
import { Trash2 } from 'lucide-react';
import { useDeleteComment } from '../api/delete-comment';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { AuthorAvatar } from './author-avatar';
import { askToSignIn, explainFailure } from './community-toasts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { LikeButton } from './like-button';
import { RichText } from './rich-text';

/** Admins delete any comment (docs/product.md section 6); authors their own, as the API allows. */
export function canDelete(author: { id: string | null }, viewer: { id: string; isAdmin?: boolean } | null) {
  if (!viewer) return false;
  return viewer.isAdmin === true || (author.id !== null && author.id === viewer.id);
}

export function CommentItem({ comment, postId, now }: { comment: Comment; postId: string; now?: Date }) {
  const { user, isAuthenticated } = useCurrentUser();
  const toggleLike = useToggleCommentLike(postId);
  const deleteComment = useDeleteComment({ id: postId });
  const name = authorName(comment.user);
  const headingId = `comment-${comment.id}-author`;

  const onLike = () => {
    if (!isAuthenticated) {
      askToSignIn('likeComment');
      return;
    }
    if (toggleLike.isPending) return;
    toggleLike.mutate(comment, { onError: (error) => explainFailure('likeComment', error) });
  };

  const onDelete = (close: () => void) => {
    deleteComment.mutate(comment, {
      onSuccess: () => {
        close();
        toast({ title: 'Comment deleted', description: 'The comment has been removed.' });
      },
      onError: (error) => {
        close();
        explainFailure('deleteComment', error);
      },
    });
  };

  return (
    <article aria-labelledby={headingId} className="flex gap-3">
      <AuthorAvatar author={comment.user} className="size-9" />
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-baseline gap-x-2">
          <h3 id={headingId} className="font-medium text-sm">
            {name}
          </h3>
          <p className="text-muted-foreground text-sm">
            <time dateTime={comment.createdAt}>{formatRelativeTime(comment.createdAt, now)}</time>
          </p>
        </header>
        <RichText text={comment.content} className="mt-1 text-foreground/90" />
        <div className="-ml-2.5 mt-1.5 flex items-center gap-1">
          <LikeButton
            subject="comment"
            size="xs"
            isLiked={comment.likedByMe}
            count={comment.likeCount}
            onClick={onLike}
          />
          {canDelete(comment.user, user) && (
            <ConfirmDeleteDialog
              subject="comment"
              isPending={deleteComment.isPending}
              onConfirm={onDelete}
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-8 px-2.5 text-muted-foreground text-sm hover:text-destructive"
                  aria-label={`Delete comment by ${name}`}
                >
                  <Trash2 strokeWidth={1.75} aria-hidden="true" />
                  Delete
                </Button>
              }
            />
          )}
        </div>
      </div>
    </article>
  );
}
