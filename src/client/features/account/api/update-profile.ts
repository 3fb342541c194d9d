import { authQueries } from '@client/features/auth';
import { apiJson } from '@client/lib/api';
import type { ProfileInput } from '@shared/schemas/account';
import type { CurrentUser } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * `PUT /api/user/profile`: first and last name, and the picture (an uploaded image's object path,
 * '' to remove it, absent to keep it). Answers with the current user, as `GET /api/auth/user` does.
 */
export async function updateProfile(input: ProfileInput): Promise<CurrentUser> {
  return apiJson<CurrentUser>('PUT', '/api/user/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // The header menu, the account page and every avatar read the current user from here.
      queryClient.setQueryData(authQueries.currentUser().queryKey, user);
    },
  });
}
