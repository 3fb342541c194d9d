import { toast, useToast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { UpdateBanner } from '@client/features/pwa/components/update-banner';
import { setRateLimitNotice } from '@client/lib/api';
import { i18n } from '@client/lib/i18n';
import { queryClient } from '@client/lib/query-client';
import { SiteProvider } from '@client/lib/site';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';

// Radix's toast machinery was about a tenth of the first bundle; it now loads once a member's page
// has loaded and the browser is idle (it shares code with the member screens, so a visitor's
// landing page does not fetch it), or with any earlier toast (docs/decisions/051). Radix announces
// each toast itself when it mounts.
const Toaster = lazy(() =>
  import('@client/components/ui/toaster').then(({ Toaster }) => ({ default: Toaster })),
);

// The API client (src/client/lib, below the components) tells a write limit (429) as a toast.
setRateLimitNotice(toast);

/** True once the page has loaded and the browser has had an idle moment. */
function useIdleAfterLoad(isWanted: boolean): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    if (!isWanted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(() => setIsIdle(true), { timeout: 2000 });
      } else {
        timer = setTimeout(() => setIsIdle(true), 200);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (timer !== undefined) clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [isWanted]);
  return isIdle;
}

/** The toaster: for a member once idle after load, else with the first toast (it then stays). */
function ToasterOnDemand() {
  const { toasts } = useToast();
  const { authState } = useCurrentUser();
  const isIdle = useIdleAfterLoad(authState === 'signedIn');
  const [hasToasted, setHasToasted] = useState(false);
  if (toasts.length > 0 && !hasToasted) setHasToasted(true);
  return isIdle || hasToasted || toasts.length > 0 ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SiteProvider>
          {children}
          <ToasterOnDemand />
          <UpdateBanner />
        </SiteProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
