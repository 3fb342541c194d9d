import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { CircleAlert } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { getAuthErrorMessage } from '../api/auth-errors';

/** The links in and under the auth cards ('Create an account', 'Forgot password?'). */
export const AUTH_LINK_CLASS = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * The form of a sign-in, sign-up or password screen: the server's refusal on top (announced as
 * soon as it appears; `fallback` when it gives no message), the fields, and the one wide submit.
 */
export function AuthForm({
  onSubmit,
  error,
  fallback,
  submitLabel,
  pendingText,
  isSubmitting,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: unknown;
  fallback: string;
  submitLabel: string;
  pendingText: string;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {error ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <p>{getAuthErrorMessage(error, fallback)}</p>
        </Alert>
      ) : null}
      {children}
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        isPending={isSubmitting}
        pendingText={pendingText}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

type NameErrors = { firstName?: { message?: string }; lastName?: { message?: string } };

/** First and last name side by side (one above the other on a phone): sign-up and the profile. */
export function NameFields({
  first,
  last,
  errors,
}: {
  first: UseFormRegisterReturn;
  last: UseFormRegisterReturn;
  errors: NameErrors;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
      <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...first} />
      <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...last} />
    </div>
  );
}

/** The Email field of the auth forms. */
export function EmailField({ error, ...field }: UseFormRegisterReturn & { error?: string }) {
  return (
    <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={error} {...field} />
  );
}
