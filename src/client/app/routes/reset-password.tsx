import { ResetPasswordForm } from '@client/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function ResetPasswordScreen() {
  useDocumentTitle('Reset password');
  return <ResetPasswordForm />;
}
