import { ToggleHeart, useToggleClick } from '@client/components/toggle-heart';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { getErrorStatus, isUnauthorizedError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
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

function explainFailure(error: unknown): void {
  if (isUnauthorizedError(error)) {
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    const returnTo = window.location.pathname;
    setTimeout(() => loginRedirect.go(returnTo), LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  if (getErrorStatus(error) === 403) {
    toast({
      title: 'Premium Content',
      description: 'Upgrade to premium to save this content to your favorites.',
    });
    return;
  }
  toast({ title: 'Error', description: 'Failed to update favorite', variant: 'destructive' });
}

/** The heart toggle: pressed when the item is among the member's favourites (docs/product.md, "States and transitions"). */
export function FavoriteButton({ item, className }: { item: ContentItem; className?: string }) {
  const { isAuthenticated } = useCurrentUser();
  const favorites = useFavorites({ isEnabled: isAuthenticated });
  const toggle = useToggleFavorite();
  const isFavorite = favorites.data?.some((favorite) => favorite.videoId === item.id) ?? false;

  const onClick = useToggleClick({
    toggle,
    variables: item,
    isAuthenticated,
    askToSignIn: () => toast({ title: 'Sign in required', description: 'Please sign in to save favorites.' }),
    explainFailure,
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
      Favorite
    </Button>
  );
}
