import { BreathingCircle } from '@client/components/breathing-circle';
import { IconCircle } from '@client/components/content/icon-circle';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';
import { i18n, useNamespace } from '@client/lib/i18n';
import { CircleCheck, House } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSyncSubscriptionStatus } from '../api/premium-changes';
import { isSignedOutError, sendToSignIn } from './subscription-toasts';

/** docs/product.md, "Constants and limits": the member goes home this long after a successful sync. */
export const CHECKOUT_RETURN_REDIRECT_MS = 2000;

export type CheckoutReturn =
  | { state: 'idle' }
  | { state: 'syncing' }
  | { state: 'success'; message: string }
  | { state: 'failed'; message: string };

/**
 * docs/product.md, "States and transitions" (Checkout return): with success=true in the address, sync the subscription
 * status once, then drop the parameter; when the sync reports success, go home after 2 seconds.
 */
export function useCheckoutReturn(): { outcome: CheckoutReturn; retry: () => void } {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const sync = useSyncSubscriptionStatus();
  // Read once: the parameter is removed from the address while the outcome stays on screen.
  const [initialSearch] = useState(search);
  const isReturn = new URLSearchParams(initialSearch).get('success') === 'true';
  const [outcome, setOutcome] = useState<CheckoutReturn>(isReturn ? { state: 'syncing' } : { state: 'idle' });
  const hasStarted = useRef(false);
  const isMounted = useRef(true);

  const removeSuccessParam = useCallback(() => {
    if (!isMounted.current) return;
    const params = new URLSearchParams(initialSearch);
    params.delete('success');
    const rest = params.toString();
    navigate(rest ? `${path}?${rest}` : path, { replace: true });
  }, [initialSearch, navigate, path]);

  const run = useCallback(async () => {
    setOutcome({ state: 'syncing' });
    try {
      // mutateAsync settles even if the strict-mode remount has replaced the observer.
      const result = await sync.mutateAsync();
      if (result.success) {
        toast({
          title: i18n._('subscriptions.return.success'),
          description: i18n._('subscriptions.return.successToast'),
        });
        setOutcome({ state: 'success', message: result.message });
      } else {
        setOutcome({ state: 'failed', message: result.message || i18n._('subscriptions.return.syncFailed') });
      }
    } catch (error) {
      if (isSignedOutError(error)) sendToSignIn();
      setOutcome({
        state: 'failed',
        message: getErrorMessage(error) ?? i18n._('subscriptions.return.syncFailed'),
      });
    } finally {
      removeSuccessParam();
    }
  }, [sync.mutateAsync, removeSuccessParam]);

  useEffect(() => {
    isMounted.current = true;
    // Strict mode runs effects twice; the ref keeps it to one sync per visit.
    if (isReturn && !hasStarted.current) {
      hasStarted.current = true;
      void run();
    }
    return () => {
      isMounted.current = false;
    };
  }, [isReturn, run]);

  useEffect(() => {
    if (outcome.state !== 'success') return;
    const timer = setTimeout(() => navigate('/'), CHECKOUT_RETURN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome.state, navigate]);

  return { outcome, retry: () => void run() };
}

/** What the member sees while the payment is confirmed, and once it is. */
export function CheckoutReturnPanel({ outcome }: { outcome: CheckoutReturn }) {
  const i18n = useNamespace('subscriptions');
  if (outcome.state === 'syncing') {
    return (
      <Card role="status" className="flex flex-col items-center gap-4 px-6 py-14 text-center">
        <BreathingCircle size="md" />
        <h2 className="font-display font-medium text-2xl tracking-tight">
          {i18n._('subscriptions.return.confirming')}
        </h2>
        <p className="max-w-sm text-muted-foreground">{i18n._('subscriptions.return.confirmingText')}</p>
      </Card>
    );
  }
  if (outcome.state !== 'success') return null;
  return (
    <Card
      role="status"
      className="flex flex-col items-center gap-4 bg-[radial-gradient(circle_at_50%_0%,var(--color-sage-soft),transparent_70%)] px-6 py-14 text-center"
    >
      <IconCircle icon={CircleCheck} size="xl" />
      <h2 className="font-display font-medium text-3xl tracking-tight">
        {i18n._('subscriptions.return.success')}
      </h2>
      <p className="max-w-md text-lg text-muted-foreground">{i18n._('subscriptions.return.welcome')}</p>
      <p className="text-muted-foreground text-sm">{i18n._('subscriptions.return.takingHome')}</p>
      <LinkButton href="/" icon={House} variant="outline" className="mt-2">
        {i18n._('subscriptions.return.goHome')}
      </LinkButton>
    </Card>
  );
}
