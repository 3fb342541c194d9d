import { CardList } from '@client/components/content/card-list';
import { PremiumBadge } from '@client/components/content/premium-badge';
import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { BackLink } from '@client/components/ui/back-link';
import { Badge } from '@client/components/ui/badge';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadMoreButton } from '@client/components/ui/load-more-button';
import { LoadingPlaceholder, SkeletonLines } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { hasPremiumAccess } from '@shared/entitlements';
import type { Forum } from '@shared/schemas/community';
import { PenLine } from 'lucide-react';
import { isNotFoundError, isPremiumRequiredError } from '../api/community-errors';
import { useForumPosts } from '../api/forum-posts';
import { useForum } from '../api/forums';
import { ForumNotFound, PremiumForumPanel } from './community-states';
import { ForumCounts } from './forum-card';
import { getForumCategoryStyle, useCategoryLabel } from './forum-category';
import { MutedNotice } from './moderation-notices';
import { PostRow, PostRowSkeleton } from './post-row';

function NewPostButton({ slug, label }: { slug: string; label?: string }) {
  const i18n = useNamespace('community');
  return (
    <LinkButton href={`/community/${encodeURIComponent(slug)}/new-post`} icon={PenLine}>
      {label ?? i18n._('community.forum.newPost')}
    </LinkButton>
  );
}

function PostListSkeleton() {
  const i18n = useNamespace('community');
  return (
    <LoadingPlaceholder label={i18n._('community.posts.loading')} className="grid gap-4">
      {[0, 1, 2].map((index) => (
        <PostRowSkeleton key={index} />
      ))}
    </LoadingPlaceholder>
  );
}

function ForumPosts({ forum, canPost }: { forum: Forum; canPost: boolean }) {
  const posts = useForumPosts(forum.slug);
  const i18n = useNamespace('community');

  if (posts.isPending && !posts.isError) return <PostListSkeleton />;
  if (posts.isError) {
    if (isPremiumRequiredError(posts.error)) return <PremiumForumPanel />;
    return <QueryError headingLevel={2} title={i18n._('community.posts.loadError')} query={posts} />;
  }

  const items = posts.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <MessageCard
        headingLevel={2}
        title={i18n._('community.posts.emptyTitle')}
        description={i18n._('community.posts.emptyText')}
        action={
          canPost ? (
            <NewPostButton slug={forum.slug} label={i18n._('community.forum.createFirstPost')} />
          ) : undefined
        }
      />
    );
  }

  return (
    <div className="grid gap-6">
      <CardList items={items} className="grid gap-4">
        {(post) => <PostRow post={post} />}
      </CardList>
      <LoadMoreButton pages={posts} pendingText={i18n._('community.loadingMore')} />
    </div>
  );
}

/** /community/{slug}: a forum's header and its posts (docs/product.md, "Community"). */
export function ForumView({ slug }: { slug: string }) {
  const forum = useForum(slug);
  const { user, isAuthenticated } = useCurrentUser();
  const i18n = useNamespace('community');
  const categoryLabel = useCategoryLabel();
  useDocumentTitle(forum.data?.title ?? i18n._('community.forum.documentTitle'));

  if (forum.isError) {
    if (isNotFoundError(forum.error)) {
      return <ForumNotFound />;
    }
    return <QueryError headingLevel={2} title={i18n._('community.forum.loadError')} query={forum} />;
  }

  if (forum.isPending) {
    return (
      <div className="grid gap-8">
        <SkeletonLines
          className="grid gap-4"
          lines={[
            'h-5 w-28 rounded-full',
            'h-6 w-40 rounded-full',
            'h-10 w-3/4',
            'h-5 w-full max-w-xl',
            'h-4 w-40',
          ]}
        />
        <PostListSkeleton />
      </div>
    );
  }

  const isLocked = forum.data.isPremium && !hasPremiumAccess(user);
  const canPost = isAuthenticated && forum.data.isActive && !isLocked && !user?.mute;
  const category = getForumCategoryStyle(forum.data.category);

  return (
    <div className="grid gap-8">
      <header className="grid gap-4">
        <BackLink href="/community">{i18n._('community.communityLink')}</BackLink>
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={category.tone} icon={category.icon}>
              {categoryLabel(forum.data.category)}
            </Badge>
            {forum.data.isPremium && <PremiumBadge />}
          </div>
          <h1
            lang={forum.data.language ?? undefined}
            className="font-display font-normal text-4xl tracking-tight wrap-anywhere sm:text-5xl"
          >
            {forum.data.title}
          </h1>
          <p
            lang={forum.data.language ?? undefined}
            className="max-w-2xl text-lg text-muted-foreground wrap-anywhere"
          >
            {forum.data.description}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
            <ForumCounts forum={forum.data} />
          </p>
          {canPost && <NewPostButton slug={forum.data.slug} />}
        </div>
      </header>
      <MutedNotice />
      <section aria-labelledby="forum-posts-heading">
        <h2 id="forum-posts-heading" className="sr-only">
          {i18n._('community.forum.postsHeading')}
        </h2>
        <ForumPosts forum={forum.data} canPost={canPost} />
      </section>
    </div>
  );
}
