import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH, SignUpInputSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useCompleteSignIn } from '../api/complete-sign-in';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from './auth-card';
import { AuthForm, EmailField, NameFields, ReturnToLink } from './auth-form';

export function SignUpForm() {
  const signUp = useSignUp();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    resolver: zodResolver(SignUpInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Begin your journey"
      description="Create your account to start restoring your mind and body."
      footer={
        <>
          Already have an account? <ReturnToLink to="/sign-in">Sign in instead</ReturnToLink>
        </>
      }
    >
      <AuthForm
        form={form}
        send={signUp.mutateAsync}
        then={completeSignIn}
        error={signUp.error}
        fallback="We could not create your account. Please try again."
        submit={['Create account', 'Creating account...']}
      >
        <NameFields first={form.register('firstName')} last={form.register('lastName')} errors={errors} />
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <Field
          label="Password"
          error={errors.password?.message}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. A short phrase is easy to remember.`}
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
      </AuthForm>
    </AuthCard>
  );
}
