import { ForgotPasswordForm } from '@client/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@client/lib/use-document-title';

export default function ForgotPasswordScreen() {
  useDocumentTitle('Forgot password');
  return <ForgotPasswordForm />;
}
