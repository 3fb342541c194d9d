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
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import { hasPremiumAccess } from '@shared/entitlements';
import { type Forum, MAX_POST_CONTENT_LENGTH, MAX_POST_TITLE_LENGTH } from '@shared/schemas/community';
import { HandHeart, Leaf, type LucideIcon, ShieldCheck, Stethoscope } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { describeFailure, isNotFoundError } from '../api/community-errors';
import { useCreatePost } from '../api/create-post';
import { useForum } from '../api/forums';
import { ForumNotFound, PremiumForumPanel, SignInButton } from './community-states';
import { resolvePost } from './edit-forms';
import { LabelWithCount, MarkdownField } from './markdown-textarea';
import { MutedNotice } from './moderation-notices';

const guidelines = (i18n: I18n): { icon: LucideIcon; title: string; text: string }[] => [
  {
    icon: HandHeart,
    title: i18n._('community.guidelines.respectTitle'),
    text: i18n._('community.guidelines.respectText'),
  },
  {
    icon: Stethoscope,
    title: i18n._('community.guidelines.adviceTitle'),
    text: i18n._('community.guidelines.adviceText'),
  },
  {
    icon: Leaf,
    title: i18n._('community.guidelines.mindfulTitle'),
    text: i18n._('community.guidelines.mindfulText'),
  },
  {
    icon: ShieldCheck,
    title: i18n._('community.guidelines.privacyTitle'),
    text: i18n._('community.guidelines.privacyText'),
  },
];

function CommunityGuidelines() {
  const i18n = useNamespace('community');
  return (
    <Card className="grid gap-4 bg-sage-soft/60 p-5 sm:p-6">
      <h2 className="font-display font-medium text-xl tracking-tight">
        {i18n._('community.guidelines.heading')}
      </h2>
      <ul className="grid gap-4">
        {guidelines(i18n).map(({ icon, title, text }) => (
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
  const i18n = useNamespace('community');
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
                title: i18n._('community.newPost.heldTitle'),
                description: i18n._('community.newPost.heldText'),
              }
            : {
                title: i18n._('community.newPost.publishedTitle'),
                description: i18n._('community.newPost.publishedText'),
              },
        );
        navigate(`/community/posts/${encodeURIComponent(post.id)}`);
        // Focus lands on the new post's title, not on the body the form left behind.
        focusMainHeadingWhenShown();
      },
      onError: (failure) => {
        toast({
          variant: 'destructive',
          title: i18n._('community.error'),
          description: describeFailure(failure, i18n._('community.newPost.failure')),
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
          label={i18n._('community.newPost.titleLabel')}
          length={title.length}
          limit={MAX_POST_TITLE_LENGTH}
        />
        <Input
          id={ids.title}
          maxLength={MAX_POST_TITLE_LENGTH}
          placeholder={i18n._('community.newPost.titlePlaceholder')}
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
        label={i18n._('community.newPost.contentLabel')}
        forumId={forum.id}
        rows={9}
        maxLength={MAX_POST_CONTENT_LENGTH}
        placeholder={i18n._('community.newPost.contentPlaceholder')}
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
          {i18n._('community.cancel')}
        </LinkButton>
        <Button
          type="submit"
          disabled={isIncomplete}
          isPending={createPost.isPending}
          pendingText={i18n._('community.newPost.creating')}
        >
          {i18n._('community.newPost.submit')}
        </Button>
      </div>
    </form>
  );
}

function NewPostLayout({ forum, children }: { forum?: Forum; children: ReactNode }) {
  const i18n = useNamespace('community');
  return (
    <div className="grid gap-8">
      <PageHeader
        className="gap-3"
        title={i18n._('community.forum.newPost')}
        before={
          <BackLink href={forum ? `/community/${encodeURIComponent(forum.slug)}` : '/community'}>
            {forum?.title ?? i18n._('community.communityLink')}
          </BackLink>
        }
        lead={
          forum ? (
            <Trans
              id="community.newPost.leadForum"
              values={{ forum: forum.title }}
              components={{ 0: <span className="text-foreground" /> }}
            />
          ) : (
            i18n._('community.newPost.lead')
          )
        }
      />
      {children}
    </div>
  );
}

function NewPostSkeleton() {
  const i18n = useNamespace('community');
  return (
    <LoadingPlaceholder label={i18n._('community.newPost.loading')} className="grid gap-6">
      <Skeleton className="h-11 w-full rounded-xl" />
      <Skeleton className="h-56 w-full rounded-xl" />
    </LoadingPlaceholder>
  );
}

/** /community/{slug}/new-post: the form, beside the community guidelines (docs/product.md, "Community" and "Validation"). */
export function NewPost({ slug }: { slug: string }) {
  const i18n = useNamespace('community');
  useDocumentTitle(i18n._('community.forum.newPost'));
  const { user, isAuthenticated } = useCurrentUser();
  const forum = useForum(slug);
  const returnTo = `/community/${encodeURIComponent(slug)}/new-post`;

  if (!isAuthenticated) {
    return (
      <MessageCard
        headingLevel={1}
        title={i18n._('community.signInRequired')}
        description={i18n._('community.newPost.signInText')}
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
        <QueryError headingLevel={2} title={i18n._('community.forum.loadError')} query={forum} />
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
