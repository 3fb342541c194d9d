import { Button } from '@client/components/ui/button';
import { Field, TextField } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignInInputSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { getAuthErrorMessage } from '../api/auth-errors';
import { useCompleteSignIn, useReturnTo, withReturnTo } from '../api/complete-sign-in';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { FormError } from './form-error';

export function SignInForm() {
  const returnTo = useReturnTo();
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    resolver: zodResolver(SignInInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch {
      return;
    }
    await completeSignIn();
  });

  const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to continue your practice."
      footer={
        <>
          New to Stillpoint?{' '}
          <Link href={withReturnTo('/sign-up', returnTo)} className={linkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormError
          message={
            signIn.error
              ? getAuthErrorMessage(signIn.error, 'We could not sign you in. Please try again.')
              : null
          }
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="grid gap-2">
          <Field label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </Field>
          <Link
            href={withReturnTo('/forgot-password', returnTo)}
            className={`${linkClass} justify-self-end text-sm`}
          >
            Forgot password?
          </Link>
        </div>
        <Button
          type="submit"
          size="lg"
          className="mt-1 w-full"
          isPending={isSubmitting}
          pendingText="Signing in..."
        >
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
