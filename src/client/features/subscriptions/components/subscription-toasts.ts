import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage, isUnauthorizedError } from '@client/lib/api';
import { browser, loginUrl } from '../browser';

/** docs/product.md, "Errors shown" (Checkout). */
export const CHECKOUT_MESSAGES = {
  noUrl: 'No checkout URL received. Please try again.',
  failed: 'Failed to create checkout. Please try again.',
} as const;

/** docs/product.md, "Validation" (Signed-out attempts). */
export const SIGN_IN_TO_SUBSCRIBE = 'Please sign in to start your subscription.';

/** docs/product.md, "Constants and limits": an auth failure waits this long before going to sign-in, so the toast is read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** The session has ended (or never began): a 401, whatever its wording. */
export function isSignedOutError(error: unknown): boolean {
  return isUnauthorizedError(error);
}

/**
 * docs/product.md, "Errors shown" (Signed-out on subscribe): a toast 'Authentication Required', then sign-in,
 * coming back to `returnTo`. Returns a function that cancels the redirect.
 */
export function sendToSignIn(returnTo = '/subscribe'): () => void {
  toast({ variant: 'destructive', title: 'Authentication Required', description: SIGN_IN_TO_SUBSCRIBE });
  const timer = setTimeout(() => browser.assign(loginUrl(returnTo)), LOGIN_REDIRECT_DELAY_MS);
  return () => clearTimeout(timer);
}

/**
 * A billing request that failed: a signed-out member goes to sign in; anyone else reads `title`
 * and the server's message, else `fallback`.
 */
function explainFailure(error: unknown, title: string, fallback: string): void {
  if (isSignedOutError(error)) {
    sendToSignIn();
    return;
  }
  toast({ variant: 'destructive', title, description: getErrorMessage(error) ?? fallback });
}

/** docs/product.md, "Errors shown": a checkout that could not start. */
export function explainCheckoutFailure(error: unknown): void {
  explainFailure(error, 'Checkout unavailable', CHECKOUT_MESSAGES.failed);
}

export function explainMissingCheckoutUrl(): void {
  toast({ variant: 'destructive', title: 'Checkout unavailable', description: CHECKOUT_MESSAGES.noUrl });
}

/** Any other billing action (portal, cancel): the server's message, else the screen's own sentence. */
export function explainBillingFailure(error: unknown, fallback: string): void {
  explainFailure(error, 'Something went wrong', fallback);
}
