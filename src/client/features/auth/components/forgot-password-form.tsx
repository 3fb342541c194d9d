import { Alert } from '@client/components/ui/alert';
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInputSchema } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useReturnTo, withReturnTo } from '../api/complete-sign-in';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { AUTH_LINK_CLASS, AuthForm, EmailField } from './auth-form';

export function ForgotPasswordForm() {
  const returnTo = useReturnTo();
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(ForgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    await requestReset.mutateAsync(values).catch(() => undefined);
  });

  const backToSignIn = (
    <Link href={withReturnTo('/sign-in', returnTo)} className={AUTH_LINK_CLASS}>
      Back to sign in
    </Link>
  );

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
        onSubmit={onSubmit}
        error={requestReset.error}
        fallback="We could not send the link. Please try again."
        submitLabel="Send reset link"
        pendingText="Sending..."
        isSubmitting={isSubmitting}
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
      </AuthForm>
    </AuthCard>
  );
}
