import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { useSite } from '@client/lib/site';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignInInputSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useCompleteSignIn } from '../api/complete-sign-in';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { AuthForm, EmailField, ReturnToLink } from './auth-form';

export function SignInForm() {
  const { name: siteName } = useSite();
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    resolver: zodResolver(SignInInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to continue your practice."
      footer={
        <>
          New to {siteName}? <ReturnToLink to="/sign-up">Create an account</ReturnToLink>
        </>
      }
    >
      <AuthForm
        form={form}
        send={signIn.mutateAsync}
        then={completeSignIn}
        error={signIn.error}
        fallback="We could not sign you in. Please try again."
        submit={['Sign in', 'Signing in...']}
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <div className="grid gap-2">
          <Field label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </Field>
          <ReturnToLink to="/forgot-password" className="justify-self-end text-sm">
            Forgot password?
          </ReturnToLink>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
