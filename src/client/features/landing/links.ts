/**
 * Where the landing page's buttons lead. Sign-in starts at /api/login (docs/product.md, "What it
 * is and for whom"); the buttons for newcomers open it on account creation, so nobody new is
 * greeted with "Welcome back" (the screen links to sign-in for those who have an account).
 */
export const JOIN_URL = '/api/login?intent=join';
/** Account creation, then the library. */
export const EXPLORE_URL = `/api/login?intent=join&returnTo=${encodeURIComponent('/library')}`;
/**
 * Account creation, then /subscribe with this plan chosen (`?plan=month` or `?plan=year`): the
 * landing card's Monthly and Annual choices, when the operator sells an annual plan.
 */
export const joinAndSubscribeUrl = (interval: 'month' | 'year') =>
  `/api/login?intent=join&returnTo=${encodeURIComponent(`/subscribe?plan=${interval}`)}`;
