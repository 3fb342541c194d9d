import { getQueryFn } from '@client/lib/api';
import type { AuthState } from '@shared/routes';
import type { CurrentUser } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const authQueries = {
  /** `GET /api/auth/user`: the signed-in user, or null when the server answers 401. */
  currentUser: () =>
    queryOptions({
      queryKey: ['/api/auth/user'],
      queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
    }),
};

export function useCurrentUser() {
  const query = useQuery(authQueries.currentUser());
  const user = query.data ?? null;
  const authState: AuthState = query.isLoading ? 'loading' : user ? 'signedIn' : 'signedOut';
  return {
    user,
    authState,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    // SPEC.md section 4: admin only when isAdmin is strictly true.
    isAdmin: user?.isAdmin === true,
  };
}
