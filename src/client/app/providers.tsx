import { useToast } from '@client/components/ui/use-toast';
import { UpdateBanner } from '@client/features/pwa/components/update-banner';
import { queryClient } from '@client/lib/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';

// Radix's toast machinery was about a tenth of the first bundle; it now loads once the page has
// loaded and the browser is idle, or with an earlier toast (docs/decisions/051). Radix announces
// each toast itself when it mounts.
const Toaster = lazy(() =>
  import('@client/components/ui/toaster').then(({ Toaster }) => ({ default: Toaster })),
);

/** True once the page has loaded and the browser has had an idle moment. */
function useIdleAfterLoad(): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
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
  }, []);
  return isIdle;
}

/** The toaster: mounted after load, or at once for a toast raised before that (it then stays). */
function ToasterOnDemand() {
  const { toasts } = useToast();
  const isIdle = useIdleAfterLoad();
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
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnDemand />
      <UpdateBanner />
    </QueryClientProvider>
  );
}
