import { AuthRedirect } from '@client/features/auth/components/auth-redirect';

export default AuthRedirect;
