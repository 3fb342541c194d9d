import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { formatRelativeTime } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { authorName, type Post } from '@shared/schemas/community';
import { Heart, MessageCircle, Pin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AuthorAvatar } from './author-avatar';

/**
 * Who wrote a post and when (with `edited`, the edited mark), and the Pinned badge: the head of a
 * post in the forum's list (`compact`) and on its own page.
 */
export function PostByline({
  post,
  compact = false,
  edited,
}: {
  post: Post;
  compact?: boolean;
  edited?: ReactNode;
}) {
  const i18n = useNamespace('community');
  return (
    <>
      <AuthorAvatar author={post.user} className={compact ? 'size-9' : undefined} />
      <div className="min-w-0 flex-1 leading-tight">
        <p className={cn('truncate font-medium', compact && 'text-sm')}>{authorName(post.user)}</p>
        <p className="text-muted-foreground text-sm">
          <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt)}</time>
          {edited}
        </p>
      </div>
      {post.isPinned && (
        <Badge tone="clay" icon={Pin}>
          {i18n._('community.post.pinned')}
        </Badge>
      )}
    </>
  );
}

/**
 * A post in its forum's list: pinned marker, author, relative time, title, the 150-character
 * preview (the server cuts it) and the like and comment counts. The whole card opens the post:
 * the link wraps only the title, so its name is exactly what it shows (axe's
 * `label-content-name-mismatch`), and its `::after` covers the card to keep every pixel clickable.
 * Anything interactive added inside the card must sit above that overlay (`relative z-10`).
 */
export function PostRow({ post }: { post: Post }) {
  const i18n = useNamespace('community');
  return (
    <Card
      className={cn(
        'group relative grid gap-3 p-5 transition-[border-color,box-shadow] duration-200 ease-out hover:border-primary/30 hover:shadow-md',
        // The ring the whole-card link used to draw around itself, now drawn by the card.
        'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-ring has-[a:focus-visible]:outline-offset-4',
      )}
    >
      <article aria-labelledby={`post-${post.id}-title`} className="grid gap-3">
        <header className="flex items-center gap-3">
          <PostByline post={post} compact />
        </header>
        <div className="grid gap-1.5">
          <h3
            id={`post-${post.id}-title`}
            className="font-semibold text-lg leading-snug wrap-anywhere group-hover:text-primary"
          >
            <Link
              href={`/community/posts/${encodeURIComponent(post.id)}`}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {post.title}
            </Link>
          </h3>
          <p className="whitespace-pre-line text-foreground/75 wrap-anywhere">{post.content}</p>
        </div>
        <footer className="flex items-center gap-5 text-muted-foreground text-sm">
          <span className="inline-flex items-center gap-1.5 tabular-nums">
            <Heart className="size-4" strokeWidth={1.75} aria-hidden="true" />
            <span aria-hidden="true">{post.likeCount}</span>
            <span className="sr-only">{i18n._('community.count.likes', { count: post.likeCount })}</span>
          </span>
          <span className="inline-flex items-center gap-1.5 tabular-nums">
            <MessageCircle className="size-4" strokeWidth={1.75} aria-hidden="true" />
            <span aria-hidden="true">{post.commentCount}</span>
            <span className="sr-only">
              {i18n._('community.count.comments', { count: post.commentCount })}
            </span>
          </span>
        </footer>
      </article>
    </Card>
  );
}

export function PostRowSkeleton() {
  return (
    <Card className="grid gap-3 p-5" data-testid="post-skeleton">
      <div className="flex items-center gap-3">
        <Skeleton className="size-9 rounded-full" />
        <SkeletonLines className="grid gap-1.5" lines={['h-3.5 w-28', 'h-3 w-20']} />
      </div>
      <Skeleton className="h-5 w-3/5" />
      <SkeletonLines className="grid gap-2" lines={['h-3.5 w-full', 'h-3.5 w-4/5']} />
      <SkeletonLines className="flex gap-5" lines={['h-4 w-10', 'h-4 w-10']} />
    </Card>
  );
}
