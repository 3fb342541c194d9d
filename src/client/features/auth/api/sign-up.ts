import { apiRequest } from '@client/lib/api';
import type { SignUpInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';

export function signUp({ firstName, lastName, email, password }: SignUpInput) {
  return apiRequest('POST', '/api/auth/sign-up/email', {
    email,
    password,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
