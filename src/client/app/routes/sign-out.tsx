import { SignOutConfirmation } from '@client/features/auth/components/sign-out-confirmation';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function SignOutScreen() {
  const i18n = useNamespace('auth');
  useDocumentTitle(i18n._('auth.route.signOut'));
  return <SignOutConfirmation />;
}
