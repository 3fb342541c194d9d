import { Alert } from '@client/components/ui/alert';
import { Field } from '@client/components/ui/field';
import { LinkButton } from '@client/components/ui/link-button';
import { PasswordInput } from '@client/components/ui/password-input';
import { toast } from '@client/components/ui/use-toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH, ResetPasswordInputSchema } from '@shared/schemas/auth';
import { LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'wouter';
import { isInvalidTokenError } from '../api/auth-errors';
import { useResetPassword } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';

function InvalidLink() {
  return (
    <AuthCard title="This link has expired">
      <div className="grid gap-6">
        <Alert role="alert">
          <LinkIcon aria-hidden="true" />
          <p>
            This password reset link is invalid or has expired. Reset links work once and only for a short
            time. Request a new one and use the latest e-mail we send you.
          </p>
        </Alert>
        <LinkButton href="/forgot-password" size="lg" className="w-full">
          Request a new link
        </LinkButton>
      </div>
    </AuthCard>
  );
}

export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  // Arrived from the e-mail confirmation link: the sign-up password was set aside (it was never
  // proven to be the owner's), so this is the first password the member chooses.
  const isFirstPassword = searchParams.get('verified') === '1';
  const resetPassword = useResetPassword();
  const form = useForm({
    resolver: zodResolver(ResetPasswordInputSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (linkError || !token || isInvalidTokenError(resetPassword.error)) return <InvalidLink />;

  const send = ({ password }: { password: string }) =>
    resetPassword.mutateAsync({ newPassword: password, token });
  const then = () => {
    toast({
      title: isFirstPassword ? 'Password saved' : 'Password updated',
      description: 'Sign in with your new password to continue.',
    });
    navigate('/sign-in', { replace: true });
  };

  return (
    <AuthCard
      title={isFirstPassword ? 'Choose your password' : 'Choose a new password'}
      description={
        isFirstPassword
          ? 'Thank you, your e-mail address is confirmed. Choose the password you will sign in with.'
          : 'Pick something you have not used here before.'
      }
    >
      <AuthForm
        form={form}
        send={send}
        then={then}
        error={resetPassword.error}
        fallback="We could not reset your password. Please try again."
        submit={[isFirstPassword ? 'Save password' : 'Reset password', 'Saving...']}
      >
        <Field
          label="New password"
          error={errors.password?.message}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
      </AuthForm>
    </AuthCard>
  );
}
