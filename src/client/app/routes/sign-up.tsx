import { SignUpForm } from '@client/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function SignUpScreen() {
  useDocumentTitle('Create an account');
  return <SignUpForm />;
}
