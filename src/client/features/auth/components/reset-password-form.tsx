import { Alert } from '@client/components/ui/alert';
import { Field } from '@client/components/ui/field';
import { LinkButton } from '@client/components/ui/link-button';
import { PasswordInput } from '@client/components/ui/password-input';
import { toast } from '@client/components/ui/use-toast';
import { useNamespace } from '@client/lib/i18n';
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
  const i18n = useNamespace('auth');
  return (
    <AuthCard title={i18n._('auth.reset.expired.title')}>
      <div className="grid gap-6">
        <Alert role="alert">
          <LinkIcon aria-hidden="true" />
          <p>{i18n._('auth.reset.expired.text')}</p>
        </Alert>
        <LinkButton href="/forgot-password" size="lg" className="w-full">
          {i18n._('auth.reset.expired.requestNew')}
        </LinkButton>
      </div>
    </AuthCard>
  );
}

export function ResetPasswordForm() {
  const i18n = useNamespace('auth');
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
      title: isFirstPassword ? i18n._('auth.reset.saved') : i18n._('auth.reset.updated'),
      description: i18n._('auth.reset.signInWithNew'),
    });
    navigate('/sign-in', { replace: true });
  };

  return (
    <AuthCard
      title={isFirstPassword ? i18n._('auth.reset.firstTitle') : i18n._('auth.reset.title')}
      description={isFirstPassword ? i18n._('auth.reset.firstDescription') : i18n._('auth.reset.description')}
    >
      <AuthForm
        form={form}
        send={send}
        then={then}
        error={resetPassword.error}
        fallback={i18n._('auth.reset.failed')}
        submit={[
          isFirstPassword ? i18n._('auth.reset.submitFirst') : i18n._('auth.reset.submit'),
          i18n._('auth.reset.submitting'),
        ]}
      >
        <Field
          label={i18n._('auth.field.newPassword')}
          error={errors.password?.message}
          hint={i18n._('auth.reset.passwordHint', { count: MIN_PASSWORD_LENGTH })}
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label={i18n._('auth.field.confirmNewPassword')} error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
      </AuthForm>
    </AuthCard>
  );
}
