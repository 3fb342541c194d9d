import { safeReturnTo } from '@shared/schemas/auth';
import { Redirect } from 'wouter';
import { useReturnTo } from '../api/complete-sign-in';

/** An auth screen opened while signed in: go where the visitor was heading, else home. */
export function AuthRedirect() {
  const returnTo = useReturnTo();
  return <Redirect to={safeReturnTo(returnTo)} replace />;
}
