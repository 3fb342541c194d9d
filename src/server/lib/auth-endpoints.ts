// The fixed facts about better-auth's endpoints that the plugins need (the mount, the write limits,
// the client page guard) and the auth feature configures better-auth with. They live below both.

export const CLIENT_IP_HEADER = 'x-stillpoint-client-ip';
export const SESSION_COOKIE_PREFIX = 'stillpoint';

/** Requests per minute and client address (docs/product.md is silent; generous for people, tight for scripts). */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 10 },
  '/send-verification-email': { window: 60, max: 3 },
} as const;

/**
 * The better-auth endpoints reachable over HTTP, by method and path below `/api/auth`; the mount
 * answers 404 for every other (social sign-in, account linking, change-email, delete-user,
 * session listing, update-session, verify-password, ...: features we do not offer, or offer through
 * our own routes). A path is compared exactly as sent, so no other spelling reaches better-auth.
 */
export const AUTH_ENDPOINTS: readonly { method: 'GET' | 'POST'; path: string | RegExp }[] = [
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'POST', path: '/request-password-reset' },
  { method: 'GET', path: /^\/reset-password\/[A-Za-z0-9_-]{1,256}$/ },
  { method: 'POST', path: '/reset-password' },
  { method: 'POST', path: '/change-password' },
  { method: 'POST', path: '/update-user' },
  { method: 'POST', path: '/send-verification-email' },
  { method: 'GET', path: '/verify-email' },
];

export function isOpenAuthEndpoint(method: string, path: string): boolean {
  return AUTH_ENDPOINTS.some(
    (endpoint) =>
      endpoint.method === method &&
      (typeof endpoint.path === 'string' ? endpoint.path === path : endpoint.path.test(path)),
  );
}

/** Where the verification link lands: the account page, which thanks the member (or says the link failed). */
