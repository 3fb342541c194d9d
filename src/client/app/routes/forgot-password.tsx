import { ForgotPasswordForm } from '@client/features/auth/components/forgot-password-form';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function ForgotPasswordScreen() {
  const i18n = useNamespace('auth');
  useDocumentTitle(i18n._('auth.route.forgotPassword'));
  return <ForgotPasswordForm />;
}
