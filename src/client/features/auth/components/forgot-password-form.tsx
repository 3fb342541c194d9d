import { Alert } from '@client/components/ui/alert';
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInputSchema } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { AuthForm, EmailField, ReturnToLink } from './auth-form';

export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(ForgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const backToSignIn = <ReturnToLink to="/sign-in">Back to sign in</ReturnToLink>;

  if (requestReset.isSuccess) {
    return (
      <AuthCard title="Check your inbox" footer={backToSignIn}>
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <p>
            If an account exists for <strong className="font-semibold">{requestReset.variables.email}</strong>
            , we have sent it a link to choose a new password. It may take a minute to arrive, so check your
            spam folder too.
          </p>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you signed up with and we will send you a link to choose a new one."
      footer={backToSignIn}
    >
      <AuthForm
        form={form}
        send={requestReset.mutateAsync}
        error={requestReset.error}
        fallback="We could not send the link. Please try again."
        submit={['Send reset link', 'Sending...']}
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
      </AuthForm>
    </AuthCard>
  );
}
