import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage, isUnauthorizedError } from '@client/lib/api';
import { i18n } from '@client/lib/i18n';
import { browser, loginUrl } from '../browser';

// The toasts speak through `i18n`: the screens that call them have loaded `subscriptions`.

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
  toast({
    variant: 'destructive',
    title: i18n._('subscriptions.toast.authRequired'),
    description: i18n._('subscriptions.toast.signInToSubscribe'),
  });
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
  explainFailure(
    error,
    i18n._('subscriptions.toast.checkoutUnavailable'),
    i18n._('subscriptions.toast.checkoutFailed'),
  );
}

export function explainMissingCheckoutUrl(): void {
  toast({
    variant: 'destructive',
    title: i18n._('subscriptions.toast.checkoutUnavailable'),
    description: i18n._('subscriptions.toast.noCheckoutUrl'),
  });
}

/** Any other billing action (portal, cancel): the server's message, else the screen's own sentence. */
export function explainBillingFailure(error: unknown, fallback: string): void {
  explainFailure(error, i18n._('subscriptions.toast.somethingWentWrong'), fallback);
}
