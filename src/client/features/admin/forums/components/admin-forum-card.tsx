import { Badge } from '@client/components/ui/badge';
import { IconText } from '@client/components/ui/icon-text';
import { BadgeList } from '@client/features/admin/kit/badges';
import { CardActions, type ItemActions } from '@client/features/admin/kit/card-actions';
import { CardAddress, ItemCardFrame, ItemCardSkeleton } from '@client/features/admin/kit/item-card';
import { formatCount, getForumCategoryStyle } from '@client/features/community';
import { cn } from '@client/lib/cn';
import { FORUM_CATEGORY_LABELS, type Forum, type ForumCategory } from '@shared/schemas/community';
import { CircleCheck, Crown, EyeOff, MessageSquareText, Users } from 'lucide-react';

/** The admin names of the category filter (docs/product.md, "Admin"); the colours of "States and transitions". */
export function ForumCategoryBadge({ category }: { category: ForumCategory }) {
  const { tone, icon: Icon } = getForumCategoryStyle(category);
  return (
    <Badge tone={tone} data-tone={tone}>
      <Icon aria-hidden="true" />
      <span className="sr-only">Category: </span>
      {FORUM_CATEGORY_LABELS[category]}
    </Badge>
  );
}

export function ForumStatusBadges({ forum }: { forum: Pick<Forum, 'isActive' | 'isPremium'> }) {
  return (
    <>
      {forum.isActive ? (
        <Badge tone="outline">
          <CircleCheck className="text-primary" aria-hidden="true" />
          Active
        </Badge>
      ) : (
        <Badge tone="neutral" icon={EyeOff}>
          Inactive
        </Badge>
      )}
      <BadgeList entries={[[forum.isPremium, 'clay', Crown, 'Premium']]} />
    </>
  );
}

/** A forum's member and post counts (its card, its delete confirmation). */
export function ForumCounts({ forum, className }: { forum: Forum; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm', className)}>
      <IconText icon={Users}>{formatCount(forum.memberCount, 'member')}</IconText>
      <IconText icon={MessageSquareText}>{formatCount(forum.postCount, 'post')}</IconText>
    </div>
  );
}

export function forumPath(slug: string): string {
  return `/community/${slug}`;
}

/**
 * docs/product.md, "Admin", /admin/forums: the title with a premium icon, the category, Active or
 * Inactive and Premium badges, the description, member and post counts, the address with a View
 * link, and edit and delete.
 */
export function AdminForumCard({ forum, onEdit, onDelete }: { forum: Forum } & ItemActions<Forum>) {
  return (
    <ItemCardFrame
      title={forum.title}
      titleIcon={
        forum.isPremium && (
          <Crown
            className="mt-1 size-4.5 shrink-0 text-clay"
            strokeWidth={1.75}
            role="img"
            aria-label="Premium forum"
          />
        )
      }
      badges={
        <>
          <ForumCategoryBadge category={forum.category} />
          <ForumStatusBadges forum={forum} />
        </>
      }
      description={forum.description}
      descriptionClassName="line-clamp-3"
    >
      <ForumCounts forum={forum} className="items-center text-muted-foreground" />
      <CardAddress base="/community" slug={forum.slug} title={forum.title} />
      <CardActions title={forum.title} onEdit={() => onEdit(forum)} onDelete={() => onDelete(forum)} />
    </ItemCardFrame>
  );
}

export function AdminForumCardSkeleton() {
  const badges = { className: 'flex gap-1.5', parts: ['h-5 w-20 rounded-full', 'h-5 w-16 rounded-full'] };
  return (
    <ItemCardSkeleton
      head={[badges, 'h-6 w-2/3', { className: 'grid gap-2', parts: ['h-3.5 w-full', 'h-3.5 w-4/5'] }]}
    />
  );
}
