import { ResetPasswordForm } from '@client/features/auth/components/reset-password-form';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function ResetPasswordScreen() {
  const i18n = useNamespace('auth');
  useDocumentTitle(i18n._('auth.route.resetPassword'));
  return <ResetPasswordForm />;
}
