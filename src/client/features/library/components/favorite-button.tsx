import { ToggleHeart, useToggleClick } from '@client/components/toggle-heart';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { getErrorStatus, isUnauthorizedError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { ContentItem } from '@shared/schemas/content';
import { useFavorites, useToggleFavorite } from '../api/favorites';

/** docs/product.md, "Constants and limits": after an auth failure the app waits this long before sending to sign-in. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** A seam for tests: jsdom cannot navigate. */
export const loginRedirect = {
  go(returnTo: string): void {
    window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  },
};

function explainFailure(i18n: I18n, error: unknown): void {
  if (isUnauthorizedError(error)) {
    toast({
      title: i18n._('library.favorite.unauthorized'),
      description: i18n._('library.favorite.loggedOut'),
      variant: 'destructive',
    });
    const returnTo = window.location.pathname;
    setTimeout(() => loginRedirect.go(returnTo), LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  if (getErrorStatus(error) === 403) {
    toast({
      title: i18n._('library.premium.title'),
      description: i18n._('library.favorite.premiumOnly'),
    });
    return;
  }
  toast({
    title: i18n._('library.favorite.error'),
    description: i18n._('library.favorite.failed'),
    variant: 'destructive',
  });
}

/** The heart toggle: pressed when the item is among the member's favourites (docs/product.md, "States and transitions"). */
export function FavoriteButton({ item, className }: { item: ContentItem; className?: string }) {
  const { isAuthenticated } = useCurrentUser();
  const favorites = useFavorites({ isEnabled: isAuthenticated });
  const toggle = useToggleFavorite();
  const i18n = useNamespace('library');
  const isFavorite = favorites.data?.some((favorite) => favorite.videoId === item.id) ?? false;

  const onClick = useToggleClick({
    toggle,
    variables: item,
    isAuthenticated,
    askToSignIn: () =>
      toast({
        title: i18n._('library.favorite.signInTitle'),
        description: i18n._('library.favorite.signIn'),
      }),
    explainFailure: (error) => explainFailure(i18n, error),
  });

  return (
    <Button
      variant="outline"
      aria-pressed={isFavorite}
      onClick={onClick}
      className={cn(
        isFavorite && 'border-clay/50 bg-secondary text-secondary-foreground hover:bg-secondary/80',
        className,
      )}
    >
      <ToggleHeart isOn={isFavorite} strokeWidth={1.5} />
      {i18n._('library.favorite.button')}
    </Button>
  );
}
