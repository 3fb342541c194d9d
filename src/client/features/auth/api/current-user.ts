import { apiFetch, readApiError } from '@client/lib/api';
import { isNetworkError } from '@client/lib/online-status';
import type { AuthState } from '@shared/routes';
import type { CurrentUser } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { forgetDevice, getRememberedUser, rememberVerifiedUser } from '../device-account';

/**
 * `GET /api/auth/user`: the signed-in user, or null when the server answers 401. With no network,
 * the account this device last confirmed (so the app and its downloads open offline); a 401 means
 * signed out (or deleted), and the device forgets what belonged to the account.
 */
async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<CurrentUser | null> {
  let response: Response;
  try {
    response = await apiFetch('/api/auth/user', { credentials: 'include', signal });
  } catch (error) {
    const remembered = isNetworkError(error) ? await getRememberedUser() : null;
    if (remembered) return remembered;
    throw error;
  }
  if (response.status === 401) {
    await forgetDevice();
    return null;
  }
  if (!response.ok) throw await readApiError(response);
  const user = (await response.json()) as CurrentUser;
  await rememberVerifiedUser(user);
  return user;
}

export const authQueries = {
  currentUser: () => queryOptions({ queryKey: ['/api/auth/user'], queryFn: fetchCurrentUser }),
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
    // docs/product.md, "States and transitions": admin only when isAdmin is strictly true.
    isAdmin: user?.isAdmin === true,
  };
}
