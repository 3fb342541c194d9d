import { type HeartToggle, ToggleHeart, useToggleClick } from '@client/components/toggle-heart';
import { Button } from '@client/components/ui/button';
import { useCurrentUser } from '@client/features/auth';
import { cn } from '@client/lib/cn';
import { askToSignIn, explainFailure } from './community-toasts';

export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A click on a like: see `useToggleClick`; a visitor and a failure hear about it in the community's words. */
export function useLikeClick<V>(
  action: 'likePost' | 'likeComment',
  toggle: HeartToggle<V>,
  variables: V,
): () => void {
  const { isAuthenticated } = useCurrentUser();
  return useToggleClick({
    toggle,
    variables,
    isAuthenticated,
    askToSignIn: () => askToSignIn(action),
    explainFailure: (error) => explainFailure(action, error),
  });
}

/**
 * A heart with its count; pressed when the member likes it. The name says what is liked and how
 * many like it, e.g. "Like post, 3 likes".
 */
export function LikeButton({
  isLiked,
  count,
  subject,
  onClick,
  size = 'sm',
  className,
}: {
  isLiked: boolean;
  count: number;
  subject: 'post' | 'comment';
  onClick: () => void;
  size?: 'sm' | 'xs';
  className?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={isLiked}
      aria-label={`Like ${subject}, ${formatCount(count, 'like')}`}
      onClick={onClick}
      className={cn(
        'gap-1.5 px-3 text-muted-foreground tabular-nums hover:text-foreground',
        isLiked && 'text-secondary-foreground hover:text-secondary-foreground',
        size === 'xs' && 'h-8 px-2.5 text-sm',
        className,
      )}
    >
      <ToggleHeart isOn={isLiked} strokeWidth={1.75} />
      <span data-testid="like-count">{count}</span>
    </Button>
  );
}
