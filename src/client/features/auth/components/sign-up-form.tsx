import { Alert } from '@client/components/ui/alert';
import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { SitePageDialogHost, SitePageLink, useSitePageDialog } from '@client/features/help';
import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH, type SignUpInput, SignUpInputSchema } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useCompleteSignIn } from '../api/complete-sign-in';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from './auth-card';
import { AuthForm, EmailField, NameFields, ReturnToLink } from './auth-form';

export function SignUpForm() {
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
      <AuthCard title="Check your e-mail" footer={<ReturnToLink to="/sign-in">Go to sign in</ReturnToLink>}>
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <p>
            We have sent a message to <strong className="font-semibold">{signUp.variables?.email}</strong>.
            Open it to continue. It may take a minute to arrive, so check your spam folder too.
          </p>
        </Alert>
      </AuthCard>
    );
  }

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
        send={send}
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
        {/* Opt-in: unchecked until the member ticks it (docs/product.md, "Newsletters"). */}
        <label className="flex items-start gap-3 text-sm leading-snug">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('newsletters')} />
          <span>Send me the teacher's newsletters by e-mail. You can stop them at any time.</span>
        </label>
        <p className="text-muted-foreground text-sm">
          By creating an account you agree to the{' '}
          <SitePageLink
            page="terms"
            onOpen={pages.open}
            className="font-medium text-primary underline underline-offset-4"
          >
            terms
          </SitePageLink>{' '}
          and the{' '}
          <SitePageLink
            page="privacy"
            onOpen={pages.open}
            className="font-medium text-primary underline underline-offset-4"
          >
            privacy policy
          </SitePageLink>
          .
        </p>
      </AuthForm>
      <SitePageDialogHost page={pages.page} onClose={pages.close} />
    </AuthCard>
  );
}
