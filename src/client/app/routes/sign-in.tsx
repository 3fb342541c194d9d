import { SignInForm } from '@client/features/auth/components/sign-in-form';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function SignInScreen() {
  const i18n = useNamespace('auth');
  useDocumentTitle(i18n._('auth.route.signIn'));
  return <SignInForm />;
}
