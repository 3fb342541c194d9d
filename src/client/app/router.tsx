import { useCurrentUser } from '@client/features/auth/api/current-user';
import { isAuthRoutePath, matchMemberRoute, resolveRoute } from '@shared/routes';
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { MEMBER_SCREENS } from './member-screens';
import { RouteErrorBoundary } from './route-error-boundary';
import { LandingScreen } from './routes/landing';
import { LoadingScreen, ScreenFallback } from './routes/loading';
import { NotFoundScreen } from './routes/not-found';

const MemberHomeScreen = lazy(() => import('./routes/home'));
const AUTH_SCREENS = {
  '/sign-in': lazy(() => import('./routes/sign-in')),
  '/sign-up': lazy(() => import('./routes/sign-up')),
  '/forgot-password': lazy(() => import('./routes/forgot-password')),
  '/reset-password': lazy(() => import('./routes/reset-password')),
};
const AuthRedirect = lazy(() => import('./routes/auth-redirect'));
const SignOutScreen = lazy(() => import('./routes/sign-out'));

/** Renders what `resolveRoute` (src/shared/routes.ts) decides for the current path and auth state. */
function RouteOutlet() {
  const [path] = useLocation();
  const { authState } = useCurrentUser();

  switch (resolveRoute(path, authState)) {
    case 'landing':
      return <LandingScreen />;
    case 'loading':
      return <LoadingScreen />;
    case 'notFound':
      return <NotFoundScreen />;
    case 'redirectSignedIn':
      return <AuthRedirect />;
    case 'signOut':
      return <SignOutScreen />;
    case 'auth': {
      const AuthScreen = isAuthRoutePath(path) ? AUTH_SCREENS[path] : null;
      return AuthScreen ? <AuthScreen /> : <NotFoundScreen />;
    }
    case 'screen': {
      if (path === '/') return <MemberHomeScreen />;
      const match = matchMemberRoute(path);
      if (!match) return <NotFoundScreen />;
      const Screen = MEMBER_SCREENS[match.pattern];
      return <Screen params={match.params} />;
    }
  }
}

export function AppRoutes() {
  const [path] = useLocation();
  return (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={<ScreenFallback />}>
        <RouteOutlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
