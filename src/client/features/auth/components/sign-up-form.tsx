import { Alert } from '@client/components/ui/alert';
import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { SitePageDialogHost, SitePageLink, useSitePageDialog } from '@client/features/help';
import { useNamespace } from '@client/lib/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans } from '@lingui/react';
import { MIN_PASSWORD_LENGTH, type SignUpInput, SignUpInputSchema } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useCompleteSignIn } from '../api/complete-sign-in';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from './auth-card';
import { AuthForm, EmailField, NameFields, ReturnToLink } from './auth-form';

export function SignUpForm() {
  const i18n = useNamespace('auth');
  const signUp = useSignUp();
  const completeSignIn = useCompleteSignIn();
  // The terms and privacy policy open over the form, so nothing typed is lost.
  const pages = useSitePageDialog();
  const form = useForm({
    resolver: zodResolver(SignUpInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', newsletters: false },
  });
  const { errors } = form.formState;

  const send = async (values: SignUpInput) => {
    const { isSignedIn } = await signUp.mutateAsync(values);
    if (isSignedIn) await completeSignIn();
  };

  // The address may already have had an account (its owner has been mailed): the screen says the
  // same as for any sign-up that could not go straight in, so it never tells which.
  if (signUp.data?.isSignedIn === false) {
    return (
      <AuthCard
        title={i18n._('auth.signUp.checkEmail.title')}
        footer={<ReturnToLink to="/sign-in">{i18n._('auth.signUp.checkEmail.goToSignIn')}</ReturnToLink>}
      >
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <p>
            <Trans
              id="auth.signUp.checkEmail.text"
              values={{ email: signUp.variables?.email }}
              components={{ 0: <strong className="font-semibold" /> }}
            />
          </p>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={i18n._('auth.signUp.title')}
      description={i18n._('auth.signUp.description')}
      footer={
        <>
          {i18n._('auth.signUp.haveAccount')}{' '}
          <ReturnToLink to="/sign-in">{i18n._('auth.signUp.signInInstead')}</ReturnToLink>
        </>
      }
    >
      <AuthForm
        form={form}
        send={send}
        error={signUp.error}
        fallback={i18n._('auth.signUp.failed')}
        submit={[i18n._('auth.signUp.submit'), i18n._('auth.signUp.submitting')]}
      >
        <NameFields first={form.register('firstName')} last={form.register('lastName')} errors={errors} />
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <Field
          label={i18n._('auth.field.password')}
          error={errors.password?.message}
          hint={i18n._('auth.signUp.passwordHint', { count: MIN_PASSWORD_LENGTH })}
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
        {/* Opt-in: unchecked until the member ticks it (docs/product.md, "Newsletters"). */}
        <label className="flex items-start gap-3 text-sm leading-snug">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('newsletters')} />
          <span>{i18n._('auth.signUp.newsletters')}</span>
        </label>
        <p className="text-muted-foreground text-sm">
          <Trans
            id="auth.signUp.agreement"
            components={{
              0: (
                <SitePageLink
                  page="terms"
                  onOpen={pages.open}
                  className="font-medium text-primary underline underline-offset-4"
                />
              ),
              1: (
                <SitePageLink
                  page="privacy"
                  onOpen={pages.open}
                  className="font-medium text-primary underline underline-offset-4"
                />
              ),
            }}
          />
        </p>
      </AuthForm>
      <SitePageDialogHost page={pages.page} onClose={pages.close} />
    </AuthCard>
  );
}
