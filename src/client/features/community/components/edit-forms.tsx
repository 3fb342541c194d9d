import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { useNamespace } from '@client/lib/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Comment,
  MAX_COMMENT_LENGTH,
  MAX_POST_CONTENT_LENGTH,
  MAX_POST_TITLE_LENGTH,
  type Post,
} from '@shared/schemas/community';
import { UpdateCommentInputSchema, UpdatePostInputSchema } from '@shared/schemas/moderation';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { describeFailure } from '../api/community-errors';
import { useEditComment, useEditPost } from '../api/edit-item';
import { MarkdownField } from './markdown-textarea';

function EditActions({ isPending, onCancel }: { isPending: boolean; onCancel: () => void }) {
  const i18n = useNamespace('community');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={isPending}>
        {i18n._('community.cancel')}
      </Button>
      <Button type="submit" size="sm" isPending={isPending} pendingText={i18n._('community.edit.saving')}>
        {i18n._('community.edit.save')}
      </Button>
    </div>
  );
}

type PostValues = { title: string; content: string };
type PostOutput = z.output<typeof UpdatePostInputSchema>;
type CommentValues = { content: string };
type CommentOutput = z.output<typeof UpdateCommentInputSchema>;
/**
 * The server's schemas check the new and edited posts and comments (trimmed; an empty one is not
 * sent). Their input types are looser than the forms' fields, hence the casts.
 */
export const resolvePost = zodResolver(UpdatePostInputSchema) as unknown as Resolver<
  PostValues,
  unknown,
  PostOutput
>;
export const resolveComment = zodResolver(UpdateCommentInputSchema) as unknown as Resolver<
  CommentValues,
  unknown,
  CommentOutput
>;

function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-destructive text-sm">
      {message}
    </p>
  ) : null;
}

/** The author's edit of their post, in place, parsed with the server's schema. */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const i18n = useNamespace('community');
  const form = useForm<PostValues, unknown, PostOutput>({
    defaultValues: { title: post.title, content: post.content },
    resolver: resolvePost,
  });
  const { errors } = form.formState;
  const edit = useEditPost(post);
  const id = useId();

  const onSubmit = form.handleSubmit((input) => {
    edit.mutate(input, {
      onSuccess: () => {
        toast({
          title: i18n._('community.edit.postUpdatedTitle'),
          description: i18n._('community.edit.postUpdatedText'),
        });
        onDone();
      },
      onError: (failure) =>
        form.setError('root', { message: describeFailure(failure, i18n._('community.edit.failure')) }),
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={i18n._('community.edit.postLabel')}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>{i18n._('community.newPost.titleLabel')}</Label>
        <Input
          id={`${id}-title`}
          maxLength={MAX_POST_TITLE_LENGTH}
          aria-invalid={errors.title ? true : undefined}
          {...form.register('title')}
        />
      </div>
      <MarkdownField
        control={form.control}
        name="content"
        id={`${id}-content`}
        label={i18n._('community.newPost.contentLabel')}
        forumId={post.forum.id}
        postId={post.id}
        rows={8}
        maxLength={MAX_POST_CONTENT_LENGTH}
        aria-invalid={errors.content ? true : undefined}
      />
      <FormError message={errors.title?.message ?? errors.content?.message ?? errors.root?.message} />
      <EditActions isPending={edit.isPending} onCancel={onDone} />
    </form>
  );
}

/** The author's edit of their comment, in place. */
export function EditCommentForm({
  comment,
  postId,
  forumId,
  onDone,
}: {
  comment: Comment;
  postId: string;
  forumId: string;
  onDone: () => void;
}) {
  const form = useForm<CommentValues, unknown, CommentOutput>({
    defaultValues: { content: comment.content },
    resolver: resolveComment,
  });
  const { errors } = form.formState;
  const edit = useEditComment(postId);
  const i18n = useNamespace('community');
  const id = useId();

  const onSubmit = form.handleSubmit((input) => {
    edit.mutate(
      { id: comment.id, content: input.content },
      {
        onSuccess: onDone,
        onError: (failure) =>
          form.setError('root', { message: describeFailure(failure, i18n._('community.edit.failure')) }),
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-2 grid gap-2"
      aria-label={i18n._('community.edit.commentLabel')}
    >
      <Label htmlFor={`${id}-content`} className="sr-only">
        {i18n._('community.comment.editLabel')}
      </Label>
      <MarkdownField
        control={form.control}
        name="content"
        id={`${id}-content`}
        forumId={forumId}
        postId={postId}
        rows={3}
        maxLength={MAX_COMMENT_LENGTH}
        aria-invalid={errors.content ? true : undefined}
      />
      <FormError message={errors.content?.message ?? errors.root?.message} />
      <EditActions isPending={edit.isPending} onCancel={onDone} />
    </form>
  );
}
