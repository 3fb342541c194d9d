import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignInInputSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useCompleteSignIn } from '../api/complete-sign-in';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { AuthForm, EmailField, ReturnToLink } from './auth-form';

export function SignInForm() {
  const i18n = useNamespace('auth');
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
      title={i18n._('auth.signIn.title')}
      description={i18n._('auth.signIn.description')}
      footer={
        <>
          {i18n._('auth.signIn.newHere', { siteName })}{' '}
          <ReturnToLink to="/sign-up">{i18n._('auth.signIn.createAccount')}</ReturnToLink>
        </>
      }
    >
      <AuthForm
        form={form}
        send={signIn.mutateAsync}
        then={completeSignIn}
        error={signIn.error}
        fallback={i18n._('auth.signIn.failed')}
        submit={[i18n._('auth.signIn.submit'), i18n._('auth.signIn.submitting')]}
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <div className="grid gap-2">
          <Field label={i18n._('auth.field.password')} error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </Field>
          <ReturnToLink to="/forgot-password" className="justify-self-end text-sm">
            {i18n._('auth.signIn.forgotPassword')}
          </ReturnToLink>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
