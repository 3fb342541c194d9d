import { cn } from '@client/lib/cn';
import { Heart } from 'lucide-react';

/** The heart of a like or favourite toggle: filled, and a touch larger, while it is on. */
export function ToggleHeart({ isOn, strokeWidth }: { isOn: boolean; strokeWidth: number }) {
  return (
    <Heart
      className={cn('transition-transform duration-200', isOn && 'motion-safe:scale-110')}
      fill={isOn ? 'currentColor' : 'none'}
      strokeWidth={strokeWidth}
      aria-hidden="true"
    />
  );
}

/** The mutation a heart sends (a like or favourite toggle). */
export type HeartToggle<V> = {
  isPending: boolean;
  mutate: (variables: V, options: { onError: (error: Error) => void }) => void;
};

/**
 * What a click on a heart (a like, a favourite) does: a visitor is asked to sign in; a click while
 * the last one is on its way is dropped (it would undo it before the answer arrives); a failure is
 * explained.
 */
export function useToggleClick<V>({
  toggle,
  variables,
  isAuthenticated,
  askToSignIn,
  explainFailure,
}: {
  toggle: HeartToggle<V>;
  variables: V;
  /** From the caller's feature (the account lives in features/auth, above this layer). */
  isAuthenticated: boolean;
  askToSignIn: () => void;
  explainFailure: (error: Error) => void;
}): () => void {
  return () => {
    if (!isAuthenticated) {
      askToSignIn();
      return;
    }
    if (toggle.isPending) return;
    toggle.mutate(variables, { onError: explainFailure });
  };
}
