import { forgetDevice } from '@client/features/auth';
import { apiRequest } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/**
 * `DELETE /api/user` with the password again: 204, and the session cookie is cleared. 400 when the
 * password is wrong, 409 `LAST_ADMIN` for the last admin, 502 when the payment provider could not
 * cancel the subscription (nothing is deleted then).
 */
export async function deleteAccount(password: string): Promise<void> {
  await apiRequest('DELETE', '/api/user', { password });
  // The account is gone: so are its downloads and offline listening on this device.
  await forgetDevice();
}

/**
 * The cache is left alone on success: the screen says goodbye, then loads '/' from scratch, so
 * the app reads the signed-out state from the server.
 */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
