import { ApiError, apiRequest } from '@client/lib/api';
import type { SignUpInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { signIn } from './sign-in';

/**
 * Creates the account, then signs in with it. The server answers a sign-up the same way whether or
 * not the address already has an account (it mails the owner instead), and opens no session; so a
 * sign-in the server refuses means "check your e-mail", never "this address is taken".
 */
export async function signUp(input: SignUpInput): Promise<{ isSignedIn: boolean }> {
  const { firstName, lastName, email, password, newsletters } = input;
  await apiRequest('POST', '/api/auth/sign-up/email', {
    email,
    password,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    ...(newsletters ? { newsletters } : {}),
  });
  try {
    await signIn({ email, password });
    return { isSignedIn: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { isSignedIn: false };
    throw error;
  }
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
