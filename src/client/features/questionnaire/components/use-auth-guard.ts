import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { useNamespace } from '@client/lib/i18n';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

export const AUTH_REDIRECT_DELAY_MS = 500;

/**
 * docs/product.md, "Roles and permissions": a signed-out visit to results, dashboard or history gets a destructive toast
 * 'Authentication Required' and a redirect to / after 500 ms. Routing already shows not-found to
 * signed-out visitors, so this is a second line of defence. Returns whether the screen may load.
 */
export function useAssessmentAuthGuard(what: 'results' | 'dashboard' | 'history'): {
  ready: boolean;
} {
  const { authState } = useCurrentUser();
  const i18n = useNamespace('questionnaire');
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (authState !== 'signedOut') return;
    toast({
      variant: 'destructive',
      title: i18n._('questionnaire.auth.title'),
      description:
        what === 'results'
          ? i18n._('questionnaire.auth.results')
          : what === 'dashboard'
            ? i18n._('questionnaire.auth.dashboard')
            : i18n._('questionnaire.auth.history'),
    });
    const timer = setTimeout(() => navigateRef.current('/'), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [authState, what, i18n]);

  return { ready: authState === 'signedIn' };
}
