import { Button } from '@client/components/ui/button';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { cn } from '@client/lib/cn';
import { Heart } from 'lucide-react';
import { askToSignIn, explainFailure } from './community-toasts';

export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * What a click on a like does: a visitor is asked to sign in; a click while the last one is on its
 * way is dropped (it would undo it before the answer arrives); a failure is explained kindly.
 */
export function useLikeClick<V>(
  action: 'likePost' | 'likeComment',
  toggle: {
    isPending: boolean;
    mutate: (variables: V, options: { onError: (error: Error) => void }) => void;
  },
  variables: V,
): () => void {
  const { isAuthenticated } = useCurrentUser();
  return () => {
    if (!isAuthenticated) {
      askToSignIn(action);
      return;
    }
    if (toggle.isPending) return;
    toggle.mutate(variables, { onError: (error) => explainFailure(action, error) });
  };
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
      <Heart
        className={cn('transition-transform duration-200', isLiked && 'motion-safe:scale-110')}
        fill={isLiked ? 'currentColor' : 'none'}
        strokeWidth={1.75}
        aria-hidden="true"
      />
      <span data-testid="like-count">{count}</span>
    </Button>
  );
}
