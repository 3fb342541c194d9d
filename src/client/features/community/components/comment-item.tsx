import { RichText } from '@client/components/content/rich-text';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { formatRelativeTime } from '@client/lib/format';
import { intlLocale, useNamespace } from '@client/lib/i18n';
import { canModerate } from '@shared/roles';
import { authorName, type Comment } from '@shared/schemas/community';
import { Pencil, Reply } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useDeleteComment } from '../api/delete-comment';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { AuthorAvatar } from './author-avatar';
import { explainFailure } from './community-toasts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { EarlierVersions } from './earlier-versions';
import { EditCommentForm } from './edit-forms';
import { FlagDialog } from './flag-dialog';
import { ItemAction } from './item-action';
import { LikeButton, useLikeClick } from './like-button';
import { HiddenNotice, useCanWrite } from './moderation-notices';
import { RemoveItemDialog } from './remove-item-dialog';

/** Admins and moderators delete any comment (docs/product.md, "Roles and permissions"); authors their own, as the API allows. */
export function canDelete(
  author: { id: string | null },
  viewer: { id: string; isAdmin?: boolean; isModerator?: boolean | undefined } | null,
) {
  return viewer !== null && (canModerate(viewer) || (author.id !== null && author.id === viewer.id));
}

/** "· edited" after the time of an item its author changed. */
export function EditedMark({ editedAt }: { editedAt: string | null }) {
  const i18n = useNamespace('community');
  if (!editedAt) return null;
  return (
    <span title={i18n._('community.edited.title', { date: new Date(editedAt).toLocaleString(intlLocale()) })}>
      {' '}
      · <span>{i18n._('community.edited.mark')}</span>
    </span>
  );
}

export function CommentItem({
  comment,
  postId,
  forumId,
  isJustPosted = false,
  onFocused,
  onReply,
}: {
  comment: Comment;
  postId: string;
  /** The post's forum: whom a mention in an edit may offer. */
  forumId: string;
  /** The viewer has just posted this comment: it takes focus, then `onFocused` is called. */
  isJustPosted?: boolean;
  onFocused?: () => void;
  /** Starts a reply quoting this comment (the add-comment box below the list). */
  onReply?: (target: { id: string; name: string }) => void;
}) {
  const { user } = useCurrentUser();
  const i18n = useNamespace('community');
  const [isEditing, setIsEditing] = useState(false);
  const canWrite = useCanWrite();
  const isAuthor = user !== null && comment.user.id === user.id;
  const onLike = useLikeClick('likeComment', useToggleCommentLike(postId), comment);
  const deleteComment = useDeleteComment({ id: postId });
  const name = authorName(comment.user);
  const headingId = `comment-${comment.id}-author`;
  const articleRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!isJustPosted) return;
    articleRef.current?.focus();
    onFocused?.();
  }, [isJustPosted, onFocused]);

  // A moderator's removal of someone else's comment carries a reason (RemoveItemDialog).
  const onDelete = (close: () => void, reason?: string) => {
    deleteComment.mutate(
      { id: comment.id, ...(reason ? { reason } : {}) },
      {
        onSettled: close,
        onSuccess: () =>
          toast(
            reason
              ? {
                  title: i18n._('community.comment.removedTitle'),
                  description: i18n._('community.comment.removedText'),
                }
              : {
                  title: i18n._('community.comment.deletedTitle'),
                  description: i18n._('community.comment.deletedText'),
                },
          ),
        onError: (error) => explainFailure('deleteComment', error),
      },
    );
  };

  return (
    <article ref={articleRef} tabIndex={-1} aria-labelledby={headingId} className="flex gap-3 rounded-lg">
      <AuthorAvatar author={comment.user} className="size-9" />
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-baseline gap-x-2">
          <h3 id={headingId} className="font-medium text-sm">
            {name}
          </h3>
          <p className="text-muted-foreground text-sm">
            <time dateTime={comment.createdAt}>{formatRelativeTime(comment.createdAt)}</time>
            <EditedMark editedAt={comment.editedAt} />
          </p>
        </header>
        {comment.isHidden && (
          <div className="mt-2">
            <HiddenNotice subject="comment" isHeld={comment.isHeld} />
          </div>
        )}
        {comment.replyTo && (
          <blockquote className="mt-2 border-primary/40 border-s-2 ps-3 text-muted-foreground text-sm">
            <p className="font-medium">
              {i18n._('community.comment.wrote', { name: authorName(comment.replyTo.user) })}
            </p>
            <p className="wrap-anywhere">
              {comment.replyTo.excerpt || i18n._('community.comment.hiddenExcerpt')}
            </p>
          </blockquote>
        )}
        {isEditing ? (
          <EditCommentForm
            comment={comment}
            postId={postId}
            forumId={forumId}
            onDone={() => setIsEditing(false)}
          />
        ) : (
          <RichText text={comment.content} className="mt-1 text-foreground/90" />
        )}
        <div className="-ms-2.5 mt-1.5 flex flex-wrap items-center gap-1">
          <LikeButton
            subject="comment"
            size="xs"
            isLiked={comment.likedByMe}
            count={comment.likeCount}
            onClick={onLike}
          />
          {isAuthor && canWrite && !isEditing && (
            <ItemAction
              icon={Pencil}
              compact
              aria-label={i18n._('community.comment.editLabel')}
              onClick={() => setIsEditing(true)}
            >
              {i18n._('community.action.edit')}
            </ItemAction>
          )}
          {onReply && canWrite && !comment.isHidden && (
            <ItemAction
              icon={Reply}
              compact
              aria-label={i18n._('community.comment.replyLabel', { name })}
              onClick={() => onReply({ id: comment.id, name })}
            >
              {i18n._('community.comment.reply')}
            </ItemAction>
          )}
          <EarlierVersions kind="comment" id={comment.id} editedAt={comment.editedAt} />
          {!isAuthor && canWrite && (
            <FlagDialog
              target={{ kind: 'comment', id: comment.id, postId }}
              subject={i18n._('community.flag.subjectCommentBy', { name })}
            />
          )}
          {isAuthor ? (
            <ConfirmDeleteDialog
              subject="comment"
              isPending={deleteComment.isPending}
              onConfirm={onDelete}
              label={i18n._('community.delete.commentBy', { name })}
              compact
            />
          ) : (
            canDelete(comment.user, user) && (
              <RemoveItemDialog
                subject="comment"
                isPending={deleteComment.isPending}
                onConfirm={(reason, close) => onDelete(close, reason)}
                label={i18n._('community.remove.commentBy', { name })}
                compact
              />
            )
          )}
        </div>
      </div>
    </article>
  );
}
