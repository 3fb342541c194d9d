import { SignInForm } from '@client/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function SignInScreen() {
  useDocumentTitle('Sign in');
  return <SignInForm />;
}
