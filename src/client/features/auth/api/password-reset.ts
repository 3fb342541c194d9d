import { apiRequest } from '@client/lib/api';
import type { ForgotPasswordInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';

/** Where the e-mailed link lands; the server appends `?token=` (or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = '/reset-password';

export function requestPasswordReset({ email }: ForgotPasswordInput) {
  return apiRequest('POST', '/api/auth/request-password-reset', { email, redirectTo: RESET_PASSWORD_PATH });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function resetPassword({ newPassword, token }: { newPassword: string; token: string }) {
  return apiRequest('POST', '/api/auth/reset-password', { newPassword, token });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
