import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Link } from 'wouter';
import { getAuthErrorMessage } from '../api/auth-errors';
import { useReturnTo, withReturnTo } from '../api/complete-sign-in';

/** The links in and under the auth cards ('Create an account', 'Forgot password?'). */
export const authLinkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** A link to another auth screen that keeps where the visitor was going (`?returnTo=`). */
export function ReturnToLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const returnTo = useReturnTo();
  return (
    <Link href={withReturnTo(to, returnTo)} className={cn(authLinkClass, className)}>
      {children}
    </Link>
  );
}

type AuthFormProps<TValues extends FieldValues> = {
  form: UseFormReturn<TValues>;
  /** Sends the valid values; when it fails, its error shows on top and nothing else happens. */
  send: (values: TValues) => Promise<unknown>;
  /** What to do once the server has accepted (sign the member in, move on). */
  then?: () => unknown;
  error: unknown;
  fallback: string;
  /** The submit button's label and its label while sending. */
  submit: [label: string, pending: string];
  children: ReactNode;
};

/**
 * The form of a sign-in, sign-up or password screen: the server's refusal on top (announced as
 * soon as it appears; `fallback` when it gives no message), the fields, and the one wide submit.
 */
export function AuthForm<TValues extends FieldValues>({
  form,
  send,
  then,
  error,
  fallback,
  submit: [label, pendingText],
  children,
}: AuthFormProps<TValues>) {
  const i18n = useNamespace('auth');
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch {
      return;
    }
    await then?.();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {error ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <p>{getAuthErrorMessage(error, fallback, i18n)}</p>
        </Alert>
      ) : null}
      {children}
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        isPending={form.formState.isSubmitting}
        pendingText={pendingText}
      >
        {label}
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
  const i18n = useNamespace('auth');
  return (
    <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
      <TextField
        label={i18n._('auth.field.firstName')}
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...first}
      />
      <TextField
        label={i18n._('auth.field.lastName')}
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...last}
      />
    </div>
  );
}

/** The Email field of the auth forms. */
export function EmailField({ error, ...field }: UseFormRegisterReturn & { error?: string }) {
  const i18n = useNamespace('auth');
  return (
    <TextField
      label={i18n._('auth.field.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      error={error}
      {...field}
    />
  );
}
