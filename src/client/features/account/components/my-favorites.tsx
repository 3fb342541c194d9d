import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { LinkButton } from '@client/components/ui/link-button';
import { CardSkeletons, ContentList, useFavorites } from '@client/features/library';
import { ArrowRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';

export const NO_FAVORITES_TITLE = 'No favorites yet';

/** 'My Favorites' (docs/product.md, "Account, subscription"): the member's saved content, newest first. */
export function MyFavorites() {
  const headingId = useId();
  const favorites = useFavorites();
  const items = favorites.data?.map((favorite) => favorite.video) ?? [];

  let body: ReactNode;
  if (favorites.isPending) {
    body = <CardSkeletons count={3} label="Loading your favorites" />;
  } else if (favorites.isError) {
    body = <QueryError compact title="Your favorites could not be loaded" query={favorites} />;
  } else if (items.length === 0) {
    body = (
      <MessageCard
        title={NO_FAVORITES_TITLE}
        description="Tap the heart on any session, post or event and it will wait for you here."
        action={
          <LinkButton href="/library" iconAfter={ArrowRight} variant="outline">
            Explore the library
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
          My Favorites
        </h2>
        {favorites.isSuccess && items.length > 0 && (
          <p className="text-muted-foreground text-sm">
            {items.length === 1 ? '1 saved item' : `${items.length} saved items`}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
