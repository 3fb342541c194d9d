import { focusMainHeadingWhenShown } from '@client/lib/focus-main-heading';
import { safeReturnTo } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'wouter';
import { authQueries } from './current-user';

/** The raw `?returnTo=` of the current address (validated only when used). */
export function useReturnTo(): string | null {
  const [searchParams] = useSearchParams();
  return searchParams.get('returnTo');
}

/** `path` carrying the same `returnTo`, so moving between the auth screens keeps it. */
export function withReturnTo(path: string, returnTo: string | null): string {
  const target = safeReturnTo(returnTo);
  return target === '/' ? path : `${path}?returnTo=${encodeURIComponent(target)}`;
}

/**
 * After sign-in or sign-up: reload the current user, then continue to where the visitor was going,
 * with focus on that screen's heading (the form they used is gone).
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const returnTo = useReturnTo();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: authQueries.currentUser().queryKey, refetchType: 'all' });
    navigate(safeReturnTo(returnTo), { replace: true });
    focusMainHeadingWhenShown();
  };
}
