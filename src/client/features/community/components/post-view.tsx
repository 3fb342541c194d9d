import { RichText } from '@client/components/content/rich-text';
import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { BackLink } from '@client/components/ui/back-link';
import { Card } from '@client/components/ui/card';
import { LoadingPlaceholder, Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { canModerate } from '@shared/roles';
import type { Post } from '@shared/schemas/community';
import { MessageCircle, Pencil, Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { isNotFoundError, isPremiumRequiredError } from '../api/community-errors';
import { useDeletePost } from '../api/delete-post';
import { useSetPostPinned } from '../api/pin-post';
import { usePost } from '../api/post';
import { useTogglePostLike } from '../api/toggle-post-like';
import { canDelete, EditedMark } from './comment-item';
import { CommentSection } from './comment-section';
import { BackToCommunityButton, PremiumForumPanel } from './community-states';
import { explainFailure } from './community-toasts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { EarlierVersions } from './earlier-versions';
import { EditPostForm } from './edit-forms';
import { FlagDialog } from './flag-dialog';
import { ItemAction } from './item-action';
import { LikeButton, useLikeClick } from './like-button';
import { HiddenNotice, useCanWrite } from './moderation-notices';
import { PostByline } from './post-row';
import { RemoveItemDialog } from './remove-item-dialog';

function forumPath(post: Pick<Post, 'forum'>): string {
  return `/community/${encodeURIComponent(post.forum.slug)}`;
}

function PostActions({ post, onEdit }: { post: Post; onEdit: () => void }) {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const i18n = useNamespace('community');
  const canWrite = useCanWrite();
  const isAuthor = user !== null && post.user.id === user.id;
  const onLike = useLikeClick('likePost', useTogglePostLike(post), undefined);
  const setPinned = useSetPostPinned(post);
  const deletePost = useDeletePost();

  const onTogglePin = () => {
    const isPinned = !post.isPinned;
    setPinned.mutate(isPinned, {
      onSuccess: () =>
        toast({
          title: isPinned ? i18n._('community.pin.pinnedTitle') : i18n._('community.pin.unpinnedTitle'),
          description: isPinned ? i18n._('community.pin.pinnedText') : i18n._('community.pin.unpinnedText'),
        }),
      onError: (error) => explainFailure('pinPost', error),
    });
  };

  // A moderator's removal of someone else's post carries a reason (RemoveItemDialog).
  const onDelete = (close: () => void, reason?: string) => {
    deletePost.mutate(
      { id: post.id, ...(reason ? { reason } : {}) },
      {
        onSettled: close,
        onSuccess: () => {
          toast({
            title: reason ? i18n._('community.post.removedTitle') : i18n._('community.post.deletedTitle'),
            description: reason ? i18n._('community.post.removedText') : i18n._('community.post.deletedText'),
          });
          navigate(forumPath(post));
        },
        onError: (error) => explainFailure('deletePost', error),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-3">
      <LikeButton
        subject="post"
        isLiked={post.likedByMe}
        count={post.likeCount}
        onClick={onLike}
        className="-ms-3"
      />
      <a
        href="#comments-heading"
        className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-muted-foreground text-sm tabular-nums transition-colors hover:bg-accent hover:text-foreground"
      >
        <MessageCircle className="size-4" strokeWidth={1.75} aria-hidden="true" />
        {i18n._('community.count.comments', { count: post.commentCount })}
      </a>
      <div className="ms-auto flex flex-wrap items-center justify-end gap-1">
        {isAuthor && canWrite && (
          <ItemAction icon={Pencil} onClick={onEdit}>
            {i18n._('community.action.edit')}
          </ItemAction>
        )}
        <EarlierVersions kind="post" id={post.id} editedAt={post.editedAt} />
        {!isAuthor && canWrite && (
          <FlagDialog
            target={{ kind: 'post', id: post.id, postId: post.id }}
            subject={i18n._('community.flag.subjectPost')}
          />
        )}
        {canModerate(user) && (
          <ItemAction
            icon={post.isPinned ? PinOff : Pin}
            onClick={onTogglePin}
            isPending={setPinned.isPending}
          >
            {post.isPinned ? i18n._('community.pin.unpin') : i18n._('community.pin.pin')}
          </ItemAction>
        )}
        {isAuthor ? (
          <ConfirmDeleteDialog
            subject="post"
            isPending={deletePost.isPending}
            onConfirm={onDelete}
            label={i18n._('community.delete.post')}
          />
        ) : (
          canDelete(post.user, user) && (
            <RemoveItemDialog
              subject="post"
              isPending={deletePost.isPending}
              onConfirm={(reason, close) => onDelete(close, reason)}
              label={i18n._('community.remove.post')}
            />
          )
        )}
      </div>
    </div>
  );
}

function PostArticle({ post }: { post: Post }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Card className="p-5 sm:p-8">
      {isEditing ? (
        <EditPostForm post={post} onDone={() => setIsEditing(false)} />
      ) : (
        <article aria-labelledby="post-title" className="grid gap-5">
          <header className="grid gap-4">
            <div className="flex items-center gap-3">
              <PostByline post={post} edited={<EditedMark editedAt={post.editedAt} />} />
            </div>
            <h1
              id="post-title"
              className="font-display font-normal text-3xl tracking-tight wrap-anywhere sm:text-4xl"
            >
              {post.title}
            </h1>
          </header>
          {post.isHidden && <HiddenNotice subject="post" isHeld={post.isHeld} />}
          <RichText text={post.content} className="text-foreground/90 text-lg leading-relaxed" />
          <footer className="border-t pt-3">
            <PostActions post={post} onEdit={() => setIsEditing(true)} />
          </footer>
        </article>
      )}
    </Card>
  );
}

/** /community/posts/{id}: the post, its likes, and the conversation under it (docs/product.md, "Community"). */
export function PostView({ id }: { id: string }) {
  const post = usePost(id);
  const i18n = useNamespace('community');
  useDocumentTitle(post.data?.title ?? i18n._('community.post.documentTitle'));

  if (post.isError) {
    if (isNotFoundError(post.error)) {
      return (
        <MessageCard
          headingLevel={1}
          title={i18n._('community.postNotFound.title')}
          description={i18n._('community.postNotFound.text')}
          action={<BackToCommunityButton />}
        />
      );
    }
    if (isPremiumRequiredError(post.error)) {
      return (
        <div className="grid gap-6">
          <BackLink href="/community">{i18n._('community.communityLink')}</BackLink>
          <h1 className="sr-only">{i18n._('community.post.premiumHeading')}</h1>
          <PremiumForumPanel />
        </div>
      );
    }
    return <QueryError headingLevel={2} title={i18n._('community.post.loadError')} query={post} />;
  }

  if (post.isPending) {
    return (
      <LoadingPlaceholder label={i18n._('community.post.loading')} className="grid gap-8">
        <Skeleton className="h-5 w-32 rounded-full" />
        <Card className="grid gap-5 p-5 sm:p-8">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <SkeletonLines className="grid gap-1.5" lines={['h-4 w-32', 'h-3 w-20']} />
          </div>
          <Skeleton className="h-9 w-3/4" />
          <SkeletonLines className="grid gap-2.5" lines={['h-4 w-full', 'h-4 w-11/12', 'h-4 w-2/3']} />
        </Card>
      </LoadingPlaceholder>
    );
  }

  return (
    <div className="grid gap-8">
      <BackLink href={forumPath(post.data)}>{post.data.forum.title}</BackLink>
      <PostArticle post={post.data} />
      <CommentSection post={post.data} />
    </div>
  );
}
