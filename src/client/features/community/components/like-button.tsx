import { type HeartToggle, ToggleHeart, useToggleClick } from '@client/components/toggle-heart';
import { Button } from '@client/components/ui/button';
import { useCurrentUser } from '@client/features/auth';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { askToSignIn, explainFailure } from './community-toasts';

/** "3 likes" in English words; the admin's forum cards use it (the community's own screens count in the member's language). */
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
  const i18n = useNamespace('community');
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={isLiked}
      aria-label={
        subject === 'post'
          ? i18n._('community.like.post', { count })
          : i18n._('community.like.comment', { count })
      }
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
