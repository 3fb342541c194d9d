/**
 * Which view a path gets for each auth state (docs/product.md, "Routing by auth state"), plus the
 * auth screens for signed-out visitors (docs/architecture.md, "Contracts"). Pure, so the rule is
 * tested once here and the client router only renders what it returns.
 */

/** Member screens, as patterns: `:name` matches one non-empty path segment. */
export const MEMBER_ROUTE_PATTERNS = [
  '/library',
  '/community',
  '/community/posts/:id',
  '/community/:slug',
  '/community/:slug/new-post',
  '/calendar',
  '/account',
  // Offline downloads on this device (docs/architecture.md, "Contracts": screens added for members).
  '/downloads',
  '/video/:id',
  '/playlists/:slug',
  '/subscribe',
  // docs/architecture.md, "Contracts", test-mode checkout: the hosted-checkout stand-in, signed in only.
  '/checkout/test/:sessionId',
  '/questionnaire',
  '/questionnaire/:id/results',
  // The practice loop: a meditation timer, the member's practice, their settings.
  '/timer',
  '/practice',
  '/settings',
  // What the header's bell counts: replies, mentions, journey months, new playlist items, at-risk flags.
  '/notifications',
  // The teacher's newsletters sent to this member, and one to read (docs/product.md, "Newsletters").
  '/newsletters',
  '/newsletters/:id',
  // The header search across the library and the forums.
  '/search',
  '/assessment',
  '/assessment-history',
  '/admin',
  '/admin/content',
  '/admin/announcements',
  '/admin/forums',
  '/admin/users',
  // Members in and out: the CSV import and export (admins; the API checks).
  '/admin/members',
  '/admin/analytics',
  '/admin/settings',
  '/admin/playlists',
  // The moderation queue: moderators and admins (the screen and the API check the role).
  '/admin/moderation',
  // Offer codes for checkout (admins).
  '/admin/offers',
  '/admin/newsletters',
] as const;
export type MemberRoutePattern = (typeof MEMBER_ROUTE_PATTERNS)[number];

/** Screens for signing in and out of an account; only served to signed-out visitors. */
export const AUTH_ROUTE_PATHS = ['/sign-in', '/sign-up', '/forgot-password', '/reset-password'] as const;
export type AuthRoutePath = (typeof AUTH_ROUTE_PATHS)[number];

/**
 * Where `GET /api/logout` sends a navigation another site started: a "Sign out?" confirmation
 * instead of a silent sign-out. Served in every auth state (signed out, it says so).
 */
export const SIGN_OUT_PATH = '/sign-out';

export type AuthState = 'loading' | 'signedIn' | 'signedOut';

/**
 * - `landing`: the public landing page
 * - `loading`: a centred 'Loading...' while we do not yet know who the visitor is
 * - `screen`: the member screen for the path ('/' is the member home)
 * - `auth`: a sign-in, sign-up or password screen
 * - `redirectSignedIn`: an auth screen opened while signed in; send the member on
 * - `signOut`: the sign-out confirmation
 * - `notFound`: the 404 page
 */
export type RouteResolution =
  | 'landing'
  | 'loading'
  | 'screen'
  | 'auth'
  | 'redirectSignedIn'
  | 'signOut'
  | 'notFound';

export type RouteMatch = { pattern: MemberRoutePattern; params: Record<string, string> };

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of patternParts.entries()) {
    const segment = pathParts[index] ?? '';
    if (part.startsWith(':')) {
      if (segment === '') return null;
      params[part.slice(1)] = safeDecode(segment);
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The member route a path belongs to, with its parameters, or null. Literal segments win over `:params`. */
export function matchMemberRoute(path: string): RouteMatch | null {
  for (const pattern of MEMBER_ROUTE_PATTERNS) {
    const params = matchPattern(pattern, path);
    if (params) return { pattern, params };
  }
  return null;
}

export function isAuthRoutePath(path: string): path is AuthRoutePath {
  return (AUTH_ROUTE_PATHS as readonly string[]).includes(path);
}

/** `path` is a pathname without query string or hash. */
export function resolveRoute(path: string, authState: AuthState): RouteResolution {
  if (path === '/') return authState === 'signedIn' ? 'screen' : 'landing';
  if (path === SIGN_OUT_PATH) return authState === 'loading' ? 'loading' : 'signOut';

  if (isAuthRoutePath(path)) {
    if (authState === 'signedIn') return 'redirectSignedIn';
    // Not in docs/product.md's loading list, but showing 404 for a moment before the form would be a flash.
    return authState === 'loading' ? 'loading' : 'auth';
  }

  if (authState === 'signedOut') return 'notFound';
  if (!matchMemberRoute(path)) return 'notFound';
  return authState === 'loading' ? 'loading' : 'screen';
}

export type TabPath = '/' | '/library' | '/community' | '/calendar' | '/account';

/** Home is active only on exactly '/', the other tabs on their path and anything below it. */
export function isTabActive(tabPath: TabPath, currentPath: string): boolean {
  if (tabPath === '/') return currentPath === '/';
  return currentPath === tabPath || currentPath.startsWith(`${tabPath}/`);
}
