import { Alert } from '@client/components/ui/alert';
import { useNamespace } from '@client/lib/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans } from '@lingui/react';
import { ForgotPasswordInputSchema } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { AuthForm, EmailField, ReturnToLink } from './auth-form';

export function ForgotPasswordForm() {
  const i18n = useNamespace('auth');
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(ForgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const backToSignIn = <ReturnToLink to="/sign-in">{i18n._('auth.forgot.backToSignIn')}</ReturnToLink>;

  if (requestReset.isSuccess) {
    return (
      <AuthCard title={i18n._('auth.forgot.sent.title')} footer={backToSignIn}>
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <p>
            <Trans
              id="auth.forgot.sent.text"
              values={{ email: requestReset.variables.email }}
              components={{ 0: <strong className="font-semibold" /> }}
            />
          </p>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={i18n._('auth.forgot.title')}
      description={i18n._('auth.forgot.description')}
      footer={backToSignIn}
    >
      <AuthForm
        form={form}
        send={requestReset.mutateAsync}
        error={requestReset.error}
        fallback={i18n._('auth.forgot.failed')}
        submit={[i18n._('auth.forgot.submit'), i18n._('auth.forgot.submitting')]}
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
      </AuthForm>
    </AuthCard>
  );
}
