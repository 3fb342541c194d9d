import { PremiumBadge } from '@client/components/content/premium-badge';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { IconText } from '@client/components/ui/icon-text';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { useNamespace } from '@client/lib/i18n';
import type { Forum } from '@shared/schemas/community';
import { ChevronRight, EyeOff, MessageSquareText, Users } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';

/**
 * One forum: title, description, Premium badge, post count and (quietly) member count. A premium
 * forum the member cannot open explains itself with a toast instead of going anywhere.
 */
export function ForumCard({ forum, isLocked }: { forum: Forum; isLocked: boolean }) {
  const i18n = useNamespace('community');
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isLocked) return;
    event.preventDefault();
    toast({
      title: i18n._('community.premium.toastTitle'),
      description: i18n._('community.premium.message'),
    });
  };

  return (
    <Link
      href={`/community/${encodeURIComponent(forum.slug)}`}
      onClick={onClick}
      aria-describedby={`forum-${forum.id}-meta`}
      className="group block h-full rounded-2xl focus-visible:outline-offset-4"
    >
      <Card className="flex h-full flex-col gap-3 p-5 transition-[border-color,box-shadow,transform] duration-200 ease-out group-hover:border-primary/30 group-hover:shadow-md motion-safe:group-hover:-translate-y-0.5">
        <div className="flex items-start gap-3">
          <h3
            lang={forum.language ?? undefined}
            className="min-w-0 flex-1 font-semibold text-lg leading-snug wrap-anywhere"
          >
            {forum.title}
          </h3>
          <ChevronRight
            className="mt-1 size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-hover:translate-x-0.5 group-hover:text-primary rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
            strokeWidth={1.5}
            aria-hidden="true"
          />
        </div>
        <p lang={forum.language ?? undefined} className="line-clamp-3 text-muted-foreground wrap-anywhere">
          {forum.description}
        </p>
        <div
          id={`forum-${forum.id}-meta`}
          className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-1 text-sm"
        >
          {forum.isPremium && <PremiumBadge isLocked={isLocked} />}
          {!forum.isActive && (
            <Badge tone="neutral" icon={EyeOff}>
              {i18n._('community.forum.inactive')}
            </Badge>
          )}
          <ForumCounts forum={forum} />
        </div>
      </Card>
    </Link>
  );
}

/** A forum's posts (stressed) and members, in words: the card's and the forum page's meta line. */
export function ForumCounts({ forum }: { forum: Pick<Forum, 'postCount' | 'memberCount'> }) {
  const i18n = useNamespace('community');
  return (
    <>
      <IconText icon={MessageSquareText} className="font-medium text-foreground/80">
        {i18n._('community.count.posts', { count: forum.postCount })}
      </IconText>
      <IconText icon={Users} className="text-muted-foreground">
        {i18n._('community.count.members', { count: forum.memberCount })}
      </IconText>
    </>
  );
}

export function ForumCardSkeleton() {
  return (
    <Card className="grid gap-3 p-5" data-testid="forum-skeleton">
      <Skeleton className="h-5 w-2/3" />
      <SkeletonLines className="grid gap-2" lines={['h-3.5 w-full', 'h-3.5 w-4/5']} />
      <SkeletonLines className="flex gap-4 pt-1" lines={['h-4 w-16', 'h-4 w-20']} />
    </Card>
  );
}
