import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignInInputSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useCompleteSignIn, useReturnTo, withReturnTo } from '../api/complete-sign-in';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { AUTH_LINK_CLASS, AuthForm, EmailField } from './auth-form';

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

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to continue your practice."
      footer={
        <>
          New to Stillpoint?{' '}
          <Link href={withReturnTo('/sign-up', returnTo)} className={AUTH_LINK_CLASS}>
            Create an account
          </Link>
        </>
      }
    >
      <AuthForm
        onSubmit={onSubmit}
        error={signIn.error}
        fallback="We could not sign you in. Please try again."
        submitLabel="Sign in"
        pendingText="Signing in..."
        isSubmitting={isSubmitting}
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <div className="grid gap-2">
          <Field label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </Field>
          <Link
            href={withReturnTo('/forgot-password', returnTo)}
            className={`${AUTH_LINK_CLASS} justify-self-end text-sm`}
          >
            Forgot password?
          </Link>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
