import { CardList } from '@client/components/content/card-list';
import { QueryError } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LoadMoreButton } from '@client/components/ui/load-more-button';
import { LoadingPlaceholder, Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth';
import { EmptyNote } from '@client/features/library';
import { useNamespace } from '@client/lib/i18n';
import { Trans } from '@lingui/react';
import { MAX_COMMENT_LENGTH, type Post } from '@shared/schemas/community';
import { Send } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useComments } from '../api/comments';
import { useCreateComment } from '../api/create-comment';
import { CommentItem } from './comment-item';
import { SignInButton } from './community-states';
import { askToSignIn, explainFailure } from './community-toasts';
import { resolveComment } from './edit-forms';
import { LabelWithCount, MarkdownField } from './markdown-textarea';
import { MutedNotice } from './moderation-notices';

type ReplyTarget = { id: string; name: string } | null;

function CommentForm({
  post,
  replyTo,
  onCancelReply,
  onPosted,
  textareaRef,
}: {
  post: Post;
  replyTo: ReplyTarget;
  onCancelReply: () => void;
  /** Called with the new comment's id once it is saved and the list has reloaded. */
  onPosted: (commentId: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const createComment = useCreateComment(post);
  const i18n = useNamespace('community');
  const form = useForm({
    defaultValues: { content: '' },
    resolver: resolveComment,
  });
  const [announcement, setAnnouncement] = useState('');
  const id = useId();
  const content = form.watch('content');
  const error = form.formState.errors.content?.message;

  // Only a signed-in member sees this form; a session that ended meanwhile answers 401 (explainFailure).
  const onSubmit = form.handleSubmit((input) => {
    if (createComment.isPending) return;
    createComment.mutate(
      { content: input.content, ...(replyTo ? { replyToId: replyTo.id } : {}) },
      {
        onSuccess: (comment) => {
          form.reset({ content: '' });
          onCancelReply();
          setAnnouncement(i18n._('community.comments.posted'));
          onPosted(comment.id);
        },
        onError: (failure) => explainFailure('comment', failure),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <LabelWithCount
        htmlFor={id}
        label={i18n._('community.comments.add')}
        length={content.length}
        limit={MAX_COMMENT_LENGTH}
      />
      {replyTo && (
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
          {i18n._('community.comments.replyingTo', { name: replyTo.name })}
          <Button type="button" variant="ghost" size="sm" className="h-7 px-2" onClick={onCancelReply}>
            {i18n._('community.comments.cancelReply')}
          </Button>
        </p>
      )}
      <MarkdownField
        control={form.control}
        name="content"
        id={id}
        textareaRef={textareaRef}
        onEdit={() => setAnnouncement('')}
        forumId={post.forum.id}
        postId={post.id}
        rows={3}
        maxLength={MAX_COMMENT_LENGTH}
        placeholder={i18n._('community.comments.placeholder')}
        aria-describedby={`${id}-count`}
        aria-invalid={error ? true : undefined}
        className="min-h-24"
      />
      {error && content.trim() !== '' && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <div className="flex items-center justify-end gap-3">
        <span className="sr-only" role="status">
          {announcement}
        </span>
        <Button
          type="submit"
          size="sm"
          disabled={content.trim() === ''}
          isPending={createComment.isPending}
          pendingText={i18n._('community.comments.posting')}
        >
          <Send aria-hidden="true" />
          {i18n._('community.comments.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The comments under a post, oldest first, with the add-comment box (docs/product.md, "Community"). */
export function CommentSection({ post }: { post: Post }) {
  const { user, isAuthenticated } = useCurrentUser();
  const i18n = useNamespace('community');
  const comments = useComments(post.id);
  const [replyTo, setReplyTo] = useState<ReplyTarget>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  // The comment just posted takes focus (the Post button it came from is disabled by the emptied
  // box, which would leave focus on the body). It is in the list when the reload is done, unless it
  // sits on a page of older comments not loaded yet: then focus goes back to the box.
  const [postedCommentId, setPostedCommentId] = useState<string | null>(null);
  const isPostedCommentShown = items.some((comment) => comment.id === postedCommentId);
  useEffect(() => {
    if (postedCommentId === null || isPostedCommentShown || comments.isFetching) return;
    textareaRef.current?.focus();
    setPostedCommentId(null);
  }, [postedCommentId, isPostedCommentShown, comments.isFetching]);

  let list: ReactNode;
  if (comments.isPending && !comments.isError) {
    list = (
      <LoadingPlaceholder label={i18n._('community.comments.loading')} className="grid gap-6">
        {[0, 1].map((index) => (
          <div key={index} className="flex gap-3">
            <Skeleton className="size-9 rounded-full" />
            <SkeletonLines
              className="grid flex-1 gap-2"
              lines={['h-3.5 w-32', 'h-3.5 w-full', 'h-3.5 w-2/3']}
            />
          </div>
        ))}
      </LoadingPlaceholder>
    );
  } else if (comments.isError) {
    list = <QueryError compact title={i18n._('community.comments.loadError')} query={comments} />;
  } else if (items.length === 0) {
    list = <EmptyNote>{i18n._('community.comments.empty')}</EmptyNote>;
  } else {
    list = (
      <CardList items={items} className="grid gap-6" ordered>
        {(comment) => (
          <CommentItem
            comment={comment}
            postId={post.id}
            forumId={post.forum.id}
            isJustPosted={comment.id === postedCommentId}
            onFocused={() => setPostedCommentId(null)}
            onReply={(target) => {
              setReplyTo(target);
              textareaRef.current?.focus();
            }}
          />
        )}
      </CardList>
    );
  }

  return (
    <section aria-labelledby="comments-heading" className="grid gap-6">
      <h2 id="comments-heading" className="font-display font-medium text-2xl tracking-tight">
        <Trans
          id="community.comments.heading"
          values={{ count: post.commentCount }}
          components={{ 0: <span className="text-muted-foreground tabular-nums" /> }}
        />
      </h2>
      <Card className="grid gap-6 p-5 sm:p-6">
        {list}
        <LoadMoreButton
          pages={comments}
          size="sm"
          className="justify-self-start"
          pendingText={i18n._('community.loadingMore')}
        >
          {i18n._('community.comments.loadMore')}
        </LoadMoreButton>
        <div className="border-t pt-6">
          {user?.mute ? (
            <MutedNotice />
          ) : isAuthenticated ? (
            <CommentForm
              post={post}
              replyTo={replyTo}
              onCancelReply={() => setReplyTo(null)}
              onPosted={setPostedCommentId}
              textareaRef={textareaRef}
            />
          ) : (
            <div className="grid justify-items-start gap-3">
              <p className="text-muted-foreground">{i18n._('community.comments.signInPrompt')}</p>
              <div className="flex flex-wrap gap-3">
                <SignInButton returnTo={`/community/posts/${encodeURIComponent(post.id)}`} />
                <Button variant="outline" onClick={() => askToSignIn('comment')}>
                  {i18n._('community.comments.add')}
                </Button>
              </div>
            </div>
          )}
        </div>
      </Card>
    </section>
  );
}
