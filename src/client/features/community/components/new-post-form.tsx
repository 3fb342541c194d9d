import { IconCircle } from '@client/components/content/icon-circle';
import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { PageHeader } from '@client/components/page-header';
import { BackLink } from '@client/components/ui/back-link';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadingPlaceholder, Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { focusMainHeadingWhenShown } from '@client/lib/focus-main-heading';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { hasPremiumAccess } from '@shared/entitlements';
import { type Forum, MAX_POST_CONTENT_LENGTH, MAX_POST_TITLE_LENGTH } from '@shared/schemas/community';
import { HandHeart, Leaf, type LucideIcon, ShieldCheck, Stethoscope } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { describeFailure, isNotFoundError } from '../api/community-errors';
import { useCreatePost } from '../api/create-post';
import { useForum } from '../api/forums';
import { MutedNotice } from './care-notices';
import { ForumNotFound, PremiumForumPanel, SignInButton } from './community-states';
import { resolvePost } from './edit-forms';
import { LabelWithCount, MarkdownField } from './markdown-textarea';

const GUIDELINES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: HandHeart,
    title: 'Be respectful',
    text: 'Meet every member with kindness, especially when you see things differently.',
  },
  {
    icon: Stethoscope,
    title: 'Share experiences, not medical advice',
    text: 'Speak from your own practice. For health concerns, please talk to a professional.',
  },
  {
    icon: Leaf,
    title: 'Keep discussions mindful',
    text: 'Stay close to the topic, take your time, and leave room for quieter voices.',
  },
  {
    icon: ShieldCheck,
    title: 'Respect privacy',
    text: 'Keep personal details, yours and other people’s, out of your posts.',
  },
];

function CommunityGuidelines() {
  return (
    <Card className="grid gap-4 bg-sage-soft/60 p-5 sm:p-6">
      <h2 className="font-display font-medium text-xl tracking-tight">Community guidelines</h2>
      <ul className="grid gap-4">
        {GUIDELINES.map(({ icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <IconCircle icon={icon} size="sm" tone="card" />
            <div className="grid gap-0.5">
              <p className="font-medium text-sm">{title}</p>
              <p className="text-muted-foreground text-sm">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PostForm({ forum }: { forum: Forum }) {
  const [, navigate] = useLocation();
  const createPost = useCreatePost(forum.slug);
  const form = useForm({
    defaultValues: { title: '', content: '' },
    resolver: resolvePost,
  });
  const { errors } = form.formState;
  const title = form.watch('title');
  const content = form.watch('content');
  const error = errors.title?.message ?? errors.content?.message ?? null;
  const ids = { title: useId(), content: useId(), error: useId() };
  const isIncomplete = title.trim() === '' || content.trim() === '';
  const forumPath = `/community/${encodeURIComponent(forum.slug)}`;

  const onSubmit = form.handleSubmit((input) => {
    if (createPost.isPending) return;
    createPost.mutate(input, {
      onSuccess: (post) => {
        // A new account's post with a link waits for a moderator: say so, not "published".
        toast(
          post.isHeld
            ? {
                title: 'Post sent for review',
                description: 'A moderator will look at it soon; until then only you can see it.',
              }
            : { title: 'Post published', description: 'Thank you for sharing with the community.' },
        );
        navigate(`/community/posts/${encodeURIComponent(post.id)}`);
        // Focus lands on the new post's title, not on the body the form left behind.
        focusMainHeadingWhenShown();
      },
      onError: (failure) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: describeFailure(failure, 'Failed to create post'),
        });
      },
    });
  });

  return (
    <form
      className="grid gap-6"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error ? ids.error : undefined}
    >
      <div className="grid gap-2">
        <LabelWithCount
          htmlFor={ids.title}
          label="Post Title"
          length={title.length}
          limit={MAX_POST_TITLE_LENGTH}
        />
        <Input
          id={ids.title}
          maxLength={MAX_POST_TITLE_LENGTH}
          placeholder="What would you like to share?"
          autoComplete="off"
          aria-describedby={`${ids.title}-count`}
          aria-invalid={errors.title ? true : undefined}
          {...form.register('title')}
        />
      </div>
      <MarkdownField
        control={form.control}
        name="content"
        id={ids.content}
        label="Content"
        forumId={forum.id}
        rows={9}
        maxLength={MAX_POST_CONTENT_LENGTH}
        placeholder="A moment from your practice, a question, something that helped…"
        aria-invalid={errors.content ? true : undefined}
      />
      {error && (
        <p id={ids.error} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      {/* The order on screen is the order in the page (and of Tab) at every width. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <LinkButton href={forumPath} variant="outline">
          Cancel
        </LinkButton>
        <Button
          type="submit"
          disabled={isIncomplete}
          isPending={createPost.isPending}
          pendingText="Creating…"
        >
          Create Post
        </Button>
      </div>
    </form>
  );
}

function NewPostLayout({ forum, children }: { forum?: Forum; children: ReactNode }) {
  return (
    <div className="grid gap-8">
      <PageHeader
        className="gap-3"
        title="New Post"
        before={
          <BackLink href={forum ? `/community/${encodeURIComponent(forum.slug)}` : '/community'}>
            {forum?.title ?? 'Community'}
          </BackLink>
        }
        lead={
          forum ? (
            <>
              Share an experience or a question in <span className="text-foreground">{forum.title}</span>.
            </>
          ) : (
            'Share an experience or a question with the community.'
          )
        }
      />
      {children}
    </div>
  );
}

function NewPostSkeleton() {
  return (
    <LoadingPlaceholder label="Loading forum" className="grid gap-6">
      <Skeleton className="h-11 w-full rounded-xl" />
      <Skeleton className="h-56 w-full rounded-xl" />
    </LoadingPlaceholder>
  );
}

/** /community/{slug}/new-post: the form, beside the community guidelines (docs/product.md, "Community" and "Validation"). */
export function NewPost({ slug }: { slug: string }) {
  useDocumentTitle('New Post');
  const { user, isAuthenticated } = useCurrentUser();
  const forum = useForum(slug);
  const returnTo = `/community/${encodeURIComponent(slug)}/new-post`;

  if (!isAuthenticated) {
    return (
      <MessageCard
        headingLevel={1}
        title="Sign in required"
        description="Sign in to share a post with the community."
        action={<SignInButton returnTo={returnTo} />}
      />
    );
  }

  if (forum.isError) {
    if (isNotFoundError(forum.error)) {
      return <ForumNotFound />;
    }
    return (
      <NewPostLayout>
        <QueryError headingLevel={2} title="This forum could not be loaded" query={forum} />
      </NewPostLayout>
    );
  }

  let body: ReactNode;
  if (forum.isPending) body = <NewPostSkeleton />;
  else if (forum.data.isPremium && !hasPremiumAccess(user)) body = <PremiumForumPanel />;
  else if (user?.mute) body = <MutedNotice />;
  else body = <PostForm forum={forum.data} />;

  return (
    <NewPostLayout forum={forum.data}>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">{body}</div>
        <CommunityGuidelines />
      </div>
    </NewPostLayout>
  );
}
