import { SignUpForm } from '@client/features/auth/components/sign-up-form';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function SignUpScreen() {
  const i18n = useNamespace('auth');
  useDocumentTitle(i18n._('auth.route.signUp'));
  return <SignUpForm />;
}
