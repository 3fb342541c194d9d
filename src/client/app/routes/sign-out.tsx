import { SignOutConfirmation } from '@client/features/auth/components/sign-out-confirmation';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function SignOutScreen() {
  useDocumentTitle('Sign out');
  return <SignOutConfirmation />;
}
