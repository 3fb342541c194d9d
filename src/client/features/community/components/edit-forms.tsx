import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import {
  type Comment,
  MAX_COMMENT_LENGTH,
  MAX_POST_CONTENT_LENGTH,
  MAX_POST_TITLE_LENGTH,
  type Post,
} from '@shared/schemas/community';
import { UpdateCommentInputSchema, UpdatePostInputSchema } from '@shared/schemas/moderation';
import { type FormEvent, useId, useState } from 'react';
import { describeFailure } from '../api/community-errors';
import { useEditComment, useEditPost } from '../api/edit-item';

function EditActions({ isPending, onCancel }: { isPending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={isPending}>
        Cancel
      </Button>
      <Button type="submit" size="sm" isPending={isPending} pendingText="Saving…">
        Save changes
      </Button>
    </div>
  );
}

const SAVE_FAILURE = 'Your changes could not be saved. Please try again.';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Please check the form');

/** The author's edit of their post, in place, parsed with the server's schema. */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditPost(post);
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = UpdatePostInputSchema.safeParse({ title, content });
    if (!parsed.success) {
      setError(firstIssue(parsed));
      return;
    }
    edit.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Post updated', description: 'Your changes are saved.' });
        onDone();
      },
      onError: (failure) => setError(describeFailure(failure, SAVE_FAILURE)),
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Edit post">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Post Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={MAX_POST_TITLE_LENGTH}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={`${id}-content`}>Content</Label>
          <span className="text-muted-foreground text-sm tabular-nums">
            {content.length}/{MAX_POST_CONTENT_LENGTH}
          </span>
        </div>
        <Textarea
          id={`${id}-content`}
          value={content}
          rows={8}
          maxLength={MAX_POST_CONTENT_LENGTH}
          onChange={(event) => setContent(event.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <EditActions isPending={edit.isPending} onCancel={onDone} />
    </form>
  );
}

/** The author's edit of their comment, in place. */
export function EditCommentForm({
  comment,
  postId,
  onDone,
}: {
  comment: Comment;
  postId: string;
  onDone: () => void;
}) {
  const [content, setContent] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditComment(postId);
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = UpdateCommentInputSchema.safeParse({ content });
    if (!parsed.success) {
      setError(firstIssue(parsed));
      return;
    }
    edit.mutate(
      { id: comment.id, content: parsed.data.content },
      {
        onSuccess: onDone,
        onError: (failure) => setError(describeFailure(failure, SAVE_FAILURE)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="mt-2 grid gap-2" aria-label="Edit comment">
      <Label htmlFor={`${id}-content`} className="sr-only">
        Edit your comment
      </Label>
      <Textarea
        id={`${id}-content`}
        value={content}
        rows={3}
        maxLength={MAX_COMMENT_LENGTH}
        onChange={(event) => setContent(event.target.value)}
      />
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <EditActions isPending={edit.isPending} onCancel={onDone} />
    </form>
  );
}
