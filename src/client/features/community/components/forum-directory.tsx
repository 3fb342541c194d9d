import { CardList } from '@client/components/content/card-list';
import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { badgeVariants } from '@client/components/ui/badge';
import { LoadingPlaceholder, Skeleton } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { hasPremiumAccess } from '@shared/entitlements';
import { useForums } from '../api/forums';
import { ForumCard, ForumCardSkeleton } from './forum-card';
import { FORUM_CATEGORY_STYLES, groupForums, useCategoryLabel } from './forum-category';

const gridClass = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** /community: the forums, grouped by category in the spec's order (docs/product.md, "Community"). */
export function ForumDirectory() {
  const forums = useForums();
  const { user } = useCurrentUser();
  const hasAccess = hasPremiumAccess(user);
  const i18n = useNamespace('community');
  const categoryLabel = useCategoryLabel();

  if (forums.isPending && !forums.isError) {
    return (
      <LoadingPlaceholder label={i18n._('community.forums.loading')} className="grid gap-10">
        {[3, 2].map((count, groupIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={groupIndex} className="grid gap-4">
            <Skeleton className="h-6 w-48 rounded-full" />
            <div className={gridClass}>
              {Array.from({ length: count }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <ForumCardSkeleton key={index} />
              ))}
            </div>
          </div>
        ))}
      </LoadingPlaceholder>
    );
  }
  if (forums.isError) {
    return <QueryError headingLevel={2} title={i18n._('community.forums.loadError')} query={forums} />;
  }

  const groups = groupForums(forums.data);
  if (groups.length === 0) {
    return (
      <MessageCard
        headingLevel={2}
        title={i18n._('community.forums.emptyTitle')}
        description={i18n._('community.forums.emptyText')}
      />
    );
  }

  return (
    <div className="grid gap-10">
      {groups.map((group) => {
        const { icon: Icon, tone } = FORUM_CATEGORY_STYLES[group.category];
        const headingId = `forum-group-${group.category}`;
        return (
          <section key={group.category} aria-labelledby={headingId} className="grid gap-4">
            <h2
              id={headingId}
              className="flex items-center gap-3 font-display font-medium text-2xl tracking-tight"
            >
              <span
                className={cn(badgeVariants({ tone }), 'size-9 justify-center p-0 [&_svg]:size-4.5')}
                aria-hidden="true"
              >
                <Icon strokeWidth={1.75} />
              </span>
              {categoryLabel(group.category)}
            </h2>
            <CardList items={group.forums} className={gridClass}>
              {(forum) => <ForumCard forum={forum} isLocked={forum.isPremium && !hasAccess} />}
            </CardList>
          </section>
        );
      })}
    </div>
  );
}
