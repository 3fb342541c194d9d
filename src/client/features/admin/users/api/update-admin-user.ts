import { apiRequest } from '@client/lib/api';
import type { AdminUser } from '@shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type AdminUserChange =
  | { isAdmin?: boolean; isModerator?: boolean; complimentaryPremium?: boolean; complimentaryUntil?: string }
  /** `DELETE /api/admin/users/{id}/mute`: the member may write in the community again. */
  | { liftMute: true };

/**
 * `PUT /api/admin/users/{id}`: grant or revoke admin rights, grant or end complimentary premium.
 * 409 `LAST_ADMIN` when it would leave no admin; 409 when the member already pays.
 */
export async function updateAdminUser(id: string, change: AdminUserChange): Promise<AdminUser | null> {
  if ('liftMute' in change) {
    await apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(id)}/mute`);
    return null;
  }
  const response = await apiRequest('PUT', `/api/admin/users/${encodeURIComponent(id)}`, change);
  return (await response.json()) as AdminUser;
}

export function useUpdateAdminUser({ currentUserId }: { currentUserId: string | null }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, change }: { user: AdminUser; change: AdminUserChange }) =>
      updateAdminUser(user.id, change),
    onSuccess: (_updated, { user }) => {
      const refreshes = [
        queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/stats'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/analytics'] }),
      ];
      // Changing yourself changes what this browser may see.
      if (user.id === currentUserId) {
        refreshes.push(
          queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] }),
          queryClient.invalidateQueries({ queryKey: ['/api/subscription-details'] }),
        );
      }
      return Promise.all(refreshes);
    },
  });
}
