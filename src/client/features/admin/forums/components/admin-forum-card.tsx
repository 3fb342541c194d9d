import { Badge } from '@client/components/ui/badge';
import { IconText } from '@client/components/ui/icon-text';
import { BadgeList } from '@client/features/admin/kit/badges';
import { CardActions, type ItemActions } from '@client/features/admin/kit/card-actions';
import { CardAddress, ItemCardFrame, ItemCardSkeleton } from '@client/features/admin/kit/item-card';
import { getForumCategoryStyle } from '@client/features/community';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { Forum, ForumCategory } from '@shared/schemas/community';
import { CircleCheck, Crown, EyeOff, MessageSquareText, Users } from 'lucide-react';

/** A category's admin name (docs/product.md, "Admin": the category filter's names) in the admin's language. */
export function forumCategoryLabel(i18n: I18n, category: ForumCategory): string {
  switch (category) {
    case 'practice':
      return i18n._('admin.forums.category.practice');
    case 'support':
      return i18n._('admin.forums.category.support');
    case 'general':
      return i18n._('admin.forums.category.general');
    case 'advanced':
      return i18n._('admin.forums.category.advanced');
    case 'beginners':
      return i18n._('admin.forums.category.beginners');
  }
}

/** The admin names of the category filter (docs/product.md, "Admin"); the colours of "States and transitions". */
export function ForumCategoryBadge({ category }: { category: ForumCategory }) {
  const i18n = useNamespace('admin');
  const { tone, icon: Icon } = getForumCategoryStyle(category);
  return (
    <Badge tone={tone} data-tone={tone}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{i18n._('admin.forums.card.categoryPrefix')} </span>
      {forumCategoryLabel(i18n, category)}
    </Badge>
  );
}

export function ForumStatusBadges({ forum }: { forum: Pick<Forum, 'isActive' | 'isPremium'> }) {
  const i18n = useNamespace('admin');
  return (
    <>
      {forum.isActive ? (
        <Badge tone="outline">
          <CircleCheck className="text-primary" aria-hidden="true" />
          {i18n._('admin.forums.card.active')}
        </Badge>
      ) : (
        <Badge tone="neutral" icon={EyeOff}>
          {i18n._('admin.forums.card.inactive')}
        </Badge>
      )}
      <BadgeList entries={[[forum.isPremium, 'clay', Crown, i18n._('admin.forums.card.premium')]]} />
    </>
  );
}

/** A forum's member and post counts (its card, its delete confirmation). */
export function ForumCounts({ forum, className }: { forum: Forum; className?: string }) {
  const i18n = useNamespace('admin');
  return (
    <div className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm', className)}>
      <IconText icon={Users}>{i18n._('admin.forums.card.members', { count: forum.memberCount })}</IconText>
      <IconText icon={MessageSquareText}>
        {i18n._('admin.forums.card.posts', { count: forum.postCount })}
      </IconText>
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
  const i18n = useNamespace('admin');
  return (
    <ItemCardFrame
      title={forum.title}
      titleIcon={
        forum.isPremium && (
          <Crown
            className="mt-1 size-4.5 shrink-0 text-clay"
            strokeWidth={1.75}
            role="img"
            aria-label={i18n._('admin.forums.card.premiumForum')}
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

/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const SKELETON_BADGES_CLASS = {
  className: 'flex gap-1.5',
  parts: ['h-5 w-20 rounded-full', 'h-5 w-16 rounded-full'],
};
const SKELETON_HEAD_CLASS = [
  SKELETON_BADGES_CLASS,
  'h-6 w-2/3',
  { className: 'grid gap-2', parts: ['h-3.5 w-full', 'h-3.5 w-4/5'] },
];
/* eslint-enable lingui/no-unlocalized-strings */

export function AdminForumCardSkeleton() {
  return <ItemCardSkeleton head={SKELETON_HEAD_CLASS} />;
}
