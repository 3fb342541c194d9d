import { apiRequest } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/** Where the confirmation link lands (the server sets the same for every link it mails). */
const CALLBACK_PATH = '/account?verified=1';

/** `POST /api/auth/send-verification-email` (better-auth): mails the confirmation link again. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await apiRequest('POST', '/api/auth/send-verification-email', { email, callbackURL: CALLBACK_PATH });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
