import { apiRequest } from '@client/lib/api';
import type { SignInInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';

export function signIn({ email, password }: SignInInput) {
  return apiRequest('POST', '/api/auth/sign-in/email', { email, password });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
