import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { LinkButton } from '@client/components/ui/link-button';
import { CardSkeletons, ContentList, useFavorites } from '@client/features/library';
import { useNamespace } from '@client/lib/i18n';
import { ArrowRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** 'My Favorites' (docs/product.md, "Account, subscription"): the member's saved content, newest first. */
export function MyFavorites() {
  const i18n = useNamespace('account');
  const headingId = useId();
  const favorites = useFavorites();
  const items = favorites.data?.map((favorite) => favorite.video) ?? [];

  let body: ReactNode;
  if (favorites.isPending) {
    body = <CardSkeletons count={3} label={i18n._('account.favorites.loading')} />;
  } else if (favorites.isError) {
    body = <QueryError compact title={i18n._('account.favorites.loadError')} query={favorites} />;
  } else if (items.length === 0) {
    body = (
      <MessageCard
        title={i18n._('account.favorites.emptyTitle')}
        description={i18n._('account.favorites.emptyText')}
        action={
          <LinkButton href="/library" iconAfter={ArrowRight} variant="outline">
            {i18n._('account.favorites.explore')}
          </LinkButton>
        }
      />
    );
  } else {
    body = <ContentList items={items} />;
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="font-display font-medium text-2xl tracking-tight">
          {i18n._('account.favorites.title')}
        </h2>
        {favorites.isSuccess && items.length > 0 && (
          <p className="text-muted-foreground text-sm">
            {i18n._('account.favorites.count', { count: items.length })}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
